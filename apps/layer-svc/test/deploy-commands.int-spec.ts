import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LAYER_CATALOGUE } from '@lp/contracts';
import { createTestDatabase, querySql as query, runAppCli, testEnvironment, type AppCliRun, type TestDatabase } from '@lp/testing';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { sourceDir } from './source-files.js';

/**
 * A built command of layer-svc, as the Kubernetes Jobs and CronJobs run it: as layer-svc's own role,
 * except on a database made here by the superuser, which has no grants yet (roles.sql runs per database).
 */
function run(script: string, args: string[], databaseUrl: string, databaseRole: 'own' | 'as-given' = 'own'): Promise<AppCliRun> {
  return runAppCli('layer-svc', script, args, { databaseUrl, databaseRole });
}

/** The layers `layer_pub.features` reads, by the views it is built on. */
async function featuresViewLayers(url: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    url,
    `SELECT table_name AS name FROM information_schema.view_table_usage
      WHERE view_schema = 'layer_pub' AND view_name = 'features' AND table_schema = 'layer_pub' ORDER BY table_name`,
  );
  return rows.map((row) => row.name);
}

describe('layer-svc commands of the Kubernetes deployment', () => {
  let db: TestDatabase;
  let emptyUrl: string;
  const emptyName = `t_empty_${process.pid}`;

  beforeAll(async () => {
    db = await createTestDatabase();
    const { adminUrl } = testEnvironment();
    await query(adminUrl, `CREATE DATABASE ${emptyName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${emptyName}`;
    emptyUrl = url.toString();
  });
  afterAll(async () => {
    await db?.drop();
    await query(testEnvironment().adminUrl, `DROP DATABASE IF EXISTS ${emptyName} WITH (FORCE)`);
  });

  it('migrate.js --wait returns at once when every migration is applied', async () => {
    const result = await run('migrate.js', ['--wait'], db.url);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/layer: every migration of this build is applied/);
  });

  it('migrate.js --wait keeps waiting on a schema the Job has not migrated, and applies nothing itself', async () => {
    // Watched, not timed: it must say it waits, and still be waiting a while later (a loaded
    // machine can take seconds just to load the script, so no fixed timeout decides).
    const { repoRoot } = testEnvironment();
    const child = spawn(process.execPath, [join(repoRoot, 'apps/layer-svc/dist/migrate.js'), '--wait'], {
      cwd: repoRoot,
      env: { PATH: process.env['PATH'] ?? '', TZ: 'UTC', DATABASE_URL: emptyUrl },
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    try {
      const started = Date.now();
      while (!/layer: waiting for the migration job/.test(stdout) && child.exitCode === null && Date.now() - started < 90_000) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(stdout).toMatch(/layer: waiting for the migration job/);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(child.exitCode).toBeNull(); // still waiting
    } finally {
      child.kill('SIGKILL');
    }
    const tables = await query<{ n: string }>(emptyUrl, `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = 'layer' AND table_name <> 'migrations'`);
    expect(tables[0]?.n).toBe('0');
  });

  it('serves every catalogue layer, and only those, each in layer_pub.features', async () => {
    const catalogue = LAYER_CATALOGUE.map((layer) => layer.id).sort();
    const states = await query<{ layer_id: string }>(db.url, `SELECT layer_id FROM layer.layer_state ORDER BY layer_id`);
    expect(states.map((row) => row.layer_id)).toEqual(catalogue);
    const views = await query<{ name: string }>(db.url, `SELECT viewname AS name FROM pg_views WHERE schemaname = 'layer_pub' ORDER BY viewname`);
    expect(views.map((row) => row.name)).toEqual(expect.arrayContaining(catalogue));
    expect(await featuresViewLayers(db.url)).toEqual(catalogue);
  });

  it('migrate.js adds a layer the catalogue gained since the database was migrated, and changes nothing when run again', async () => {
    // As if 'protests' had been added to the catalogue after this database was last migrated.
    const [state] = await query<{ table_name: string }>(db.url, `SELECT table_name FROM layer.layer_state WHERE layer_id = 'protests'`);
    await query(
      db.url,
      `BEGIN;
       DROP VIEW layer_pub.features; DROP VIEW layer_pub.protests; DROP VIEW IF EXISTS layer_pub.protests_subdivided;
       DROP TABLE IF EXISTS layer.${state!.table_name}_sub; DROP TABLE layer.${state!.table_name};
       DELETE FROM layer.region_coverage WHERE layer_id = 'protests'; DELETE FROM layer.refresh_runs WHERE layer_id = 'protests';
       DELETE FROM layer.layer_state WHERE layer_id = 'protests';
       COMMIT`,
    );
    const first = await run('migrate.js', [], db.url);
    expect(first).toMatchObject({ code: 0 });
    expect(first.stdout).toContain('layer: added catalogue layers protests');
    expect(await query(db.url, `SELECT version, feature_count FROM layer.layer_state WHERE layer_id = 'protests'`)).toEqual([{ version: 0, feature_count: '0' }]);
    expect(await query(db.url, `SELECT count(*)::int AS n FROM layer_pub.protests`)).toEqual([{ n: 0 }]);
    expect(await featuresViewLayers(db.url)).toContain('protests');

    const again = await run('migrate.js', [], db.url);
    expect(again).toMatchObject({ code: 0 });
    expect(again.stdout).toContain(`layer: all ${LAYER_CATALOGUE.length} catalogue layers present`);
  });

  it('gives a fresh database the same published layers as an upgraded one', async () => {
    const { adminUrl } = testEnvironment();
    const freshName = `t_fresh_${process.pid}`;
    await query(adminUrl, `CREATE DATABASE ${freshName}`);
    try {
      const fresh = new URL(adminUrl);
      fresh.pathname = `/${freshName}`;
      const result = await run('migrate.js', [], fresh.toString(), 'as-given');
      expect(result).toMatchObject({ code: 0 });
      const columns = (url: string): Promise<unknown[]> =>
        query(url, `SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'layer_pub' ORDER BY table_name, ordinal_position`);
      expect(await columns(fresh.toString())).toEqual(await columns(db.url));
      expect(await featuresViewLayers(fresh.toString())).toEqual(LAYER_CATALOGUE.map((layer) => layer.id).sort());
    } finally {
      await query(adminUrl, `DROP DATABASE IF EXISTS ${freshName} WITH (FORCE)`);
    }
  });

  it('refresh-cadence keeps the served version when a source fails, and exits 1', async () => {
    const weekly = LAYER_CATALOGUE.find((layer) => layer.cadence === 'weekly');
    if (!weekly) throw new Error('the catalogue has no weekly layer');
    const before = await query<{ version: number }>(db.url, `SELECT version FROM layer.layer_state WHERE layer_id = '${weekly.id}'`);
    const dir = sourceDir({ 'sources.json': { [weekly.id]: join(sourceDir({}), 'missing.geojsonl') } });
    const result = await run('refresh/layers.cli.js', ['refresh-cadence', 'weekly', '--sources', join(dir, 'sources.json')], db.url);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${weekly.id} FAILED (previous version still served)`);
    const others = LAYER_CATALOGUE.filter((layer) => layer.cadence === 'weekly' && layer.id !== weekly.id).map((layer) => layer.id);
    if (others.length > 0) expect(result.stdout).toContain(`weekly: no source configured for ${others.join(', ')} (left as served)`);
    expect(await query(db.url, `SELECT version FROM layer.layer_state WHERE layer_id = '${weekly.id}'`)).toEqual(before);
  });

  it('refresh-cadence refuses a sources file naming a layer the catalogue does not have', async () => {
    const dir = sourceDir({ 'sources.json': { no_such_layer: 'https://example.invalid/x.geojson' } });
    const result = await run('refresh/layers.cli.js', ['refresh-cadence', 'daily', '--sources', join(dir, 'sources.json')], db.url);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('names layers that are not in the catalogue: no_such_layer');
  });
});
