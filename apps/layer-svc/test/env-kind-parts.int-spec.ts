import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, runAppCli, type TestDatabase } from '@lp/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { alteredCopy, refreshThroughProfile, REGISTERS } from './register-cli.js';

/**
 * env_layers is fed by several registers (GDOŚ for nature protection, Wody Polskie's flood maps, ...),
 * so it is refreshed by parts of kinds: the ISOK flood-hazard areas (fixtures/registers/isok, an
 * INSPIRE nz-core:HazardArea answer) replace the flood kinds only, GDOŚ's forms the nature kinds
 * only, each through the layers CLI; the served rows are checked with plain PostGIS.
 */
describe('env_layers refreshed by parts of kinds, one register each', () => {
  let db: TestDatabase;
  const served = <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => db.sql<T>(sql, params);
  const version = async (): Promise<number> =>
    (await served<{ version: number }>(`SELECT version FROM layer.layer_state WHERE layer_id = 'env_layers'`))[0]!.version;
  const FLOOD_KINDS = `('flood_risk_10pct', 'flood_risk_1pct', 'flood_risk_02pct', 'flood_embankment_failure')`;
  const rowsNotFlood = () => served(`SELECT id, kind, md5(ST_AsBinary(geom)) AS shape FROM layer_pub.env_layers WHERE kind NOT IN ${FLOOD_KINDS} ORDER BY id`);
  const HAZARD = join(REGISTERS, 'isok', 'HazardArea.gml');
  const part = (name: string, profile: string, source: string) =>
    refreshThroughProfile(db.url, 'env_layers', profile, source, ['--part', name, '--allow-shrink']);

  beforeAll(async () => {
    db = await createTestDatabase();
    // The test template serves no nature-protection rows: GDOŚ's reserves first, as the rows a flood load must keep.
    const gdos = await part('kinds:nature_protection', 'gdos-protected-areas', join(REGISTERS, 'gdos', 'Rezerwaty.gml'));
    expect([gdos.code, gdos.stderr]).toEqual([0, '']);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('the flood-hazard areas replace the flood kinds, scenario from the words, and every other kind stays as served', async () => {
    const before = await rowsNotFlood();
    expect(before.length).toBeGreaterThan(0);
    const run = await part('kinds:flood_risk', 'isok-flood-hazard', HAZARD);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(await rowsNotFlood()).toEqual(before);
    const flood = await served(
      `SELECT id, kind, name, code, probability_pct, area_sqm, round(ST_Area(geom))::int AS geometry_area FROM layer_pub.env_layers WHERE kind IN ${FLOOD_KINDS} ORDER BY id`,
    );
    expect(flood).toEqual([
      {
        id: 'PL.PZGIK.MZP.HA_Q02_3064_0001',
        kind: 'flood_risk_02pct',
        name: 'scenariusz Q 0,2% (raz na 500 lat)',
        code: 'HA_Q02_3064_0001',
        probability_pct: 0.2,
        area_sqm: 360000,
        geometry_area: 360000,
      },
      {
        id: 'PL.PZGIK.MZP.HA_Q10_3064_0001',
        kind: 'flood_risk_10pct',
        name: 'scenariusz Q 10% (raz na 10 lat)',
        code: 'HA_Q10_3064_0001',
        probability_pct: 10,
        area_sqm: 40000,
        geometry_area: 40000,
      },
      {
        id: 'PL.PZGIK.MZP.HA_Q1_3064_0001',
        kind: 'flood_risk_1pct',
        name: 'scenariusz Q 1% (raz na 100 lat)',
        code: 'HA_Q1_3064_0001',
        probability_pct: 1,
        area_sqm: 160000,
        geometry_area: 160000,
      },
      {
        id: 'PL.PZGIK.MZP.HA_WAL_3064_0001',
        kind: 'flood_embankment_failure',
        name: 'scenariusz zniszczenia lub uszkodzenia wału przeciwpowodziowego, Q 1% (raz na 100 lat)',
        code: 'HA_WAL_3064_0001',
        probability_pct: 1,
        area_sqm: 90000,
        geometry_area: 90000,
      },
    ]);
    // posList is northing easting: the 10 % area is the 200 m square from easting 359000, northing 505000.
    const [q10] = await served<{ same: boolean }>(
      `SELECT ST_Equals(geom, ST_MakeEnvelope(359000, 505000, 359200, 505200, 2180)) AS same FROM layer_pub.env_layers WHERE id = 'PL.PZGIK.MZP.HA_Q10_3064_0001'`,
    );
    expect(q10).toEqual({ same: true });
  });

  it("GDOŚ's forms loaded as their part keep the flood areas and every other register's kinds served", async () => {
    const NATURE = `kind IN ('natura2000_habitat', 'natura2000_birds', 'national_park', 'national_park_buffer', 'landscape_park', 'protected_landscape_area',
      'nature_reserve', 'nature_landscape_complex', 'ecological_site', 'natural_monument', 'biosphere_reserve')`;
    const others = `SELECT id, kind, md5(ST_AsBinary(geom)) AS shape FROM layer_pub.env_layers WHERE NOT (${NATURE}) ORDER BY id`;
    const before = await served(others);
    expect(before.filter((row) => String(row['kind']).startsWith('flood_'))).toHaveLength(4);
    const run = await part('kinds:nature_protection', 'gdos-protected-areas', join(REGISTERS, 'gdos', 'Rezerwaty.gml'));
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(await served(others)).toEqual(before);
    // The reserve's buffer zone is left out by the profile; the reserve is the part's one row.
    expect(await served(`SELECT id, kind FROM layer_pub.env_layers WHERE ${NATURE} ORDER BY id`)).toEqual([
      { id: 'PL.ZIPOP.1393.RP.1726', kind: 'nature_reserve' },
    ]);
  });

  it("a register's rows of another part's kinds fail the part by name, and the served version stays", async () => {
    const before = await version();
    const run = await part('kinds:nature_protection', 'isok-flood-hazard', HAZARD);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toMatch(/4 row\(s\) of the source lie outside the part \(e\.g\. PL\.PZGIK\.MZP\.HA_\w+ of kind flood_/);
    const unknown = await part('kinds:floods', 'isok-flood-hazard', HAZARD);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain(
      'env_layers has no part kinds:floods; its parts by kind: kinds:nature_protection, kinds:flood_risk, kinds:forests, kinds:wetlands',
    );
    expect(await version()).toBe(before);
  });

  it("the scheduled refresh (the layer's CronJob) runs each part of kinds from its own source and profile", async () => {
    const before = await version();
    const sources = join(mkdtempSync(join(tmpdir(), 'lp-env-sources-')), 'sources.json');
    const kindParts = {
      'kinds:nature_protection': { source: join(REGISTERS, 'gdos', 'Rezerwaty.gml'), profile: 'gdos-protected-areas' },
      'kinds:flood_risk': { source: HAZARD, profile: 'isok-flood-hazard' },
    };
    writeFileSync(sources, JSON.stringify({ env_layers: { kind_parts: kindParts } }));
    const run = await runAppCli('layer-svc', 'refresh/layers.cli.js', ['refresh-scheduled', 'env_layers', '--sources', sources], {
      databaseUrl: db.url,
      timeoutMs: 180_000,
    });
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toMatch(/env_layers part kinds:nature_protection: run env_layers-\d+ succeeded/);
    expect(run.stdout).toMatch(/env_layers part kinds:flood_risk: run env_layers-\d+ succeeded/);
    expect(await version()).toBe(before + 2);
    expect((await served(`SELECT count(*)::int AS n FROM layer_pub.env_layers WHERE kind IN ${FLOOD_KINDS}`))[0]).toEqual({ n: 4 });
  });

  it('an answer without the scenario column is refused naming it and what the source has', async () => {
    const before = await version();
    const withoutScenario = alteredCopy(HAZARD, (bytes) =>
      bytes.toString('utf8').replace(/\s*<nz-core:qualitativeLikelihood>[^<]*<\/nz-core:qualitativeLikelihood>/g, ''),
    );
    const run = await part('kinds:flood_risk', 'isok-flood-hazard', withoutScenario);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain('isok-flood-hazard: the source has no column qualitativeLikelihood, which the profile maps');
    expect(run.stdout + run.stderr).toMatch(/the source has: gml_id, localId, namespace, probabilityOfOccurrence, returnPeriod/);
    expect(await version()).toBe(before);
  });
});
