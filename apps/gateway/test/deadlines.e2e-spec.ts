import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ErrorEnvelope, eventually, startTestStack, type TestStack } from '@lp/testing';
import pg from 'pg';

/**
 * The gateway's deadline travels to the service (NATS header) and is enforced in PostgreSQL: a
 * statement still running when the caller gave up is cancelled, so abandoned work stops. Searches
 * are held back deterministically by a lock the test takes on the search index.
 */
describe('deadlines carried to the database', () => {
  const searchTimeoutMs = 2000;
  let stack: TestStack;

  const search = (region?: string) =>
    stack.api().post<ErrorEnvelope>('/v1/search/parcels', { key: stack.apiKey, body: { filters: { area_sqm: { min: 1 } }, limit: 5, ...(region ? { region } : {}) } });

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
    // one key sends 32 national searches at once here: the fair-share caps (docs/fair-shares.md) are lifted
    const uncapped = { HEAVY_IN_FLIGHT_PER_KEY: '64', HEAVY_IN_FLIGHT_PER_SERVICE: '64', KEY_IN_FLIGHT_UNITS: '100000', SERVICE_IN_FLIGHT_UNITS: '100000' };
    stack = await startTestStack({ services: ['search-svc'], gatewayEnv: { SEARCH_TIMEOUT_MS: String(searchTimeoutMs), ...uncapped }, scopes: ['search:read'] });
    await eventually(async () => expect((await search()).status).toBe(200), 120_000);
  }, 200_000);
  afterAll(() => stack?.stop());

  it('answers a compile with 5,000 unknown params at the edge and 200 at the service with short 400s', async () => {
    // Before, the message listed every param with the scenario's parameters (over 1 MiB) and the reply was lost (504).
    // 5,000 keys are now refused by the body limits before any conversion; 200 (the most one object may
    // have) reach the service, whose message must stay bounded.
    const tooMany = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`unknown_param_${i}`, 1]));
    const refused = await stack.api().post<ErrorEnvelope>('/v1/scenarios/bess_storage/compile', { key: stack.apiKey, body: { params: tooMany } });
    expect(refused.status).toBe(400);
    expect(refused.json().error.message).toMatch(/more than 200 keys/);
    const params = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`unknown_param_${i}`, 1]));
    const started = Date.now();
    const res = await stack.api().post<ErrorEnvelope>('/v1/scenarios/bess_storage/compile', { key: stack.apiKey, body: { params } });
    console.log(`compile with 200 unknown params: ${res.status} in ${Date.now() - started} ms, ${res.body.length} bytes`);
    expect(res.status).toBe(400);
    const { message } = res.json().error;
    expect(message).toMatch(/^params\.unknown_param_0 is not a parameter of bess_storage; its parameters: /);
    // At most 10 problems named, the rest counted, and never more than 2,000 characters.
    expect(message).toMatch(/(and 190 more problems|more characters\))$/);
    expect(message.length).toBeLessThan(2100);
  });

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
      console.log(`32 searches held by a lock: all answered 504 in ${answeredIn} ms`);
      // Every statement was cancelled at the deadline (none left waiting on the lock), and the
      // requests still queued for a pool connection were refused without reaching the server.
      await eventually(async () => expect(await busySearchStatements()).toBe(0), 1000);
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    // Nothing abandoned is left: a fresh search answers.
    expect((await search()).status).toBe(200);
    const metrics = await fetch(`http://127.0.0.1:${stack.processes.get('search-svc')!.opsPort}/metrics`).then((res) => res.text());
    expect(metrics).toMatch(/lp_rpc_handler_duration_seconds_count\{subject="search\.parcels\.run",outcome="error"\} (3[2-9]|[4-9]\d)/);
  }, 60_000);
});
