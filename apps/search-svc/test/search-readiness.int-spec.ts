// Not startServiceUnderTest: search-svc is started inside the test, since its readiness from the first moment is what is measured.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, SearchSubjects, type HealthView, type SearchResponseView } from '@lp/contracts';
import { NatsRpcClient, type RunningService } from '@lp/messaging';
import { loadEnv } from '@lp/runtime';
import { createTestDatabase, startNatsServer, type TestDatabase, type TestNatsServer } from '@lp/testing';
import { SearchSvcEnv } from '../src/config/search-svc.env.js';
import { startSearchSvc } from '../src/search-svc.app.js';

/**
 * No 503 window: search-svc started on a fresh database (no search index yet) says not ready on its
 * ops port while it builds the index, and once it says ready no search answers 503.
 */
describe('search-svc readiness while the search index builds', () => {
  let db: TestDatabase;
  let nats: TestNatsServer;
  let service: RunningService;
  let client: NatsRpcClient;

  beforeAll(async () => {
    [db, nats] = await Promise.all([createTestDatabase('demo'), startNatsServer()]);
    client = await NatsRpcClient.connect(nats.url, 'readiness-test');
  }, 120_000);
  afterAll(async () => {
    await client?.close();
    await service?.close();
    await nats?.stop();
    await db?.drop();
  });

  const readyz = async (): Promise<{ status: number; body: HealthView }> => {
    const response = await fetch(`http://127.0.0.1:${service.opsPort}/readyz`);
    return { status: response.status, body: (await response.json()) as HealthView };
  };
  const search = (region?: string): Promise<SearchResponseView> =>
    client.callRaw<SearchResponseView>(SearchSubjects.parcelsRun, { ...(region ? { region } : {}), filters: { area_sqm: { min: 500 } }, limit: 5 }, { requestId: 'readiness', timeoutMs: 30_000 });

  it('is not ready while gminas have no index build, and once ready every search answers', async () => {
    service = await startSearchSvc(loadEnv(SearchSvcEnv, { DATABASE_URL: db.urlAs('search_svc'), NATS_URL: nats.url, LOG_LEVEL: 'warn', DB_POOL_SIZE: '4', OPS_PORT: '0' }));
    const notReady: string[] = [];
    const deadline = Date.now() + 240_000;
    for (;;) {
      const { status, body } = await readyz();
      if (status === 200) {
        expect(body.checks['search_index']).toBe('ok');
        break;
      }
      expect(status).toBe(503);
      notReady.push(body.checks['search_index'] ?? '');
      if (Date.now() > deadline) throw new Error(`not ready after 240 s: ${JSON.stringify(body)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // a fresh database has no build: the first answers said so, with the progress
    expect(notReady.length).toBeGreaterThan(0);
    expect(notReady.some((check) => /building, \d+ of \d+ gminas done|checking/.test(check))).toBe(true);

    // ready: searches of all of Poland and of every gmina with parcels answer, none with 503
    const gminas = (await db.sql<{ teryt: string }>(`SELECT DISTINCT teryt FROM layer_pub.parcels ORDER BY teryt`)).map((row) => row.teryt);
    for (const region of [undefined, ...gminas]) {
      const answer = await search(region).catch((error: unknown) => error as AppError);
      if (answer instanceof Error) throw new Error(`search ${region ?? 'of Poland'} failed once ready: ${answer.code ?? ''} ${answer.message}`);
      expect(answer.blocked).toBe(false);
    }
    const built = await db.sql<{ n: number }>(`SELECT count(*)::int AS n FROM search.index_builds`);
    expect(built[0]!.n).toBe(gminas.length);
  }, 300_000);
});
