import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateApiKey } from '../src/auth/api-key.js';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

const FAILURES_PER_MINUTE = 6;

/**
 * Behind the Ingress every client reaches the gateway from the controller's address. With the
 * production overlay's TRUST_PROXY=1 (deploy/k8s/test/proxy-trust.spec.ts) the gateway counts each
 * client by the X-Forwarded-For the controller sets, so one address guessing keys does not lock
 * out the other clients behind the same proxy. The test client stands in for the controller.
 */
describe('clients behind one proxy', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await startTestStack({ gatewayEnv: { RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: String(FAILURES_PER_MINUTE), TRUST_PROXY: '1' } });
  });
  afterAll(() => stack?.stop());

  const get = (key: string, client: string) =>
    stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.3', { key, headers: { 'x-forwarded-for': client } });

  it("keep their own budgets: one address's bad keys do not refuse another's fresh valid keys", async () => {
    const attacker = '203.0.113.66';
    const statuses: number[] = [];
    for (let i = 0; i < FAILURES_PER_MINUTE + 4; i++) statuses.push((await get(generateApiKey().key, attacker)).status);
    expect(statuses.slice(0, FAILURES_PER_MINUTE)).toEqual(Array(FAILURES_PER_MINUTE).fill(401));
    expect(statuses.slice(-3)).toEqual([429, 429, 429]);
    // twelve fresh valid keys of another client behind the same proxy: none refused
    const keys = await Promise.all(Array.from({ length: 12 }, (_, i) => stack.createKey(['parcels:read'], { name: `victim-${i}` })));
    const victim: number[] = [];
    for (const key of keys) victim.push((await get(key, '198.51.100.23')).status);
    expect(victim).toEqual(Array(12).fill(200));
    // the attacker's own address stays refused, even with a valid key it has not used yet
    const blocked = await get(await stack.createKey(['parcels:read']), attacker);
    expect(blocked.status).toBe(429);
    expect(blocked.json().error.message).toMatch(/without a valid API key from this address/);
  });
});
