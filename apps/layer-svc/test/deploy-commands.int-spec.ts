import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LAYER_CATALOGUE } from '@lp/contracts';
import { createTestDatabase, testEnvironment, type TestDatabase } from '@lp/testing';
import { execFile, spawn } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import { sourceDir } from './source-files.js';

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A built command of layer-svc, as the Kubernetes Jobs and CronJobs run it. */
function run(script: string, args: string[], databaseUrl: string, timeoutMs = 60_000): Promise<Run> {
  const { repoRoot } = testEnvironment();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(repoRoot, 'apps/layer-svc/dist', script), ...args],
      { cwd: repoRoot, env: { PATH: process.env['PATH'] ?? '', TZ: 'UTC', DATABASE_URL: databaseUrl }, timeout: timeoutMs },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
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
