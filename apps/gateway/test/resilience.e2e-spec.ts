import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

describe('gateway when a service is missing or slow', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack({ gatewayEnv: { RPC_TIMEOUT_MS: '700' }, scopes: ['parcels:read'] })));
  afterAll(() => stack?.stop());

  it('answers 503 service_unavailable within a second once parcel-svc is stopped', async () => {
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key: stack.apiKey })).status).toBe(200);
    await stack.stopService('parcel-svc');
    const started = Date.now();
    const res = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1', { key: stack.apiKey });
    const elapsed = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.json().error.code).toBe('service_unavailable');
    expect(res.json().error.message).toMatch(/parcel service/);
    expect(elapsed).toBeLessThan(1000);
  });

  it('answers 504 upstream_timeout when the service takes longer than the deadline', async () => {
    const { connect } = await import('@nats-io/transport-node');
    const nats = await connect({ servers: stack.nats.url });
    // A responder that joins the queue group and never answers.
    const silent = nats.subscribe('parcel.get', { queue: 'parcel-svc', callback: () => undefined });
    await nats.flush();
    const started = Date.now();
    const res = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1', { key: stack.apiKey });
    const elapsed = Date.now() - started;
    silent.unsubscribe();
    await nats.close();
    expect(res.status).toBe(504);
    expect(res.json().error.code).toBe('upstream_timeout');
    expect(elapsed).toBeGreaterThanOrEqual(650);
    expect(elapsed).toBeLessThan(3000);
  });

  it('serves again once parcel-svc is back', async () => {
    await stack.startService('parcel-svc');
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key: stack.apiKey })).status).toBe(200);
  });
});
