import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ErrorEnvelope, eventually, startTestStack, type TestStack } from '@lp/testing';
import pg from 'pg';

/**
 * A client that goes away stops the work it started: the gateway tells the service over the bus
 * (a cancel message naming the call), and the service cancels the request's statement in
 * PostgreSQL at once, long before the deadline would have. The search is held deterministically
 * by a lock the test takes on the search index, so its statement is visibly waiting.
 */
describe('a dropped request', () => {
  const searchTimeoutMs = 20_000;
  let stack: TestStack;

  const body = JSON.stringify({ filters: { area_sqm: { min: 1 } }, limit: 5 });
  const search = () => stack.api().post<ErrorEnvelope>('/v1/search/parcels', { key: stack.apiKey, body: { ...JSON.parse(body), region: '3064011' } });

  /** search-svc's statements running or waiting right now, with their text. */
  const searchStatements = (): Promise<Array<{ pid: number; query: string }>> =>
    stack.sql(
      `SELECT pid, query FROM pg_stat_activity
       WHERE datname = current_database() AND application_name = 'search-svc' AND state = 'active'`,
    );

  const cancelledMetric = async (): Promise<number> => {
    const metrics = await fetch(`http://127.0.0.1:${stack.processes.get('search-svc')!.opsPort}/metrics`).then((res) => res.text());
    return Number(/lp_rpc_cancelled_total\{subject="search\.parcels\.run"\} (\d+)/.exec(metrics)?.[1] ?? 0);
  };

  beforeAll(async () => {
    stack = await startTestStack({ services: ['search-svc'], gatewayEnv: { SEARCH_TIMEOUT_MS: String(searchTimeoutMs) }, scopes: ['search:read'] });
    await eventually(async () => expect((await search()).status).toBe(200), 120_000);
  }, 200_000);
  afterAll(() => stack?.stop());

  it('has its PostgreSQL statement cancelled within seconds of the client going away, not at the 20 s deadline', async () => {
    const locker = new pg.Client({ connectionString: stack.db.url, application_name: 'test-locker' });
    await locker.connect();
    const before = await cancelledMetric();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE search.parcel_index IN ACCESS EXCLUSIVE MODE');
      const client = new AbortController();
      const dropped = fetch(`${stack.gatewayUrl}/v1/search/parcels`, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
        body,
        signal: client.signal,
      }).catch((error: Error) => error.name);
      // the search's statement is in PostgreSQL, waiting on the lock
      await eventually(async () => expect((await searchStatements()).length).toBeGreaterThan(0), 10_000);
      const waiting = await searchStatements();
      const droppedAt = Date.now();
      client.abort();
      expect(await dropped).toBe('AbortError');
      await eventually(async () => expect(await searchStatements()).toEqual([]), 5_000);
      const stoppedInMs = Date.now() - droppedAt;
      console.log(`statement(s) ${waiting.map((s) => s.pid).join(', ')} cancelled ${stoppedInMs} ms after the client went away (deadline ${searchTimeoutMs} ms)`);
      expect(stoppedInMs).toBeLessThan(5_000);
      expect(await cancelledMetric()).toBe(before + 1);
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    // nothing abandoned is left holding a connection: the next search answers
    expect((await search()).status).toBe(200);
  }, 60_000);

  it('leaves a request whose client stays to answer as before', async () => {
    const before = await cancelledMetric();
    const answers = await Promise.all(Array.from({ length: 4 }, () => search()));
    expect(answers.map((res) => res.status)).toEqual([200, 200, 200, 200]);
    expect(await cancelledMetric()).toBe(before);
  });
});
