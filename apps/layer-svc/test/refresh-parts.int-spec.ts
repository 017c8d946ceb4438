import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, querySql as query, runAppCli, testEnvironment, type AppCliRun, type TestDatabase } from '@lp/testing';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { QueryResultRow } from 'pg';
import { adminUnits, featureLines, sourceDir } from './source-files.js';

/** Gminas of the test's admin_bounds (source-files.ts): Alfa and Beta in powiat 3001, Gamma in 3002. */
const ALFA = '3001011';
const BETA = '3001022';
const GAMMA = '3002011';
const WEST_EDGE: Record<string, number> = { [ALFA]: 16.2, [BETA]: 16.4, [GAMMA]: 16.6 };

interface Station {
  id: string;
  name: string;
  lng: number;
  lat: number;
}

/** `count` substations in one gmina, ids and names starting with `prefix`. */
function stations(gmina: string, prefix: string, count: number): Station[] {
  return Array.from({ length: count }, (_, index) => ({ id: `${prefix}-${index}`, name: `${prefix} ${index}`, lng: WEST_EDGE[gmina]! + 0.01 + index * 0.015, lat: 52.35 + (index % 3) * 0.02 }));
}

function file(rows: Station[], extra: Record<string, unknown> = {}): string {
  return featureLines(rows.map((row) => ({ type: 'Point', properties: { id: row.id, kind: 'hv_substation', name: row.name, teryt: null, voltage_kv: 110, ...extra }, coordinates: [row.lng, row.lat] })));
}

