import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ErrorEnvelope, eventually, startTestStack, type TestStack } from '@lp/testing';
import pg from 'pg';

/**
 * Cost, not count (docs/fair-shares.md): a key's heavy work is capped in flight and priced against
 * a cost budget, the gateway sheds heavy work first when saturated, and other keys' lookups pass
 * throughout. National assemblies are held in flight deterministically by a lock the test takes on
 * the search index; a parcel lookup (parcel-svc) does not read it.
 */
describe('fair shares between keys', () => {
  let stack: TestStack;
  let abuser: string;
  let victim: string;
  const national = { filters: {}, assembly: { min_total_area_sqm: 20_000 }, limit: 2 };

  /** A national assembly whose client can go away: raw fetch, so the test can abort it. */
  const heldAssembly = (key: string) => {
    const client = new AbortController();
    const answer = fetch(`${stack.gatewayUrl}/v1/search/assemblies`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(national),
      signal: client.signal,
    }).catch((error: Error) => error.name);
    return { drop: () => client.abort(), answer };
  };
  const assembly = (key: string) => stack.api().post<ErrorEnvelope>('/v1/search/assemblies', { key, body: national });
  const lookup = (key: string) => stack.api().get('/v1/parcels/306401_1.0012.3', { key });
  const activeAssemblyStatements = async (): Promise<number> =>
    Number((await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'search-svc' AND state = 'active'`))[0]!.n);

  beforeAll(async () => {
    stack = await startTestStack({
      services: ['search-svc', 'parcel-svc'],
      gatewayEnv: { HEAVY_IN_FLIGHT_PER_SERVICE: '2', COST_BUDGET_PER_MINUTE: '1000', SEARCH_TIMEOUT_MS: '20000' },
    });
    abuser = await stack.createKey(['search:read', 'parcels:read'], { name: 'abuser' });
    victim = await stack.createKey(['search:read', 'parcels:read'], { name: 'victim' });
    await eventually(async () => expect((await assembly(stack.apiKey)).status).toBe(200), 120_000);
  }, 200_000);
  afterAll(() => stack?.stop());

  it('holds one national assembly per key in flight, sheds the service\'s third with 503, and lets lookups through', async () => {
    const locker = new pg.Client({ connectionString: stack.db.url, application_name: 'test-locker' });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE search.parcel_index IN ACCESS EXCLUSIVE MODE');
      const first = heldAssembly(abuser);
      await eventually(async () => expect(await activeAssemblyStatements()).toBeGreaterThan(0), 10_000);
      // the same key's second is its own doing: 429, retry when an answer came
      const second = await assembly(abuser);
      expect(second.status).toBe(429);
      expect(second.headers['retry-after']).toBe('1');
      expect(second.json().error.message).toMatch(/already has 1 assembly_national request\(s\) in flight/);
      // a second key fills the service's two national assemblies; a third key's is shed with 503
      const other = heldAssembly(victim);
      await eventually(async () => expect(await activeAssemblyStatements()).toBeGreaterThan(1), 10_000);
      const shed = await assembly(stack.apiKey);
      expect(shed.status).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json().error.code).toBe('service_unavailable');
      // lookups of every key pass while all that is held
      for (const key of [abuser, victim, stack.apiKey]) expect((await lookup(key)).status).toBe(200);
      // the abuser drops its assembly early: the slot comes back at once and its statement is cancelled
      first.drop();
      other.drop();
      expect(await first.answer).toBe('AbortError');
      await eventually(async () => expect(await activeAssemblyStatements()).toBe(0), 2_000);
      await locker.query('COMMIT');
    } finally {
      await locker.end();
    }
    expect((await assembly(abuser)).status).toBe(200);
  }, 60_000);

  it('prices national assemblies against the key\'s cost budget, leaving the key\'s gmina searches their share', async () => {
    const spender = await stack.createKey(['search:read'], { name: 'spender' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await assembly(spender)).status);
    // 1,000 units a minute, 200 a national assembly: five, then 429 naming the budget
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const refused = await assembly(spender);
    expect(refused.json().error.message).toMatch(/cost budget of 1000 units a minute is spent \(a assembly_national request costs 200\)/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const gmina = await stack.api().post('/v1/search/parcels', { key: victim, body: { region: '3064011', filters: {}, limit: 5 } });
    expect(gmina.status).toBe(200);
    expect(gmina.headers['x-cost-units']).toBe('3');
  }, 60_000);
});
