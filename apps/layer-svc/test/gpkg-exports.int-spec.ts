import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import { join } from 'node:path';
import { gpkgExportZip } from './gpkg-export.js';
import { alteredCopy, refreshThroughProfile, REGISTERS } from './register-cli.js';

/**
 * GUGiK's GeoPackage exports per powiat (RCN `<powiat>_transakcje_ceny.gpkg.zip`, EGiB
 * `eziudp_wfs/GPKG/<powiat>.gpkg.zip`) loaded through their profiles by the layers CLI, as parts
 * and whole; the GeoPackages are built by ogr2ogr from the committed CSV of each table
 * (fixtures/registers/rcn-gpkg, egib-gpkg). PRG is loaded first so the parts have their gminas.
 */
describe("GUGiK's GeoPackage exports loaded through their source profiles", () => {
  let db: TestDatabase;
  const served = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => db.sql<T>(sql, params);
  const version = async (layer: string): Promise<number> =>
    (await served<{ version: number }>(`SELECT version FROM layer.layer_state WHERE layer_id = $1`, [layer]))[0]!.version;
  const RCN = join(REGISTERS, 'rcn-gpkg');
  const EGIB = join(REGISTERS, 'egib-gpkg');
  const rcnZip = (powiat: string, alter?: string[]) =>
    gpkgExportZip(RCN, `${powiat}_transakcje_ceny.gpkg.zip`, { gpkg: `${powiat}_transakcje_ceny.gpkg`, where: `teryt = '${powiat}'`, alter });
  const egibZip = (powiat: string, alter?: string[]) => gpkgExportZip(EGIB, `${powiat}.gpkg.zip`, { gpkg: `${powiat}.gpkg`, alter });
  const byPart = (layer: string, part: string, profile: string, source: string) =>
    refreshThroughProfile(db.url, layer, profile, source, ['--part', part, '--allow-shrink']);

  beforeAll(async () => {
    db = await createTestDatabase();
    const prg = await refreshThroughProfile(db.url, 'admin_bounds', 'prg-admin-units', join(REGISTERS, 'prg', '00_jednostki_administracyjne.zip'), [
      '--allow-shrink',
    ]);
    expect(prg.code).toBe(0);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('RCN transakcje_lokale: the same rows as the WFS answer, dates from GeoPackage DateTimes, the 0617 powiat kept as text', async () => {
    const all = gpkgExportZip(RCN, 'all_transakcje_ceny.gpkg.zip', { gpkg: 'all_transakcje_ceny.gpkg' });
    const run = await refreshThroughProfile(db.url, 'lokale', 'rcn-lokale-gpkg', all, ['--allow-shrink']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const rows = await served(
      `SELECT id, kind, teryt, date::text AS date, price_pln, area_sqm, price_per_sqm_pln, floor::int AS floor, rooms::int AS rooms, market FROM layer_pub.lokale ORDER BY id`,
    );
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({
      id: '5C0E8D1A-2F3B-4C6D-9E10-0A1B2C3D4E01/306401_1.0012.118/3_BUD.4_LOK',
      kind: 'primary_market',
      teryt: '3064011',
      date: '2024-10-02',
      price_pln: 612000,
      area_sqm: 58.2,
      price_per_sqm_pln: 10515.46,
      floor: 3,
      rooms: 3,
      market: 'primary',
    });
    expect(rows.find((row) => String(row['id']).endsWith('061701_1.0001.2262_BUD.108_LOK'))).toMatchObject({ teryt: '0617011', date: '2024-10-03' });
    const [placed] = await served<{ off: number }>(
      `SELECT ST_Distance(geom, ST_SetSRID(ST_MakePoint(758653.828868, 378176.102614), 2180)) AS off FROM layer_pub.lokale WHERE id LIKE '%061701_1.0001.2262_BUD.108_LOK'`,
    );
    expect(Number(placed!.off)).toBeLessThan(0.01);
  });

  it('RCN transakcje_dzialki by powiat: part 3021 replaced, rows outside it unchanged, coverage of its gminas', async () => {
    const outside = `SELECT id, price_pln FROM layer_pub.transactions WHERE teryt NOT IN ('3021011', '3021072') OR teryt IS NULL ORDER BY id`;
    const before = await served(outside);
    const run = await byPart('transactions', '3021', 'rcn-transactions-gpkg', rcnZip('3021'));
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(await served(outside)).toEqual(before);
    const rows = await served(
      `SELECT id, kind, date::text AS date, price_pln, area_sqm, price_per_sqm_pln, parcel_id, teryt, GeometryType(geom) AS shape
         FROM layer_pub.transactions WHERE teryt IN ('3021011', '3021072') ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        id: '7A1F0C22-91D4-4B2E-8C55-3E9D0B6A7F11/302107_2.0005.54/11',
        kind: 'land',
        date: '2025-03-14',
        price_pln: 450000,
        area_sqm: 15000,
        price_per_sqm_pln: 30,
        parcel_id: '302107_2.0005.54/11',
        teryt: '3021072',
        shape: 'POINT',
      },
      {
        id: '7A1F0C22-91D4-4B2E-8C55-3E9D0B6A7F12/302101_1.0002.301/5',
        kind: 'building',
        date: '2025-06-02',
        price_pln: 925000,
        area_sqm: 1250,
        price_per_sqm_pln: 740,
        parcel_id: '302101_1.0002.301/5',
        teryt: '3021011',
        shape: 'POINT',
      },
      {
        id: '7A1F0C22-91D4-4B2E-8C55-3E9D0B6A7F12/302101_1.0002.302',
        kind: 'building',
        date: '2025-06-02',
        price_pln: 925000,
        area_sqm: 600,
        price_per_sqm_pln: 1541.67,
        parcel_id: '302101_1.0002.302',
        teryt: '3021011',
        shape: 'POINT',
      },
    ]);
    // Each point lies in its parcel's square of the export (MultiPolygons in EPSG:2180, easting first).
    const [placed] = await served<{ on: number }>(
      `SELECT count(*)::int AS on FROM layer_pub.transactions t
         JOIN (VALUES ('302107_2.0005.54/11', 340000, 496000, 340150, 496100), ('302101_1.0002.301/5', 347000, 497500, 347025, 497550),
                      ('302101_1.0002.302', 347025, 497500, 347045, 497530)) AS s(parcel, e0, n0, e1, n1)
           ON s.parcel = t.parcel_id AND ST_Within(t.geom, ST_MakeEnvelope(e0, n0, e1, n1, 2180))`,
    );
    expect(placed).toEqual({ on: 3 });
    const coverage = await served(`SELECT teryt, status FROM layer_pub.region_coverage WHERE layer_id = 'transactions' AND teryt LIKE '3021%' ORDER BY teryt`);
    // The powiat rolls up from its gminas.
    expect(coverage).toEqual([
      { teryt: '3021', status: 'available' },
      { teryt: '3021011', status: 'available' },
      { teryt: '3021072', status: 'available' },
    ]);
  });

  it('EGiB dzialki by powiat: parcels from the eziudp export, area from pole_ewidencyjne in hectares or the geometry', async () => {
    const run = await byPart('parcels', '3021', 'egib-parcels-gpkg', egibZip('3021'));
    expect([run.code, run.stderr]).toEqual([0, '']);
    const parcels = await served(
      `SELECT id, parcel_number, precinct_id, teryt, area_sqm, land_use_classes, round(ST_Area(geom))::int AS geometry_area FROM layer_pub.parcels WHERE teryt LIKE '3021%' ORDER BY id`,
    );
    expect(parcels).toEqual([
      {
        id: '302101_1.0002.301/5',
        parcel_number: '301/5',
        precinct_id: '302101_1.0002',
        teryt: '3021011',
        area_sqm: 1250,
        land_use_classes: 'B',
        geometry_area: 1250,
      },
      {
        id: '302101_1.0002.302',
        parcel_number: '302',
        precinct_id: '302101_1.0002',
        teryt: '3021011',
        area_sqm: 600,
        land_use_classes: 'B,dr',
        geometry_area: 600,
      },
      {
        id: '302107_2.0005.54/11',
        parcel_number: '54/11',
        precinct_id: '302107_2.0005',
        teryt: '3021072',
        area_sqm: 15000,
        land_use_classes: 'R IIIa,R IVa',
        geometry_area: 15000,
      },
      {
        id: '302107_2.0005.AR_3.55',
        parcel_number: '55',
        precinct_id: '302107_2.0005',
        teryt: '3021072',
        area_sqm: 2000,
        land_use_classes: null,
        geometry_area: 2000,
      },
    ]);
  });

  it('an export without a column the profile maps fails its part naming the column and what the export has; the part keeps its rows', async () => {
    const before = await version('parcels');
    const run = await byPart('parcels', '3021', 'egib-parcels-gpkg', egibZip('3021', ['ALTER TABLE dzialki DROP COLUMN numer_dzialki']));
    expect(run.code).toBe(1);
    // A part's failure is told in the run's report (stdout); stderr says the run failed.
    expect(run.stdout).toContain('egib-parcels-gpkg: the source has no column numer_dzialki, which the profile maps');
    expect(run.stdout).toMatch(/the source has: [^\n]*id_dzialki, nazwa_obrebu, /);
    expect(await version('parcels')).toBe(before);
    expect((await served(`SELECT count(*)::int AS n FROM layer_pub.parcels WHERE teryt LIKE '3021%'`))[0]).toEqual({ n: 4 });
  });

  it('a zip cut short, or one without the GeoPackage, is refused by name; the served version stays', async () => {
    const before = await version('lokale');
    const cut = alteredCopy(rcnZip('3021'), (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2)));
    const broken = await byPart('lokale', '3021', 'rcn-lokale-gpkg', cut);
    expect(broken.code).toBe(1);
    expect(broken.stdout).toContain('rcn-lokale-gpkg: 3021_transakcje_ceny.gpkg.zip is not a readable zip archive');
    const wrong = await byPart('lokale', '3021', 'rcn-lokale-gpkg', egibZip('3021'));
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toContain('rcn-lokale-gpkg: the zip 3021.gpkg.zip has no member matching *_transakcje_ceny.gpkg; it has: 3021.gpkg');
    expect(await version('lokale')).toBe(before);
  });
});
