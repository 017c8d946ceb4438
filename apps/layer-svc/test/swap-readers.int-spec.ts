import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ServiceUnderTest } from '@lp/testing';
import { join } from 'node:path';
import pg from 'pg';
import type { RefreshPipeline } from '../src/refresh/refresh-pipeline.js';
import { SwapBlockedError } from '../src/refresh/served-swap.js';
import { startRefreshPipeline, type RefreshPipelineInProcess } from './refresh-pipeline-fixture.js';
import { adminUnits, sourceDir, substations } from './source-files.js';

/** Short enough for a test; the shape of the production policy (served-swap.ts). */
const POLICY = { lockTimeoutMs: 200, firstPauseMs: 200, maxPauseMs: 400 };

describe('a layer swap gives way to long readers instead of queueing every reader behind it', () => {
  let layer: ServiceUnderTest<RefreshPipelineInProcess>;
  let pipeline: RefreshPipeline;

  const refreshFrom = (layerId: string, files: Record<string, string>, maxWaitMs = 60_000, progress?: (message: string) => void) =>
    pipeline.refresh(layerId, { source: join(sourceDir(files), `${layerId}.geojsonl`), swapPolicy: { ...POLICY, maxWaitMs }, progress });
  const asParcelSvc = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString: layer.db.urlAs('parcel_svc'), application_name: 'swap-test' });
    await client.connect();
    return client;
  };
  const state = async () => (await layer.sql<{ version: number; table_name: string }>(`SELECT version, table_name FROM layer.layer_state WHERE layer_id = 'power_substations'`))[0]!;
  const servedCount = async () => Number((await layer.sql<{ n: string }>(`SELECT count(*) AS n FROM layer_pub.power_substations`))[0]!.n);

  /** Lookups by id as parcel-svc's role, one after another, each timed, until `stop` is called. */
  const lookups = async (): Promise<{ stop: () => Promise<{ answered: number; failed: number; slowestMs: number }> }> => {
    const client = await asParcelSvc();
    let running = true;
    const stats = { answered: 0, failed: 0, slowestMs: 0 };
    const loop = (async () => {
      while (running) {
        const started = performance.now();
        try {
          const rows = await client.query(`SELECT id, name FROM layer_pub.power_substations WHERE id = $1`, ['sub-3']);
          if (rows.rows.length === 1) stats.answered++;
          else stats.failed++;
        } catch {
          stats.failed++;
        }
        stats.slowestMs = Math.max(stats.slowestMs, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    return {
      stop: async () => {
        running = false;
        await loop;
        await client.end();
        return stats;
      },
    };
  };

  beforeAll(async () => {
    layer = await startRefreshPipeline('swap-readers-test');
    ({ pipeline } = layer.service);
    await refreshFrom('admin_bounds', { 'admin_bounds.geojsonl': adminUnits() });
    await refreshFrom('power_substations', { 'power_substations.geojsonl': substations(20) });
  });
  afterAll(async () => {
    await layer?.stop();
  });

  it('lookups keep answering while a reader holds the view, and the swap lands once the reader ends', async () => {
    const before = await state();
    const reader = await asParcelSvc();
    await reader.query('BEGIN');
    await reader.query(`SELECT count(*) FROM layer_pub.power_substations`);
    const probe = await lookups();
    let settled = false;
    let gaveWay = 0;
    const refresh = refreshFrom('power_substations', { 'power_substations.geojsonl': substations(30) }, 120_000, (message) => {
      if (message.includes('gave way')) gaveWay++;
    }).finally(() => (settled = true));
    // The refresh loads, then tries to swap and gives way, again and again while the reader holds the view.
    const started = Date.now();
    while (gaveWay < 4 && !settled && Date.now() - started < 90_000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).toBe(false);
    expect(gaveWay).toBeGreaterThanOrEqual(4);
    expect(await state()).toEqual(before);
    const during = { ...(await probe.stop()) };
    await reader.query('COMMIT');
    await reader.end();
    const result = await refresh;
    expect(result).toMatchObject({ status: 'succeeded', feature_count: 30 });
    expect(await servedCount()).toBe(30);
    // Every lookup answered; none waited longer than an attempt's lock timeout and some slack.
    expect(during.failed).toBe(0);
    expect(during.answered).toBeGreaterThan(10);
    expect(during.slowestMs).toBeLessThan(POLICY.lockTimeoutMs + 1500);
  });

  it('a refresh that cannot swap within its bound says so, records it, and leaves the old version served', async () => {
    const before = await state();
    const reader = await asParcelSvc();
    await reader.query('BEGIN');
    await reader.query(`SELECT count(*) FROM layer_pub.power_substations`);
    const readerPid = (await reader.query<{ pid: number }>(`SELECT pg_backend_pid() AS pid`)).rows[0]!.pid;
    const probe = await lookups();
    try {
      const failure = await refreshFrom('power_substations', { 'power_substations.geojsonl': substations(40) }, 2000).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(SwapBlockedError);
      const message = (failure as Error).message;
      expect(message).toMatch(/Could not swap in the new version of power_substations: readers held its published view/);
      expect(message).toContain(`pid ${readerPid}`);
      expect(message).toMatch(/the previous version stays served/);
    } finally {
      const stats = await probe.stop();
      expect(stats.failed).toBe(0);
      expect(stats.answered).toBeGreaterThan(5);
      expect(stats.slowestMs).toBeLessThan(POLICY.lockTimeoutMs + 1500);
      await reader.query('COMMIT');
      await reader.end();
    }
    expect(await state()).toEqual(before);
    expect(await servedCount()).toBe(30);
    const [run] = await layer.sql<{ status: string; error: string }>(`SELECT status, error FROM layer.refresh_runs WHERE layer_id = 'power_substations' ORDER BY started_at DESC LIMIT 1`);
    expect(run).toMatchObject({ status: 'not_swapped' });
    expect(run!.error).toMatch(/Could not swap/);
    // The version that could not be swapped in is discarded.
    const tables = await layer.sql<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'layer' AND table_name LIKE 'f\\_power\\_substations\\_\\_%' AND table_name NOT LIKE '%\\_sub' ORDER BY 1`,
    );
    expect(tables.map((row) => row.table_name)).toContain(before.table_name);
    expect(tables.length).toBeLessThanOrEqual(2);
  });
});
