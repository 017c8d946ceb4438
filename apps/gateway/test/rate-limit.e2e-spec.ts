import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

describe('per-key rate limit shared by two gateway replicas', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack({ gateways: 2, gatewayEnv: { RATE_LIMIT_PER_MINUTE: '6' } })));
  afterAll(() => stack?.stop());

  it('counts requests made through either replica against one budget and answers 429 with Retry-After', async () => {
    const key = await stack.createKey(['parcels:read']);
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const res = await stack.api(index % 2).get('/v1/parcels/306401_1.0012.1', { key });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
    for (const replica of [0, 1]) {
      const res = await stack.api(replica).get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1', { key });
      expect(res.status).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
      const retryAfter = Number(res.header('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.json().error.message).toContain(`${retryAfter} s`);
    }
  });

  it('admits exactly the budget when many requests race through both replicas at once', async () => {
    const key = await stack.createKey(['parcels:read']);
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, index) => stack.api(index % 2).get('/v1/parcels/306401_1.0012.1', { key }).then((res) => res.status)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(18);
  });

  it('keeps separate budgets for separate keys', async () => {
    const first = await stack.createKey(['parcels:read']);
    const second = await stack.createKey(['parcels:read']);
    for (let index = 0; index < 6; index++) await stack.api(index % 2).get('/v1/parcels/306401_1.0012.1', { key: first });
    expect((await stack.api(0).get('/v1/parcels/306401_1.0012.1', { key: first })).status).toBe(429);
    expect((await stack.api(1).get('/v1/parcels/306401_1.0012.1', { key: second })).status).toBe(200);
  });

  it('honours a per-key limit above the default', async () => {
    const key = await stack.createKey(['parcels:read'], { rateLimitPerMinute: 20 });
    const statuses: number[] = [];
    for (let index = 0; index < 10; index++) statuses.push((await stack.api(index % 2).get('/v1/parcels/306401_1.0012.1', { key })).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
  });
});
