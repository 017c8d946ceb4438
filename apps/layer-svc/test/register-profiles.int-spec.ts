import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, runAppCli, type TestDatabase } from '@lp/testing';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RCN_PROFILES } from '../src/refresh/profiles/registers/rcn.profiles.js';
import { alteredCopy, profileFile, refreshThroughProfile, REGISTERS } from './register-cli.js';

/**
 * Each register's profile loads its fixture (the register's own published format) through the
 * layers CLI into PostGIS; the served rows are checked with plain PostGIS against the fixture. The
 * fixture template already serves every layer, so partial fixtures are loaded with --allow-shrink.
 */
describe('public registers loaded through their source profiles', () => {
  let db: TestDatabase;
  const served = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => db.sql<T>(sql, params);
  const version = async (layer: string): Promise<number> => (await served<{ version: number }>(`SELECT version FROM layer.layer_state WHERE layer_id = $1`, [layer]))[0]!.version;
  const load = (layer: string, profile: string, source: string) => refreshThroughProfile(db.url, layer, profile, source, ['--allow-shrink']);
  const PRG = join(REGISTERS, 'prg', '00_jednostki_administracyjne.zip');
  const EGIB = join(REGISTERS, 'egib', 'dzialki.gml');

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('PRG: voivodeship, powiats and gminas from the shapefile zip, each TERYT as text at its level', async () => {
    const run = await load('admin_bounds', 'prg-admin-units', PRG);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const units = await served(`SELECT id, kind, name, teryt, unit_type, parent_teryt FROM layer_pub.admin_bounds ORDER BY id`);
    expect(units).toEqual([
      { id: '30', kind: 'voivodeship', name: 'wielkopolskie', teryt: '30', unit_type: 'województwo', parent_teryt: null },
      { id: '3021', kind: 'powiat', name: 'poznański', teryt: '3021', unit_type: 'powiat', parent_teryt: '30' },
      { id: '3021011', kind: 'gmina', name: 'Luboń', teryt: '3021011', unit_type: 'gmina miejska', parent_teryt: '3021' },
      { id: '3021072', kind: 'gmina', name: 'Komorniki', teryt: '3021072', unit_type: 'gmina wiejska', parent_teryt: '3021' },
      { id: '3064', kind: 'powiat', name: 'Poznań', teryt: '3064', unit_type: 'miasto na prawach powiatu', parent_teryt: '30' },
      { id: '3064011', kind: 'gmina', name: 'Poznań', teryt: '3064011', unit_type: 'gmina miejska', parent_teryt: '3064' },
    ]);
    // Luboń is a 5 km square in the fixture, in EPSG:2180 as PRG publishes it.
    const [lubon] = await served<{ area: number }>(`SELECT round(ST_Area(geom)) AS area FROM layer_pub.admin_bounds WHERE id = '3021011'`);
    expect(Number(lubon!.area)).toBe(25_000_000);
  });

  it('PRG: cadastral units and precincts, with the gmina of a rural unit from its id', async () => {
    const run = await load('cadastral_units', 'prg-cadastral-units', PRG);
    expect(run.code).toBe(0);
    const rows = await served(`SELECT id, kind, code, teryt FROM layer_pub.cadastral_units ORDER BY id`);
    expect(rows).toEqual([
      { id: '302101_1', kind: 'cadastral_unit', code: '302101_1', teryt: '3021011' },
      { id: '302101_1.0002', kind: 'precinct', code: '302101_1.0002', teryt: '3021011' },
      { id: '302107_2', kind: 'cadastral_unit', code: '302107_2', teryt: '3021072' },
      { id: '302107_2.0005', kind: 'precinct', code: '302107_2.0005', teryt: '3021072' },
    ]);
  });

  it('RCN: a saved ms:lokale answer (MapServer GML, EPSG:2180 northing first) loads with the gmina from the premises id', async () => {
    const run = await load('lokale', 'rcn-lokale', join(REGISTERS, 'rcn', 'lokale.gml'));
    expect(run.code).toBe(0);
    const rows = await served(`SELECT id, kind, teryt, date::text AS date, price_pln, area_sqm, price_per_sqm_pln, floor::int AS floor, rooms::int AS rooms, market FROM layer_pub.lokale ORDER BY id`);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({
      id: '5C0E8D1A-2F3B-4C6D-9E10-0A1B2C3D4E01/306401_1.0012.118/3_BUD.4_LOK',
      kind: 'primary_market',
      teryt: '3064011',
      date: '2024-10-02',
      price_pln: 612000, // lok_cena_brutto is empty: the transaction's price
      area_sqm: 58.2,
      price_per_sqm_pln: 10515.46,
      floor: 3,
      rooms: 3,
      market: 'primary',
    });
    // Two premises of one transaction are two rows, each with its own price.
    expect(rows.filter((row) => String(row['id']).startsWith('5C0E8D1A-2F3B-4C6D-9E10-0A1B2C3D4E03/')).map((row) => row['price_pln'])).toEqual([510000, 510000]);
    // The powiat 0617 keeps its leading zero in the gmina code.
    expect(rows.find((row) => String(row['id']).endsWith('061701_1.0001.2262_BUD.108_LOK'))).toMatchObject({ teryt: '0617011', kind: 'primary_market' });
    // gml:pos is northing easting: read the other way round the point would be 380 km away.
    const [placed] = await served<{ off: number }>(
      `SELECT ST_Distance(geom, ST_SetSRID(ST_MakePoint(758653.828868, 378176.102614), 2180)) AS off FROM layer_pub.lokale WHERE id LIKE '%061701_1.0001.2262_BUD.108_LOK'`,
    );
    expect(Number(placed!.off)).toBeLessThan(0.01);
  });

  it('RCN: a powiat code mapped into a gmina field is refused by name, and the served version stays', async () => {
    const before = await version('lokale');
    const lokale = RCN_PROFILES.find((profile) => profile.id === 'rcn-lokale')!;
    const misMapped = profileFile({ ...lokale, id: 'rcn-lokale-teryt-as-published', map: { ...lokale.map, teryt: { field: 'teryt' } } });
    const run = await load('lokale', misMapped, join(REGISTERS, 'rcn', 'lokale.gml'));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('teryt of lokale must be a 7-digit TERYT code');
    expect(run.stderr).toMatch(/gives 4-digit codes \(3 distinct, e\.g\. 0617, 3021, 3064\)/);
    expect(await version('lokale')).toBe(before);
    expect((await served(`SELECT count(*)::int AS n FROM layer_pub.lokale`))[0]).toEqual({ n: 6 });
  });

  it('RCN: a saved ms:dzialki answer loads each sold parcel as its point, area from the polygon whatever unit dzi_pow_ewid is in', async () => {
    const run = await load('transactions', 'rcn-transactions', join(REGISTERS, 'rcn', 'dzialki.gml'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const rows = await served(
      `SELECT id, kind, property_type, date::text AS date, price_pln, area_sqm, price_per_sqm_pln, parcel_id, teryt, GeometryType(geom) AS shape FROM layer_pub.transactions ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        id: '7A1F0C22-91D4-4B2E-8C55-3E9D0B6A7F11/302107_2.0005.54/11', kind: 'land', property_type: 'land', date: '2025-03-14', price_pln: 450000, area_sqm: 15000,
        price_per_sqm_pln: 30, parcel_id: '302107_2.0005.54/11', teryt: '3021072', shape: 'POINT',
      },
      {
        id: '7A1F0C22-91D4-4B2E-8C55-3E9D0B6A7F12/302101_1.0002.301/5', kind: 'building', property_type: 'building', date: '2025-06-02', price_pln: 925000, area_sqm: 1250,
        price_per_sqm_pln: 740, parcel_id: '302101_1.0002.301/5', teryt: '3021011', shape: 'POINT',
      },
      {
        id: '7A1F0C22-91D4-4B2E-8C55-3E9D0B6A7F12/302101_1.0002.302', kind: 'building', property_type: 'building', date: '2025-06-02', price_pln: 925000, area_sqm: 600,
        price_per_sqm_pln: 1541.67, parcel_id: '302101_1.0002.302', teryt: '3021011', shape: 'POINT',
      },
    ]);
    // Each point lies within its parcel's square of the fixture (gml:posList northing easting).
    const [placed] = await served<{ on: number }>(
      `SELECT count(*)::int AS on FROM layer_pub.transactions t
         JOIN (VALUES ('302107_2.0005.54/11', 340000, 496000, 340150, 496100), ('302101_1.0002.301/5', 347000, 497500, 347025, 497550),
                      ('302101_1.0002.302', 347025, 497500, 347045, 497530)) AS s(parcel, e0, n0, e1, n1)
           ON s.parcel = t.parcel_id AND ST_Within(t.geom, ST_MakeEnvelope(e0, n0, e1, n1, 2180))`,
    );
    expect(placed).toEqual({ on: 3 });
  });

  it('APP: general-plan zones (app:StrefaPlanistyczna, EPSG:2177) with their xlink status, kind by symbol and parameters', async () => {
    const run = await load('plan_ogolny_zones', 'app-plan-ogolny-zones', join(REGISTERS, 'app', 'StrefaPlanistyczna.gml'));
    expect(run.code).toBe(0);
    const zones = await served(
      `SELECT id, kind, name, zone_symbol, status, allows_building, plan_id, teryt, max_height_m, max_building_coverage_pct, round(ST_Area(geom)) AS area
         FROM layer_pub.plan_ogolny_zones ORDER BY id`,
    );
    expect(zones.map((zone) => [zone['id'], zone['kind'], zone['zone_symbol'], zone['status'], zone['allows_building']])).toEqual([
      ['PL.ZIPPZP.4177/306401-POG/1POG-1SW', 'multifunctional_multi_family', 'SW', 'in_force', true],
      ['PL.ZIPPZP.4177/306401-POG/1POG-2SJ', 'multifunctional_single_family', 'SJ', 'in_force', true],
      ['PL.ZIPPZP.4177/306401-POG/1POG-3SU', 'services', 'SU', 'in_force', true],
      ['PL.ZIPPZP.4177/306401-POG/1POG-4SN', 'green_recreation', 'SN', 'in_force', false],
    ]);
    expect(zones[1]).toMatchObject({ name: 'strefa wielofunkcyjna z zabudową mieszkaniową jednorodzinną', plan_id: 'PL.ZIPPZP.4177/306401-POG', teryt: '3064011', max_height_m: 10.5, max_building_coverage_pct: 35 });
    // Each zone is 1 km by 1 km in PUWG 2000 zone 6; in EPSG:2180 the same square measures within 0.2 %.
    for (const zone of zones) expect(Math.abs(Number(zone['area']) - 1_000_000)).toBeLessThan(2_000);
  });

  it('APP: a .gfs schema left beside the file by an earlier read without the profile does not hide the xlink attributes', async () => {
    const copy = alteredCopy(join(REGISTERS, 'app', 'StrefaPlanistyczna.gml'), (bytes) => bytes);
    // A plain read (no profile) makes GDAL write copy.gfs without the xlink fields.
    await runAppCli('layer-svc', 'refresh/layers.cli.js', ['refresh', 'plan_ogolny_zones', '--source', copy], { databaseUrl: db.url, timeoutMs: 120_000 });
    expect(existsSync(copy.replace(/\.gml$/, '.gfs'))).toBe(true);
    const run = await load('plan_ogolny_zones', 'app-plan-ogolny-zones', copy);
    expect(run.stderr).toBe('');
    expect((await served(`SELECT DISTINCT status FROM layer_pub.plan_ogolny_zones`))).toEqual([{ status: 'in_force' }]);
  });

  it('APP: local-plan boundaries (app:AktPlanowaniaPrzestrzennego), and a general plan refused by its kind', async () => {
    const run = await load('mpzp_plans', 'app-local-plans', join(REGISTERS, 'app', 'AktPlanowaniaPrzestrzennego-mpzp.gml'));
    expect(run.code).toBe(0);
    const plans = await served(`SELECT id, kind, plan_id, plan_name, adopted_on::text AS adopted_on, legal_status, teryt FROM layer_pub.mpzp_plans ORDER BY id`);
    expect(plans).toEqual([
      { id: 'PL.ZIPPZP.4177/306401-MPZP/P_Mau', kind: 'local_plan', plan_id: 'PL.ZIPPZP.4177/306401-MPZP', plan_name: 'Mpzp obszaru "Fixture-Północ" w Poznaniu', adopted_on: '2017-08-19', legal_status: 'in_force', teryt: '3064011' },
      { id: 'PL.ZIPPZP.4177/306401-MPZP/P_Wil', kind: 'local_plan', plan_id: 'PL.ZIPPZP.4177/306401-MPZP', plan_name: 'Mpzp "Fixture-Wilda" w Poznaniu', adopted_on: '2020-04-15', legal_status: 'in_force', teryt: '3064011' },
    ]);
    const before = await version('mpzp_plans');
    const general = await load('mpzp_plans', 'app-local-plans', join(REGISTERS, 'app', 'AktPlanowaniaPrzestrzennego-pog.gml'));
    expect(general.code).toBe(1);
    expect(general.stderr).toContain('with a kind (planOgolnyGminy) outside local_plan');
    expect(await version('mpzp_plans')).toBe(before);
  });

  it('EGiB: parcels from a saved ms:dzialki answer; area from the register in hectares, or from the geometry', async () => {
    const run = await load('parcels', 'egib-parcels', EGIB);
    expect(run.code).toBe(0);
    const parcels = await served(`SELECT id, parcel_number, precinct_id, teryt, area_sqm, land_use_classes, round(ST_Area(geom))::int AS geometry_area FROM layer_pub.parcels ORDER BY id`);
    expect(parcels).toEqual([
      { id: '302101_1.0002.301/5', parcel_number: '301/5', precinct_id: '302101_1.0002', teryt: '3021011', area_sqm: 1250, land_use_classes: 'B', geometry_area: 1250 },
      { id: '302101_1.0002.302', parcel_number: '302', precinct_id: '302101_1.0002', teryt: '3021011', area_sqm: 600, land_use_classes: 'B,dr', geometry_area: 600 },
      { id: '302107_2.0005.54/11', parcel_number: '54/11', precinct_id: '302107_2.0005', teryt: '3021072', area_sqm: 15000, land_use_classes: 'R IIIa,R IVa', geometry_area: 15000 },
      { id: '302107_2.0005.AR_3.55', parcel_number: '55', precinct_id: '302107_2.0005', teryt: '3021072', area_sqm: 2000, land_use_classes: null, geometry_area: 2000 },
    ]);
    // The map sheet is part of the EGiB id of a parcel drawn on one; the others have none.
    const sheets = await served(`SELECT id, map_sheet FROM layer_pub.parcels WHERE map_sheet IS NOT NULL ORDER BY id`);
    expect(sheets).toEqual([{ id: '302107_2.0005.AR_3.55', map_sheet: 'AR_3' }]);
  });

  it('EGiB: a source without a column the profile maps is refused naming it and what the source has', async () => {
    const before = await version('parcels');
    const withoutNumber = alteredCopy(EGIB, (bytes) => bytes.toString('utf8').replace(/\s*<ms:NUMER_DZIALKI>[^<]*<\/ms:NUMER_DZIALKI>/g, ''));
    const run = await load('parcels', 'egib-parcels', withoutNumber);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('egib-parcels: the source has no column NUMER_DZIALKI, which the profile maps');
    expect(run.stderr).toMatch(/the source has: gml_id, ID_DZIALKI, NAZWA_OBREBU, /);
    expect(run.stderr).not.toContain('null value in column');
    expect(await version('parcels')).toBe(before);
  });

  it('EGiB: one page of a bigger WFS answer is refused instead of served as the whole register', async () => {
    const page = alteredCopy(EGIB, (bytes) => bytes.toString('utf8').replace('numberMatched="unknown"', 'numberMatched="1000"'));
    const run = await load('parcels', 'egib-parcels', page);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('dzialki.gml is one page of a WFS answer (4 of 1000 features); harvest the service instead');
  });

  it('EGiB: buildings from a saved ms:budynki answer; kind by KŚT group and storeys, gmina from the building id', async () => {
    const run = await load('buildings', 'egib-buildings', join(REGISTERS, 'egib', 'budynki.gml'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const buildings = await served(
      `SELECT id, kind, function, floors::int AS floors, floors_underground::int AS floors_underground, area_sqm, status, teryt, round(ST_Area(geom))::int AS geometry_area
         FROM layer_pub.buildings ORDER BY id`,
    );
    expect(buildings).toEqual([
      { id: '302101_1.0002.55_BUD', kind: 'single_family', function: 'budynki mieszkalne', floors: 2, floors_underground: 1, area_sqm: 120, status: 'existing', teryt: '3021011', geometry_area: 120 },
      { id: '302101_1.0002.56_BUD', kind: 'multi_family', function: 'budynki mieszkalne', floors: 4, floors_underground: null, area_sqm: 300, status: 'existing', teryt: '3021011', geometry_area: 300 },
      {
        id: '302107_2.0005.AR_3.12_BUD', kind: 'agricultural', function: 'budynki produkcyjne, usługowe i gospodarcze dla rolnictwa', floors: 1, floors_underground: null, area_sqm: 1200,
        status: 'existing', teryt: '3021072', geometry_area: 1200,
      },
      { id: '302107_2.0005.AR_3.13_BUD', kind: 'other', function: 'inne budynki niemieszkalne', floors: 1, floors_underground: null, area_sqm: 120, status: 'existing', teryt: '3021072', geometry_area: 120 },
    ]);
    // The house stands on parcel 301/5 of the EGiB fixture, read in the same axis order.
    const [onParcel] = await served<{ within: boolean }>(
      `SELECT ST_Within(b.geom, p.geom) AS within FROM layer_pub.buildings b, layer_pub.parcels p WHERE b.id = '302101_1.0002.55_BUD' AND p.id = '302101_1.0002.301/5'`,
    );
    expect(onParcel).toEqual({ within: true });
  });

  it('EGiB: a building whose RODZAJ is no KŚT group is refused by its kind, and the served version stays', async () => {
    const before = await version('buildings');
    const unknownGroup = alteredCopy(join(REGISTERS, 'egib', 'budynki.gml'), (bytes) => bytes.toString('utf8').replace('<ms:RODZAJ>inne budynki niemieszkalne</ms:RODZAJ>', '<ms:RODZAJ>altana</ms:RODZAJ>'));
    const run = await load('buildings', 'egib-buildings', unknownGroup);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('altana|1');
    expect(await version('buildings')).toBe(before);
  });

  it('GUNB: building permits from the CSV zip, placed on their served parcels; a permit on an unknown parcel is reported', async () => {
    const run = await load('gunb_permits', 'gunb-permits', join(REGISTERS, 'gunb', 'wynik_wielkopolskie.zip'));
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('1 of 3 rows name parcels the parcels layer does not serve and were left out (e.g. WO-PZ/WNIOSEK/11203/2025/302107_2.0005.999/1)');
    const permits = await served(
      `SELECT g.id, g.kind, g.decided_on::text AS decided_on, g.building_category, g.intended_use, g.teryt, ST_Within(g.geom, p.geom) AS on_parcel
         FROM layer_pub.gunb_permits g JOIN layer_pub.parcels p ON p.id = g.parcel_ids ORDER BY g.id`,
    );
    expect(permits).toEqual([
      {
        id: 'WO-PZ/WNIOSEK/11201/2025/302101_1.0002.301/5', kind: 'building_permit', decided_on: '2025-04-02', building_category: 'XIII',
        intended_use: 'Budowa budynku mieszkalnego wielorodzinnego\nz garażem podziemnym', teryt: '3021011', on_parcel: true,
      },
      {
        id: 'WO-PZ/WNIOSEK/11202/2025/302107_2.0005.54/11', kind: 'building_permit', decided_on: '2025-05-20', building_category: 'I',
        intended_use: 'Budowa budynku mieszkalnego jednorodzinnego', teryt: '3021072', on_parcel: true,
      },
    ]);
  });

  it('GUNB: the same CSV in CP1250 is refused as not the UTF-8 the register publishes, and the served version stays', async () => {
    const before = await version('gunb_permits');
    const cp1250 = cp1250Copy(join(REGISTERS, 'gunb', 'wynik_wielkopolskie.zip'));
    const run = await load('gunb_permits', 'gunb-permits', cp1250);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('gunb-permits: wynik_wielkopolskie.csv is not UTF-8 text, which the profile states');
    expect(await version('gunb_permits')).toBe(before);
  });

  it('a corrupt zip is reported as one, and the served version stays', async () => {
    const before = await version('admin_bounds');
    const cut = alteredCopy(PRG, (bytes) => bytes.subarray(0, Math.floor(bytes.length / 2)));
    const run = await load('admin_bounds', 'prg-admin-units', cut);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('prg-admin-units: 00_jednostki_administracyjne.zip is not a readable zip archive');
    expect(await version('admin_bounds')).toBe(before);
    expect((await served(`SELECT count(*)::int AS n FROM layer_pub.admin_bounds`))[0]).toEqual({ n: 6 });
  });
});

/** The fixture's zip with its CSV re-encoded to CP1250 (Windows-1250), zipped again as GUNB zips it. */
function cp1250Copy(zip: string): string {
  const text = execFileSync('unzip', ['-p', zip]).toString('utf8').replace(/^\uFEFF/, '');
  const table: Record<string, number> = { ą: 0xb9, ć: 0xe6, ę: 0xea, ł: 0xb3, ń: 0xf1, ó: 0xf3, ś: 0x9c, ź: 0x9f, ż: 0xbf, Ą: 0xa5, Ć: 0xc6, Ę: 0xca, Ł: 0xa3, Ń: 0xd1, Ó: 0xd3, Ś: 0x8c, Ź: 0x8f, Ż: 0xaf };
  const dir = mkdtempSync(join(tmpdir(), 'lp-cp1250-'));
  writeFileSync(join(dir, 'wynik_wielkopolskie.csv'), Buffer.from([...text].map((char) => table[char] ?? char.charCodeAt(0))));
  execFileSync('zip', ['-X', '-q', 'wynik_wielkopolskie.zip', 'wynik_wielkopolskie.csv'], { cwd: dir });
  return join(dir, 'wynik_wielkopolskie.zip');
}
