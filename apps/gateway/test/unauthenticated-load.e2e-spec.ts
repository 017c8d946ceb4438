import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateApiKey } from '../src/auth/api-key.js';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

// One failure refills every 10 s: slow enough that a busy machine does not blur the budget.
const FAILURES_PER_MINUTE = 6;
const PUBLIC_PER_MINUTE = 5;

describe('traffic without a valid key', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({
      // the test client stands in for a proxy on loopback (an Ingress controller in production)
      gatewayEnv: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(FAILURES_PER_MINUTE), RATE_LIMIT_PUBLIC_PER_MINUTE: String(PUBLIC_PER_MINUTE), TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(() => stack?.stop());

  const keyLookups = async (): Promise<number> => {
    const text = await (await fetch(`${stack.opsUrl()}/metrics`)).text();
    return Number(/^lp_gateway_key_lookups_total (\S+)$/m.exec(text)?.[1] ?? 'NaN');
  };

  it('looks a repeated invalid key up in the database once, not on every request', async () => {
    const invalid = generateApiKey().key;
    const before = await keyLookups();
    for (let index = 0; index < 5; index++) {
      const res = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1', { key: invalid });
      expect(res.status).toBe(401);
    }
    expect((await keyLookups()) - before).toBe(1);
  });

  it('answers 429 with Retry-After to an address that keeps failing, without further lookups', async () => {
    const unknownKey = () => stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1', { key: generateApiKey().key });
    let failures = 0;
    let res = await unknownKey();
    while (res.status === 401 && failures < 20) {
      failures++;
      res = await unknownKey();
    }
    // The first test spent 5 of the 6; a refill or two may come while this one runs.
    expect(failures).toBeLessThanOrEqual(3);
    expect(res.status).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(res.json().error.message).toMatch(/without a valid API key/);
    expect(Number(res.header('retry-after'))).toBeGreaterThan(0);
    const lookupsWhenBlocked = await keyLookups();
    const after: number[] = [];
    for (let index = 0; index < 5; index++) after.push((await unknownKey()).status);
    expect(after).toEqual([429, 429, 429, 429, 429]);
    expect(await keyLookups()).toBe(lookupsWhenBlocked);
  });

  it('limits the public report-link route per address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < PUBLIC_PER_MINUTE + 3; index++) {
      statuses.push((await stack.api().get(`/v1/reports/${'A'.repeat(43)}.pdf`)).status);
    }
    expect(statuses.slice(0, PUBLIC_PER_MINUTE)).toEqual(Array(PUBLIC_PER_MINUTE).fill(404));
    expect(statuses.slice(PUBLIC_PER_MINUTE)).toEqual([429, 429, 429]);
    // behind a trusted proxy each client has its own budget (named by X-Forwarded-For), not the proxy's
    const viaProxy = await stack.api().get(`/v1/reports/${'A'.repeat(43)}.pdf`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(viaProxy.status).toBe(404);
    expect((await stack.api().get(`/v1/reports/${'A'.repeat(43)}.pdf`)).status).toBe(429);
  });
});