describe('refreshing a layer by parts (gminas and powiats) through the layers CLI', () => {
  let db: TestDatabase;
  let dir: string;

  const cli = (args: string[], timeoutMs = 120_000): Promise<AppCliRun> => runAppCli('layer-svc', 'refresh/layers.cli.js', args, { databaseUrl: db.url, timeoutMs });
  const sql = <T extends QueryResultRow = QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> => query<T>(db.url, text, params);
  const write = (files: Record<string, string | object>): string => (dir = sourceDir(files));
  /** Every served row outside the gminas, exactly as stored (geometry as WKB, provenance included). */
  const rowsOutside = (gminas: string[]) =>
    sql(
      `SELECT id, kind, name, teryt, attrs::text, encode(ST_AsEWKB(geom), 'hex') AS wkb, source_run_id, fetched_at::text, source_url
       FROM layer_pub.power_substations WHERE teryt <> ALL($1::text[]) ORDER BY id`,
      [gminas],
    );
  /** Served rows of one gmina with their distance in metres from where the source put them. */
  const servedIn = async (gmina: string, expected: Station[]) => {
    const rows = await sql<{ id: string; name: string; off_m: number | null }>(
      `SELECT f.id, f.name, ST_Distance(f.geom, ST_Transform(ST_SetSRID(ST_MakePoint(e.lng, e.lat), 4326), 2180)) AS off_m
       FROM layer_pub.power_substations f LEFT JOIN jsonb_to_recordset($2::jsonb) AS e(id text, lng float8, lat float8) ON e.id = f.id
       WHERE f.teryt = $1 ORDER BY f.id`,
      [gmina, JSON.stringify(expected)],
    );
    return { ids: rows.map((row) => row.id), names: rows.map((row) => row.name), farthestM: Math.max(...rows.map((row) => (row.off_m === null ? Infinity : Number(row.off_m)))) };
  };
  const coverage = async () =>
    Object.fromEntries(
      (await sql<{ teryt: string; status: string }>(`SELECT teryt, status FROM layer_pub.region_coverage WHERE layer_id = 'power_substations' ORDER BY teryt`)).map((row) => [row.teryt, row.status]),
    );
  const sorted = (rows: Station[]) => rows.map((row) => row.id).sort();

  beforeAll(async () => {
    db = await createTestDatabase();
    const admin = await cli(['refresh', 'admin_bounds', '--source', join(write({ 'admin_bounds.geojsonl': adminUnits() }), 'admin_bounds.geojsonl')]);
    expect(admin.code).toBe(0);
    // The layer as served before any part: Alfa and Beta, 5 stations each, declared to cover just them.
    const whole = write({ 'power_substations.geojsonl': file([...stations(ALFA, 'alfa', 5), ...stations(BETA, 'beta', 5)]), 'power_substations.coverage.json': { gminas: [ALFA, BETA] } });
    const first = await cli(['refresh', 'power_substations', '--source', join(whole, 'power_substations.geojsonl')]);
    expect(first.code).toBe(0);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('replaces two gminas and leaves every row outside them as it was, with coverage and the event following the parts', async () => {
    const outsideBefore = await rowsOutside([ALFA, GAMMA]);
    expect(outsideBefore).toHaveLength(5);
    const alfa = stations(ALFA, 'alfa2', 7);
    const gamma = stations(GAMMA, 'gamma', 4);
    write({ 'alfa.geojsonl': file(alfa), 'gamma.geojsonl': file(gamma) });
    const manifest = join(dir, 'parts.json');
    writeFileSync(manifest, JSON.stringify({ [ALFA]: join(dir, 'alfa.geojsonl'), [GAMMA]: join(dir, 'gamma.geojsonl') }));
    const run = await cli(['refresh', 'power_substations', '--manifest', manifest, '--parallel', '2']);
    expect([run.code, run.stderr]).toEqual([0, '']);
    expect(run.stdout).toMatch(/part 3001011: published, 7 rows \(5 served before\)/);
    expect(run.stdout).toMatch(/part 3002011: published, 4 rows \(0 served before\)/);

    expect(await rowsOutside([ALFA, GAMMA])).toEqual(outsideBefore);
    const servedAlfa = await servedIn(ALFA, alfa);
    expect(servedAlfa.ids).toEqual(sorted(alfa));
    expect(servedAlfa.names).toEqual(alfa.map((row) => row.name).sort());
    expect(servedAlfa.farthestM).toBeLessThan(0.01);
    const servedGamma = await servedIn(GAMMA, gamma);
    expect(servedGamma.ids).toEqual(sorted(gamma));
    expect(servedGamma.farthestM).toBeLessThan(0.01);
    expect(Number((await sql<{ n: string }>(`SELECT count(*) AS n FROM layer_pub.power_substations`))[0]!.n)).toBe(5 + 7 + 4);

    expect(await coverage()).toEqual({ '30': 'available', '3001': 'available', [ALFA]: 'available', [BETA]: 'available', '3002': 'available', [GAMMA]: 'available' });
    const runId = /run (power_substations-\d+):/.exec(run.stdout)![1];
    const [event] = await sql<{ payload: { teryt: string[]; run_id: string } }>(`SELECT payload FROM layer.outbox WHERE payload->>'run_id' = $1`, [runId]);
    expect(event!.payload.teryt).toEqual([ALFA, GAMMA]);
    const parts = await sql<{ part: string; status: string }>(`SELECT part, status FROM layer.refresh_parts WHERE run_id = $1 ORDER BY part`, [runId]);
    expect(parts).toEqual([
      { part: ALFA, status: 'published' },
      { part: GAMMA, status: 'published' },
    ]);
  });

  it('keeps the served rows of a part that fails while the other part of the run lands', async () => {
    const betaBefore = await sql(`SELECT id, name, source_run_id, encode(ST_AsEWKB(geom), 'hex') AS wkb FROM layer_pub.power_substations WHERE teryt = $1 ORDER BY id`, [BETA]);
    const alfa = stations(ALFA, 'alfa3', 6);
    write({
      'alfa.geojsonl': file(alfa),
      'beta.geojsonl': file(stations(BETA, 'beta-bad', 5), { kind: 'teleporter' }),
    });
    writeFileSync(join(dir, 'parts.json'), JSON.stringify({ [BETA]: join(dir, 'beta.geojsonl'), [ALFA]: join(dir, 'alfa.geojsonl') }));
    const run = await cli(['refresh', 'power_substations', '--manifest', join(dir, 'parts.json')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/part 3001022: failed, 5 rows \(5 served before\): part 3001022 of power_substations failed validation: .*teleporter/);
    expect(run.stdout).toMatch(/part 3001011: published, 6 rows/);
    expect(await sql(`SELECT id, name, source_run_id, encode(ST_AsEWKB(geom), 'hex') AS wkb FROM layer_pub.power_substations WHERE teryt = $1 ORDER BY id`, [BETA])).toEqual(betaBefore);
    expect((await servedIn(ALFA, alfa)).ids).toEqual(sorted(alfa));
    expect((await coverage())[BETA]).toBe('available');
    const runId = /run (power_substations-\d+):/.exec(run.stdout)![1];
    const [failed] = await sql<{ status: string; error: string }>(`SELECT status, error FROM layer.refresh_parts WHERE run_id = $1 AND part = $2`, [runId, BETA]);
    expect(failed!.status).toBe('failed');
    expect(failed!.error).toContain('teleporter');
  });

  it('fails a part whose source has rows outside it or too few rows, unless told to drop them or accept the shrink', async () => {
    const outsiders = stations(ALFA, 'stray', 1);
    const beta = stations(BETA, 'beta2', 5);
    const source = join(write({ 'beta.geojsonl': file([...beta, ...outsiders]), 'few.geojsonl': file(stations(BETA, 'few', 1)) }), 'beta.geojsonl');
    const alfaBefore = await rowsOutside([BETA]);

    const strict = await cli(['refresh', 'power_substations', '--part', BETA, '--source', source]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/1 row\(s\) of the source lie outside the part \(e\.g\. stray-0 in 3001011\)/);

    const lenient = await cli(['refresh', 'power_substations', '--part', BETA, '--source', source, '--drop-outside']);
    expect([lenient.code, lenient.stderr]).toEqual([0, '']);
    expect((await servedIn(BETA, beta)).ids).toEqual(sorted(beta));
    expect(await rowsOutside([BETA])).toEqual(alfaBefore);

    const few = await cli(['refresh', 'power_substations', '--part', BETA, '--source', join(dir, 'few.geojsonl')]);
    expect(few.code).toBe(1);
    expect(few.stdout).toMatch(/the source has 1 features in the part against 5 served there/);
    expect((await servedIn(BETA, beta)).ids).toEqual(sorted(beta));
  });

  it('takes a powiat as a part, and refuses codes that are no part', async () => {
    const gamma = stations(GAMMA, 'gamma2', 4);
    const source = join(write({ 'powiat.geojsonl': file(gamma) }), 'powiat.geojsonl');
    const powiat = await cli(['refresh', 'power_substations', '--part', '3002', '--source', source]);
    expect([powiat.code, powiat.stderr]).toEqual([0, '']);
    expect((await servedIn(GAMMA, gamma)).ids).toEqual(sorted(gamma));

    const unknown = await cli(['refresh', 'power_substations', '--part', '9999', '--source', source]);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toMatch(/part 9999 is no voivodeship, powiat or gmina of admin_bounds/);
    const malformed = await cli(['refresh', 'power_substations', '--part', '30011', '--source', source]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/a part is a voivodeship \(2 digits\), a powiat \(4 digits\) or a gmina \(7 digits\) of TERYT, or kinds:<name>, not 30011/);
  });

  /**
   * Runs the CLI on two parts, the first from `firstSource` and the second from a server that never
   * answers, one part at a time, and kills it once the first part is loaded: a run stopped half-way.
   */
  const stopAfterFirstPart = async (first: string, firstSource: string, second: string): Promise<string> => {
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const manifest = join(dir, 'stalled.json');
    writeFileSync(manifest, JSON.stringify({ [first]: firstSource, [second]: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/${second}.geojsonl` }));
    const { repoRoot } = testEnvironment();
    const child = spawn(process.execPath, [join(repoRoot, 'apps/layer-svc/dist/refresh/layers.cli.js'), 'refresh', 'power_substations', '--manifest', manifest, '--parallel', '1'], {
      cwd: repoRoot,
      detached: true,
      env: { PATH: process.env['PATH'] ?? '', TZ: 'UTC', DATABASE_URL: db.urlAs('layer_svc'), GDAL_HTTP_TIMEOUT: '600' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const loaded = new RegExp(`part ${first}: \\d+ rows loaded and validated`);
    try {
      const started = Date.now();
      while (!loaded.test(stdout) && child.exitCode === null && Date.now() - started < 90_000) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stdout).toMatch(loaded);
      // Still waiting on the silent server a moment later: stopped in the middle of the run.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(child.exitCode).toBeNull();
    } finally {
      process.kill(-child.pid!, 'SIGKILL');
      silent.close();
    }
    const runId = /run (power_substations-\d+):/.exec(stdout)![1]!;
    expect(await sql(`SELECT part, status FROM layer.refresh_parts WHERE run_id = $1 ORDER BY part`, [runId])).toEqual([
      { part: first, status: 'loaded' },
      { part: second, status: 'loading' },
    ]);
    return runId;
  };

  it('resumes a multi-part run that stopped, reusing the parts it had loaded', async () => {
    const alfa = stations(ALFA, 'alfa4', 5);
    const beta = stations(BETA, 'beta4', 6);
    write({ 'alfa.geojsonl': file(alfa), 'beta.geojsonl': file(beta) });
    const servedBefore = await rowsOutside([]);
    const runId = await stopAfterFirstPart(ALFA, join(dir, 'alfa.geojsonl'), BETA);
    expect(await rowsOutside([])).toEqual(servedBefore);

    // The operator points the stalled part at a copy of its data and resumes the run.
    writeFileSync(join(dir, 'resume.json'), JSON.stringify({ [ALFA]: join(dir, 'alfa.geojsonl'), [BETA]: join(dir, 'beta.geojsonl') }));
    const resumed = await cli(['refresh', 'power_substations', '--resume', runId, '--manifest', join(dir, 'resume.json')]);
    expect([resumed.code, resumed.stderr]).toEqual([0, '']);
    expect(resumed.stdout).toMatch(/part 3001011: loaded by an earlier attempt of power_substations-\d+, used as it is/);
    expect(resumed.stdout).toMatch(/part 3001011: published \(loaded earlier in the run\), 5 rows/);
    expect(resumed.stdout).not.toMatch(/part 3001011: loading/);
    expect((await servedIn(ALFA, alfa)).ids).toEqual(sorted(alfa));
    expect((await servedIn(BETA, beta)).ids).toEqual(sorted(beta));
    expect(await rowsOutside([ALFA, BETA])).toEqual(servedBefore.filter((row) => ![ALFA, BETA].includes(row['teryt'] as string)));
    const [run] = await sql<{ status: string }>(`SELECT status FROM layer.refresh_runs WHERE run_id = $1`, [runId]);
    expect(run!.status).toBe('succeeded');
    const again = await cli(['refresh', 'power_substations', '--resume', runId]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/has already been published/);
  });

  it('refreshes every gmina of a voivodeship on schedule from a source by parts, resuming the run that stopped', async () => {
    const rows = { [ALFA]: stations(ALFA, 'alfa5', 5), [BETA]: stations(BETA, 'beta5', 6), [GAMMA]: stations(GAMMA, 'gamma5', 4) };
    write(Object.fromEntries(Object.entries(rows).map(([gmina, list]) => [`${gmina}.geojsonl`, file(list)])));
    const sources = join(dir, 'sources.json');
    writeFileSync(sources, JSON.stringify({ power_substations: { source: join(dir, '{part}.geojsonl'), parts: 'gminas' } }));
    const runId = await stopAfterFirstPart(ALFA, join(dir, `${ALFA}.geojsonl`), BETA);

    const scheduled = await cli(['refresh-scheduled', 'power_substations', '--sources', sources, '--within', '30']);
    expect([scheduled.code, scheduled.stderr]).toEqual([0, '']);
    expect(scheduled.stdout).toContain(`power_substations: resuming run ${runId}, which stopped before publishing`);
    expect(scheduled.stdout).toMatch(/part 3001011: loaded by an earlier attempt/);
    expect(scheduled.stdout).toContain(`power_substations: run ${runId} succeeded, 3 of 3 parts`);
    for (const [gmina, list] of Object.entries(rows)) expect((await servedIn(gmina, list)).ids).toEqual(sorted(list));

    // The next scheduled run finds nothing to resume and starts its own.
    const next = await cli(['refresh-scheduled', 'power_substations', '--sources', sources, '--within', '30']);
    expect([next.code, next.stderr]).toEqual([0, '']);
    expect(next.stdout).not.toMatch(/resuming run/);
    const refused = await cli(['refresh-scheduled', 'power_substations', '--sources', sources, '--within', '3']);
    expect(refused.code).toBe(2);
  });
});
