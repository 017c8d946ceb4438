import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

describe('API keys and scopes', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack()));
  afterAll(() => stack?.stop());

  it('answers a request without a key with 401 in the error envelope', async () => {
    const res = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1');
    expect(res.status).toBe(401);
    expect(res.json().error).toMatchObject({ code: 'unauthorized' });
    expect(res.json().error.message).toMatch(/Authorization: Bearer/);
    expect(res.json().error.request_id).toBe(res.header('x-request-id'));
  });

  it('answers a wrong key with 401', async () => {
    const res = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1', { key: 'lp_abcdefgh23_notTheRightSecretAtAll0000000' });
    expect(res.status).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('answers a key without the route scope with 403 insufficient_scope naming the scope', async () => {
    const key = await stack.createKey(['search:read']);
    const res = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1', { key });
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('insufficient_scope');
    expect(res.json().error.message).toContain('parcels:read');
  });

  it('takes the key as the password of basic authentication, for GIS clients that offer nothing else', async () => {
    const key = await stack.createKey(['parcels:read']);
    const basic = (credentials: string): Record<string, string> => ({ authorization: `Basic ${Buffer.from(credentials).toString('base64')}` });
    const parcel = await stack.api().get('/v1/parcels/306401_1.0012.105%2F12', { headers: basic(`qgis:${key}`) });
    expect(parcel.status).toBe(200);
    const anyUser = await stack.api().get('/v1/parcels/306401_1.0012.105%2F12', { headers: basic(`apikey:${key}`) });
    expect(anyUser.status).toBe(200);
    const wrong = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.105%2F12', { headers: basic(`qgis:${key}x`) });
    expect(wrong.status).toBe(401);
    const empty = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.105%2F12', { headers: basic('qgis:') });
    expect(empty.status).toBe(401);
    expect(empty.json().error.message).toMatch(/put the API key in the password/);
  });

  it('stops accepting a key once it is revoked', async () => {
    const key = await stack.createKey(['parcels:read']);
    expect((await stack.api().get('/v1/parcels/306401_1.0012.1', { key })).status).toBe(200);
    await stack.sql(`UPDATE gateway.api_keys SET revoked_at = now() WHERE prefix = $1`, [key.split('_')[1]]);
    const res = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.1', { key });
    expect(res.status).toBe(401);
    expect(res.json().error.message).toMatch(/revoked/);
  });

  it('stores only a hash of the secret', async () => {
    const key = await stack.createKey(['parcels:read']);
    const secret = key.split('_').slice(2).join('_');
    const rows = await stack.sql<{ secret_hash: Buffer }>(`SELECT secret_hash FROM gateway.api_keys WHERE prefix = $1`, [key.split('_')[1]]);
    expect(rows[0]!.secret_hash.toString('utf8')).not.toContain(secret);
    expect(rows[0]!.secret_hash.length).toBe(32);
  });
});
