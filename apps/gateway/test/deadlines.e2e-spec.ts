import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { eventually } from '@lp/testing';
import pg from 'pg';
import { GatewayStack, type ErrorEnvelope } from './gateway-stack.js';

/**
 * The gateway's deadline travels to the service (NATS header) and is enforced in PostgreSQL: a
 * statement still running when the caller gave up is cancelled, so abandoned work stops. Searches
 * are held back deterministically by a lock the test takes on the search index.
 */
describe('deadlines carried to the database', () => {
  const searchTimeoutMs = 800;
  let stack: GatewayStack;
  let key: string;

  const search = (region?: string) =>
    stack.api().post<ErrorEnvelope>('/v1/search/parcels', { key, body: { filters: { area_sqm: { min: 1 } }, limit: 5, ...(region ? { region } : {}) } });

  /** Statements of search-svc that are running or waiting right now. */
  const busySearchStatements = async (): Promise<number> =>
    Number(
      (
        await stack.sql<{ n: string }>(
          `SELECT count(*) AS n FROM pg_stat_activity
           WHERE datname = current_database() AND application_name = 'search-svc' AND state = 'active'`,
        )
      )[0]!.n,
    );

  beforeAll(async () => {
    stack = await GatewayStack.start({ services: ['search-svc'], gatewayEnv: { SEARCH_TIMEOUT_MS: String(searchTimeoutMs) } });
    key = await stack.createKey(['search:read']);
    await eventually(async () => expect((await search()).status).toBe(200), 60_000);
  }, 90_000);
  afterAll(() => stack?.stop());

  it('stops the database work of 32 abandoned national searches at their deadline', async () => {
    const locker = new pg.Client({ connectionString: stack.db.url, application_name: 'test-locker' });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE search.parcel_index IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: 32 }, () => search()));
      const answeredIn = Date.now() - started;
      expect(answers.map((res) => res.status)).toEqual(Array(32).fill(504));
      expect(answers[0]!.json().error.code).toBe('upstream_timeout');
      expect(answeredIn).toBeLessThan(searchTimeoutMs + 1500);
      // Every statement was cancelled at the deadline (none left waiting on the lock), and the
      // requests still queued for a pool connection were refused without reaching the server.
      await eventually(async () => expect(await busySearchStatements()).toBe(0), 1000);
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    // Nothing abandoned runs after the lock is gone: a fresh search answers at once.
    const fresh = Date.now();
    expect((await search()).status).toBe(200);
    expect(Date.now() - fresh).toBeLessThan(500);
    const metrics = await fetch(`http://127.0.0.1:${stack.processes.get('search-svc')!.opsPort}/metrics`).then((res) => res.text());
    expect(metrics).toMatch(/lp_rpc_handler_duration_seconds_count\{subject="search\.parcels\.run",outcome="error"\} (3[2-9]|[4-9]\d)/);
  });
});
