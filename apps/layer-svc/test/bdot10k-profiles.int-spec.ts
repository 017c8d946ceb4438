import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, runAppCli, type TestDatabase } from '@lp/testing';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alteredCopy, refreshThroughProfile, REGISTERS } from './register-cli.js';

/**
 * BDOT10k's powiat package (schema 2021 GML zip, fixtures/registers/bdot10k) loaded through the
 * BDOT10k profiles by the layers CLI; the served rows are checked with plain PostGIS against the
 * fixture's features. PRG is loaded first so that each feature's gmina (taken from its geometry)
 * is one of the fixture's gminas.
 */
describe('BDOT10k powiat package loaded through its source profiles', () => {
  let db: TestDatabase;
  const served = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => db.sql<T>(sql, params);
  const version = async (layer: string): Promise<number> =>
    (await served<{ version: number }>(`SELECT version FROM layer.layer_state WHERE layer_id = $1`, [layer]))[0]!.version;
  const load = (layer: string, profile: string, source = PACKAGE) => refreshThroughProfile(db.url, layer, profile, source, ['--allow-shrink']);
  const PACKAGE = join(REGISTERS, 'bdot10k', '3064_GML.zip');
  const id = (n: number): string => `PL.PZGiK.994.BDOT10k/9b1c2d3e-4f50-4a61-8b72-${String(n).padStart(12, '0')}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    const prg = await load('admin_bounds', 'prg-admin-units', join(REGISTERS, 'prg', '00_jednostki_administracyjne.zip'));
    expect(prg.code).toBe(0);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('roads (OT_SKDR_L): kind by technical class, manager category, surface; a road under construction left out', async () => {
    const run = await load('roads', 'bdot10k-roads');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const roads = await served(
      `SELECT id, kind, road_number, road_category, surface, teryt, round(ST_Length(geom))::int AS length FROM layer_pub.roads ORDER BY id`,
    );
    expect(roads).toEqual([
      { id: id(101), kind: 'expressway', road_number: 'S5', road_category: 'national', surface: 'paved', teryt: '3021011', length: 3000 },
      { id: id(102), kind: 'local', road_number: null, road_category: 'gmina', surface: 'paved', teryt: '3021011', length: 1000 },
      { id: id(103), kind: 'internal', road_number: null, road_category: 'internal', surface: 'unpaved', teryt: '3064011', length: 500 },
    ]);
    // posList is northing easting: the S5 runs north along easting 346000 in Luboń.
    const [s5] = await served<{ off: number }>(
      `SELECT ST_Distance(geom, ST_SetSRID(ST_MakePoint(346000, 497500), 2180)) AS off FROM layer_pub.roads WHERE id = $1`,
      [id(101)],
    );
    expect(Number(s5!.off)).toBeLessThan(0.01);
  });

  it("the scheduled refresh (a CronJob's refresh-scheduled) reads the package through the profile its sources file names", async () => {
    const before = await version('roads');
    const dir = mkdtempSync(join(tmpdir(), 'lp-bdot10k-sources-'));
    const sources = (entry: object): string => {
      writeFileSync(join(dir, 'sources.json'), JSON.stringify({ roads: entry }));
      return join(dir, 'sources.json');
    };
    const scheduled = await runAppCli(
      'layer-svc',
      'refresh/layers.cli.js',
      ['refresh-scheduled', 'roads', '--sources', sources({ source: PACKAGE, profile: 'bdot10k-roads' })],
      { databaseUrl: db.url, timeoutMs: 180_000 },
    );
    expect([scheduled.code, scheduled.stderr]).toEqual([0, '']);
    expect(scheduled.stdout).toContain('bdot10k-roads: 3 rows mapped to roads');
    expect(await version('roads')).toBe(before + 1);
    expect(await served(`SELECT id, kind FROM layer_pub.roads ORDER BY id`)).toEqual([
      { id: id(101), kind: 'expressway' },
      { id: id(102), kind: 'local' },
      { id: id(103), kind: 'internal' },
    ]);
    // Without the profile the package is not our own format, and the served version stays.
    const plain = await runAppCli('layer-svc', 'refresh/layers.cli.js', ['refresh-scheduled', 'roads', '--sources', sources({ source: PACKAGE })], {
      databaseUrl: db.url,
      timeoutMs: 180_000,
    });
    expect(plain.code).toBe(1);
    expect(plain.stderr).toContain('roads FAILED (previous version still served)');
    expect(await version('roads')).toBe(before + 1);
  });

  it('by powiats on schedule: a package holding objects of a neighbouring powiat fails its part, unless drop_outside keeps each object once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-bdot10k-parts-'));
    // Both powiats' packages hold all three roads: two lie in Luboń (powiat 3021), one in Poznań (3064).
    for (const powiat of ['3021', '3064']) copyFileSync(PACKAGE, join(dir, `${powiat}_GML.zip`));
    const sources = (extra: object): string => {
      writeFileSync(
        join(dir, 'sources.json'),
        JSON.stringify({ roads: { source: join(dir, '{part}_GML.zip'), parts: 'powiats', profile: 'bdot10k-roads', ...extra } }),
      );
      return join(dir, 'sources.json');
    };
    const scheduled = (extra: object) =>
      runAppCli('layer-svc', 'refresh/layers.cli.js', ['refresh-scheduled', 'roads', '--sources', sources(extra), '--within', '30'], {
        databaseUrl: db.url,
        timeoutMs: 180_000,
      });
    const before = await version('roads');
    const strict = await scheduled({});
    expect(strict.code).toBe(1);
    expect(strict.stderr).toMatch(/roads part 3021 FAILED \(its served rows stay\): .*1 row\(s\) of the source lie outside the part/);
    expect(strict.stderr).toMatch(/roads part 3064 FAILED \(its served rows stay\): .*2 row\(s\) of the source lie outside the part/);
    expect(await version('roads')).toBe(before);

    const kept = await scheduled({ drop_outside: true });
    expect([kept.code, kept.stderr]).toEqual([0, '']);
    expect(kept.stdout).toMatch(/succeeded, 2 of 2 parts/);
    expect(await served(`SELECT id, teryt FROM layer_pub.roads ORDER BY id`)).toEqual([
      { id: id(101), teryt: '3021011' },
      { id: id(102), teryt: '3021011' },
      { id: id(103), teryt: '3064011' },
    ]);
  });

  it('waterways (OT_SWRS_L, OT_SWKN_L, OT_SWRM_L): river and stream by rodzaj, canal and ditch by class, MPHP id and name', async () => {
    const run = await load('waterways', 'bdot10k-waterways');
    expect(run.code).toBe(0);
    const waters = await served(`SELECT id, kind, name, mphp_id, round(ST_Length(geom))::int AS length FROM layer_pub.waterways ORDER BY id`);
    expect(waters).toEqual([
      { id: id(201), kind: 'river', name: 'Warta', mphp_id: '18', length: 3000 },
      { id: id(202), kind: 'stream', name: 'Strumień Junikowski', mphp_id: '1858', length: 800 },
      { id: id(301), kind: 'canal', name: 'Kanał Fixture', mphp_id: null, length: 600 },
      { id: id(401), kind: 'drainage_ditch', name: null, mphp_id: null, length: 400 },
    ]);
  });

  it('land cover (every OT_PT.._A member): forest, arable and grassland told apart by rodzaj, water; area from the geometry', async () => {
    const run = await load('land_cover', 'bdot10k-land-cover');
    expect(run.code).toBe(0);
    const cover = await served(`SELECT id, kind, class_code, area_sqm, round(ST_Area(geom))::int AS geometry_area FROM layer_pub.land_cover ORDER BY id`);
    expect(cover).toEqual([
      { id: id(501), kind: 'forest', class_code: 'PTLZ', area_sqm: 20000, geometry_area: 20000 },
      { id: id(601), kind: 'arable', class_code: 'PTTR', area_sqm: 60000, geometry_area: 60000 },
      { id: id(602), kind: 'grassland', class_code: 'PTTR', area_sqm: 5000, geometry_area: 5000 },
      { id: id(701), kind: 'water', class_code: 'PTWP', area_sqm: 90000, geometry_area: 90000 },
    ]);
  });

  it('buildings (OT_BUBD_A): kind by prevailing function, KŚOB group, storeys, EGiB id, status under construction', async () => {
    const run = await load('buildings', 'bdot10k-buildings');
    expect(run.code).toBe(0);
    const buildings = await served(
      `SELECT id, kind, name, building_id, function, floors::int AS floors, area_sqm, status, teryt, round(ST_Area(geom))::int AS geometry_area FROM layer_pub.buildings ORDER BY id`,
    );
    expect(buildings).toEqual([
      {
        id: id(801),
        kind: 'single_family',
        name: null,
        building_id: '302101_1.0002.55_BUD',
        function: 'budynki mieszkalne',
        floors: 2,
        area_sqm: 120,
        status: 'existing',
        teryt: '3021011',
        geometry_area: 120,
      },
      {
        id: id(802),
        kind: 'multi_family',
        name: null,
        building_id: null,
        function: 'budynki mieszkalne',
        floors: 5,
        area_sqm: 450,
        status: 'under_construction',
        teryt: '3064011',
        geometry_area: 450,
      },
      {
        id: id(803),
        kind: 'warehouse',
        name: 'Centrum logistyczne Fixture',
        building_id: null,
        function: 'zbiorniki, silosy i budynki magazynowe',
        floors: 1,
        area_sqm: 2000,
        status: 'existing',
        teryt: '3064011',
        geometry_area: 2000,
      },
    ]);
  });

  it('power lines (OT_SULN_L): kind and lowest voltage of the class; a low-voltage line left out', async () => {
    const run = await load('power_lines', 'bdot10k-power-lines');
    expect(run.code).toBe(0);
    const lines = await served(`SELECT id, kind, voltage_kv, round(ST_Length(geom))::int AS length FROM layer_pub.power_lines ORDER BY id`);
    expect(lines).toEqual([
      { id: id(901), kind: 'hv_line', voltage_kv: 110, length: 4000 },
      { id: id(902), kind: 'mv_line', voltage_kv: 15, length: 500 },
    ]);
  });

  it('a package without the class a profile reads is refused naming the member, and the served version stays', async () => {
    const before = await version('power_lines');
    const withoutLines = packageWithout('OT_SULN_L');
    const run = await load('power_lines', 'bdot10k-power-lines', withoutLines);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      'bdot10k-power-lines: the zip 3064_GML.zip has no member matching *__OT_SULN_L.xml; it has: 3064_GML/PL.PZGiK.994.BDOT10k.3064__OT_',
    );
    expect(await version('power_lines')).toBe(before);
  });

  it('a class without an element the profile maps is refused naming it and what the file has', async () => {
    const before = await version('buildings');
    const withoutStoreys = packageEdited('OT_BUBD_A', (xml) => xml.replace(/\s*<ot:liczbaKondygnacji>[^<]*<\/ot:liczbaKondygnacji>/g, ''));
    const run = await load('buildings', 'bdot10k-buildings', withoutStoreys);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('bdot10k-buildings: the source has no column liczbaKondygnacji, which the profile maps');
    expect(run.stderr).toMatch(/the source has: .*funkcjaOgolnaBudynku/);
    expect(await version('buildings')).toBe(before);
  });

  it('a corrupt package (cut short in download) is reported as one, and the served version stays', async () => {
    const before = await version('roads');
    const cut = alteredCopy(PACKAGE, (bytes) => bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const run = await load('roads', 'bdot10k-roads', cut);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('bdot10k-roads: 3064_GML.zip is not a readable zip archive');
    expect(await version('roads')).toBe(before);
    expect((await served(`SELECT count(*)::int AS n FROM layer_pub.roads`))[0]).toEqual({ n: 3 });
  });

  /** The fixture package unpacked, one class file changed by `edit`, and zipped again as GUGiK lays it out. */
  function packageEdited(featureClass: string, edit: (xml: string) => string): string {
    const dir = unpacked();
    const file = join(dir, '3064_GML', `PL.PZGiK.994.BDOT10k.3064__${featureClass}.xml`);
    writeFileSync(file, edit(readFileSync(file, 'utf8')));
    return rezip(dir);
  }

  function packageWithout(featureClass: string): string {
    const dir = unpacked();
    rmSync(join(dir, '3064_GML', `PL.PZGiK.994.BDOT10k.3064__${featureClass}.xml`));
    return rezip(dir);
  }

  function unpacked(): string {
    const dir = mkdtempSync(join(tmpdir(), 'lp-bdot10k-'));
    execFileSync('unzip', ['-q', PACKAGE, '-d', dir]);
    return dir;
  }

  function rezip(dir: string): string {
    execFileSync('zip', ['-X', '-q', '-r', '3064_GML.zip', '3064_GML'], { cwd: dir });
    return join(dir, '3064_GML.zip');
  }
});
