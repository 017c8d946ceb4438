import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, type TestDatabase } from '@lp/testing';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alteredCopy, refreshThroughProfile, REGISTERS } from './register-cli.js';

/**
 * A small OpenStreetMap extract in Geofabrik's format (fixtures/registers/osm: the .osm XML and the
 * .osm.pbf osmium made of it) loaded through the OSM profiles by the layers CLI, and an operator's
 * connection-capacity list (fixtures/registers/grid-capacity) matched to the substations loaded
 * from it. Served rows are checked with plain PostGIS against the fixture's elements. PRG is loaded
 * first so that each feature's gmina (taken from its geometry) is one of the fixture's gminas.
 */
describe('OpenStreetMap extract and grid capacity lists loaded through their source profiles', () => {
  let db: TestDatabase;
  const served = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => db.sql<T>(sql, params);
  const version = async (layer: string): Promise<number> =>
    (await served<{ version: number }>(`SELECT version FROM layer.layer_state WHERE layer_id = $1`, [layer]))[0]!.version;
  const PBF = join(REGISTERS, 'osm', 'poland-fixture.osm.pbf');
  const CAPACITY = join(REGISTERS, 'grid-capacity', 'energa-dostepna-moc-wytworcza.csv');
  const load = (layer: string, profile: string, source = PBF) => refreshThroughProfile(db.url, layer, profile, source, ['--allow-shrink']);
  /** Distance in metres from a served feature to a WGS84 point of the fixture. */
  const distance = async (layer: string, id: string, lon: number, lat: number): Promise<number> =>
    Number(
      (
        await served<{ d: number }>(
          `SELECT ST_Distance(geom, ST_Transform(ST_SetSRID(ST_MakePoint($2, $3), 4326), 2180)) AS d FROM layer_pub.${layer} WHERE id = $1`,
          [id, lon, lat],
        )
      )[0]!.d,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    const prg = await load('admin_bounds', 'prg-admin-units', join(REGISTERS, 'prg', '00_jednostki_administracyjne.zip'));
    expect(prg.code).toBe(0);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('substations: nodes and areas, kind by the highest voltage, voltages in kV; one without a voltage left out', async () => {
    const run = await load('power_substations', 'osm-power-substations');
    expect([run.code, run.stderr]).toEqual([0, '']);
    const rows = await served(`SELECT id, kind, name, voltage_kv, voltages, operator, osm_id, teryt FROM layer_pub.power_substations ORDER BY id`);
    expect(rows).toEqual([
      {
        id: 'osm:node/9001',
        kind: 'hv_substation',
        name: 'GPZ Luboń',
        voltage_kv: 110,
        voltages: '110/15',
        operator: 'Enea Operator',
        osm_id: 'node/9001',
        teryt: '3021011',
      },
      { id: 'osm:node/9002', kind: 'mv_substation', name: null, voltage_kv: 15, voltages: '15/0.4', operator: null, osm_id: 'node/9002', teryt: '3064011' },
      {
        id: 'osm:node/9004',
        kind: 'hv_substation',
        name: 'GPZ Poznań Garbary',
        voltage_kv: 110,
        voltages: '110/15',
        operator: 'Enea Operator',
        osm_id: 'node/9004',
        teryt: '3064011',
      },
      {
        id: 'osm:way/8001',
        kind: 'ehv_substation',
        name: 'Plewiska',
        voltage_kv: 400,
        voltages: '400/220/110',
        operator: 'PSE',
        osm_id: 'way/8001',
        teryt: '3021072',
      },
    ]);
    expect(await distance('power_substations', 'osm:node/9001', 16.76, 52.32)).toBeLessThan(0.01);
    // The closed way is served as a point inside it (its square is some 270 by 280 m).
    expect(await distance('power_substations', 'osm:way/8001', 16.702, 52.32125)).toBeLessThan(200);
  });

  it('power lines: kind by voltage and by cable, highest voltage of several, circuits; a 0.4 kV line left out', async () => {
    const run = await load('power_lines', 'osm-power-lines');
    expect(run.code).toBe(0);
    const rows = await served(`SELECT id, kind, voltage_kv, circuits::int AS circuits, name, operator, osm_id FROM layer_pub.power_lines ORDER BY id`);
    expect(rows).toEqual([
      { id: 'osm:way/8101', kind: 'hv_line', voltage_kv: 110, circuits: 2, name: 'Luboń - Plewiska', operator: 'Enea Operator', osm_id: 'way/8101' },
      { id: 'osm:way/8102', kind: 'ehv_line', voltage_kv: 400, circuits: 2, name: null, operator: 'PSE', osm_id: 'way/8102' },
      { id: 'osm:way/8103', kind: 'mv_line', voltage_kv: 15, circuits: null, name: null, operator: null, osm_id: 'way/8103' },
      { id: 'osm:way/8104', kind: 'mv_cable', voltage_kv: 15, circuits: null, name: null, operator: null, osm_id: 'way/8104' },
    ]);
    // The 110 kV line starts at GPZ Luboń: plain PostGIS over the two served layers.
    const [touch] = await served<{ d: number }>(
      `SELECT ST_Distance(l.geom, s.geom) AS d FROM layer_pub.power_lines l, layer_pub.power_substations s WHERE l.id = 'osm:way/8101' AND s.id = 'osm:node/9001'`,
    );
    expect(Number(touch!.d)).toBeLessThan(0.01);
  });

  it('EV chargers: high-power, AC and DC told apart by sockets and output; points, connectors, access', async () => {
    const run = await load('ev_chargers', 'osm-ev-chargers');
    expect(run.code).toBe(0);
    const rows = await served(
      `SELECT id, kind, operator, max_power_kw, charging_points::int AS charging_points, connectors, public_access, osm_id FROM layer_pub.ev_chargers ORDER BY id`,
    );
    expect(rows).toEqual([
      {
        id: 'osm:node/9301',
        kind: 'hpc',
        operator: 'GreenWay',
        max_power_kw: 150,
        charging_points: 2,
        connectors: 'CCS,CHAdeMO',
        public_access: true,
        osm_id: 'node/9301',
      },
      {
        id: 'osm:node/9302',
        kind: 'ac',
        operator: 'Orlen Charge',
        max_power_kw: 22,
        charging_points: 2,
        connectors: 'Type2',
        public_access: false,
        osm_id: 'node/9302',
      },
      {
        id: 'osm:way/8301',
        kind: 'dc_fast',
        operator: null,
        max_power_kw: 50,
        charging_points: null,
        connectors: 'Type2,CCS',
        public_access: null,
        osm_id: 'way/8301',
      },
    ]);
  });

  it('data centres, services, transport stops, hydrants: kinds from the tags, elements of other tags not read', async () => {
    for (const [layer, profile] of [
      ['data_centers', 'osm-data-centers'],
      ['services_poi', 'osm-services-poi'],
      ['transport_stops', 'osm-transport-stops'],
      ['hydrants', 'osm-hydrants'],
    ]) {
      const run = await load(layer!, profile!);
      expect([layer, run.code, run.stderr]).toEqual([layer, 0, '']);
    }
    expect(await served(`SELECT id, kind, name, operator FROM layer_pub.data_centers ORDER BY id`)).toEqual([
      { id: 'osm:node/9401', kind: 'enterprise', name: 'Serwerownia Urzędu', operator: null },
      { id: 'osm:way/8401', kind: 'colocation', name: 'Beyond.pl Data Center 2', operator: 'Beyond.pl' },
    ]);
    expect(await served(`SELECT id, kind, name, public, register_id FROM layer_pub.services_poi ORDER BY id`)).toEqual([
      { id: 'osm:node/9501', kind: 'school', name: 'Szkoła Podstawowa nr 1 w Luboniu', public: true, register_id: '12345' },
      { id: 'osm:node/9502', kind: 'shop', name: 'Żabka', public: null, register_id: null },
      { id: 'osm:node/9503', kind: 'nursery', name: 'Żłobek Miejski', public: null, register_id: null },
      { id: 'osm:way/8501', kind: 'hospital', name: 'Szpital Fixture', public: true, register_id: null },
    ]);
    expect(await served(`SELECT id, kind, name, routes, wheelchair FROM layer_pub.transport_stops ORDER BY id`)).toEqual([
      { id: 'osm:node/9601', kind: 'bus', name: 'Luboń Rynek', routes: '610,611', wheelchair: true },
      { id: 'osm:node/9602', kind: 'tram', name: 'Górczyn', routes: null, wheelchair: null },
      { id: 'osm:node/9603', kind: 'rail', name: 'Luboń koło Poznania', routes: null, wheelchair: false },
      { id: 'osm:node/9604', kind: 'rail', name: 'Poznań Junikowo', routes: null, wheelchair: null },
    ]);
    expect(await served(`SELECT id, kind, diameter_mm::int AS diameter_mm, volume_m3 FROM layer_pub.hydrants ORDER BY id`)).toEqual([
      { id: 'osm:node/9701', kind: 'pillar_hydrant', diameter_mm: 80, volume_m3: null },
      { id: 'osm:node/9702', kind: 'underground_hydrant', diameter_mm: 100, volume_m3: null },
      { id: 'osm:node/9703', kind: 'water_tank', diameter_mm: null, volume_m3: 50 },
    ]);
    expect(await distance('transport_stops', 'osm:node/9601', 16.775, 52.325)).toBeLessThan(0.01);
  });

  it('planned roads, industrial areas (a closed way and a multipolygon relation), renewables', async () => {
    for (const [layer, profile] of [
      ['planned_roads', 'osm-planned-roads'],
      ['industrial_areas', 'osm-industrial-areas'],
      ['oze_installations', 'osm-oze-installations'],
    ]) {
      const run = await load(layer!, profile!);
      expect([layer, run.code, run.stderr]).toEqual([layer, 0, '']);
    }
    expect(
      await served(`SELECT id, kind, road_number, status, expected_completion_year::int AS expected_completion_year FROM layer_pub.planned_roads ORDER BY id`),
    ).toEqual([
      { id: 'osm:way/8601', kind: 'expressway', road_number: 'S11', status: 'under_construction', expected_completion_year: 2027 },
      { id: 'osm:way/8602', kind: 'voivodeship_road', road_number: '430', status: 'planned', expected_completion_year: null },
    ]);
    const areas = await served<{ id: string; kind: string; area_sqm: number; geometry_area: number }>(
      `SELECT id, kind, area_sqm, round(ST_Area(geom))::int AS geometry_area FROM layer_pub.industrial_areas ORDER BY id`,
    );
    expect(areas.map(({ id, kind }) => ({ id, kind }))).toEqual([
      { id: 'osm:relation/7001', kind: 'storage_land' },
      { id: 'osm:way/8701', kind: 'industrial_land' },
      { id: 'osm:way/8702', kind: 'storage_land' },
    ]);
    // 0.005 degrees of longitude by 0.003 of latitude at 52.3 N: some 341 by 334 metres.
    for (const area of areas) expect(Math.abs(Number(area.area_sqm) - Number(area.geometry_area))).toBeLessThan(1);
    expect(Number(areas[1]!.geometry_area)).toBeGreaterThan(100_000);
    expect(Number(areas[1]!.geometry_area)).toBeLessThan(125_000);
    expect(await served(`SELECT id, kind, name, capacity_mw FROM layer_pub.oze_installations ORDER BY id`)).toEqual([
      { id: 'osm:node/9801', kind: 'wind', name: null, capacity_mw: 2.5 },
      { id: 'osm:way/8801', kind: 'solar', name: 'Farma fotowoltaiczna Fixture', capacity_mw: 1 },
    ]);
  });

  it('an extract without the layer the profile reads is refused saying so, and the served version stays', async () => {
    const before = await version('power_substations');
    // An extract of the same area holding no substation: the fixture with every power=substation renamed.
    const withoutSubstations = alteredCopy(join(REGISTERS, 'osm', 'poland-fixture.osm'), (bytes) =>
      bytes.toString('utf8').replace(/v="substation"/g, 'v="tower"'),
    );
    const run = await load('power_substations', 'osm-power-substations', withoutSubstations);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("osm-power-substations: the source has no features matching power = 'substation' in its GDAL layers points, multipolygons");
    expect(await version('power_substations')).toBe(before);
    expect((await served(`SELECT count(*)::int AS n FROM layer_pub.power_substations`))[0]).toEqual({ n: 4 });
  });

  it('a damaged PBF (cut short in download) is refused, not loaded in part, and the served version stays', async () => {
    const before = await version('transport_stops');
    const dir = mkdtempSync(join(tmpdir(), 'lp-osm-'));
    copyFileSync(PBF, join(dir, 'poland-latest.osm.pbf'));
    const cut = alteredCopy(join(dir, 'poland-latest.osm.pbf'), (bytes) => bytes.subarray(0, Math.floor(bytes.length * 0.6)));
    const run = await load('transport_stops', 'osm-transport-stops', cut);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/osm-transport-stops: poland-latest\.osm\.pbf is damaged or cut short \(GDAL: ERROR 1: .*pars/);
    expect(await version('transport_stops')).toBe(before);
    expect((await served(`SELECT count(*)::int AS n FROM layer_pub.transport_stops`))[0]).toEqual({ n: 4 });
  });

  it("an operator's capacity list: groups matched to served substations by name, branch area and 110 kV; every unmatched row reported", async () => {
    const run = await load('grid_capacity', 'grid-capacity-energa', CAPACITY);
    expect([run.code, run.stderr]).toEqual([0, '']);
    const rows = await served(`SELECT id, kind, name, substation_name, available_mw, voltage_kv, operator FROM layer_pub.grid_capacity ORDER BY id`);
    expect(rows).toEqual([
      {
        id: 'energa-operator/1',
        kind: 'hv_node',
        name: 'Luboń',
        substation_name: 'Luboń',
        available_mw: 12.5,
        voltage_kv: 110,
        operator: 'ENERGA-OPERATOR S.A.',
      },
      {
        id: 'energa-operator/2',
        kind: 'hv_node',
        name: 'Plewiska',
        substation_name: 'Plewiska',
        available_mw: 3.2,
        voltage_kv: 110,
        operator: 'ENERGA-OPERATOR S.A.',
      },
      {
        id: 'energa-operator/3',
        kind: 'hv_node',
        name: 'Poznań Garbary',
        substation_name: 'Poznań Garbary',
        available_mw: 0.8,
        voltage_kv: 110,
        operator: 'ENERGA-OPERATOR S.A.',
      },
    ]);
    // Each matched row stands on its substation ("GPZ Luboń", the Plewiska area's point, "GPZ Poznań Garbary").
    const placed = await served(
      `SELECT g.id, s.id AS substation FROM layer_pub.grid_capacity g JOIN layer_pub.power_substations s ON ST_DWithin(g.geom, s.geom, 0.01) ORDER BY g.id`,
    );
    expect(placed).toEqual([
      { id: 'energa-operator/1', substation: 'osm:node/9001' },
      { id: 'energa-operator/2', substation: 'osm:way/8001' },
      { id: 'energa-operator/3', substation: 'osm:node/9004' },
    ]);
    // Every unmatched row, in the CLI output and in the run's result; the group without a value is left out by the profile.
    expect(run.stdout).toContain('grid-capacity-energa: 3 of 6 rows matched a served substation; 3 left out');
    const unmatched = [
      'energa-operator/4 (name Kórnik, area 30,10,24,02, 110 kV): no served substation of that name there',
      'energa-operator/5 (name Gdańsk Błonia, area 22, 110 kV): no served substation of that name there',
      'energa-operator/7 (name Luboń, area 22, 110 kV): no served substation of that name there',
    ];
    for (const row of unmatched) expect(run.stdout).toContain(`grid-capacity-energa: unmatched row ${row}`);
    const result = JSON.parse(/grid_capacity: (\{"layer_id".*\})$/m.exec(run.stdout)![1]!) as { left_out: string[] };
    expect(result.left_out).toEqual(unmatched);
    // ... and with the run that served the version (its provenance).
    const [recorded] = await served<{ left_out: string[] }>(
      `SELECT r.left_out FROM layer.refresh_runs r JOIN layer.layer_state s ON s.run_id = r.run_id WHERE s.layer_id = 'grid_capacity'`,
    );
    expect(recorded!.left_out).toEqual(unmatched);
  });

  it('a capacity list saved as UTF-8 where the profile states Windows-1250 is refused, and the served version stays', async () => {
    const before = await version('grid_capacity');
    const utf8 = alteredCopy(CAPACITY, (bytes) => new TextDecoder('windows-1250').decode(bytes));
    const run = await load('grid_capacity', 'grid-capacity-energa', utf8);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('grid-capacity-energa: energa-dostepna-moc-wytworcza.csv is UTF-8 text, but the profile states CP1250');
    expect(await version('grid_capacity')).toBe(before);
  });
});
