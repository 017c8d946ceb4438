import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

describe('error envelope for requests the API cannot serve', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack({ scopes: ['parcels:read'] })));
  afterAll(() => stack?.stop());

  it('answers an unknown route with 404 not_found in the envelope', async () => {
    const res = await stack.api().get<ErrorEnvelope>('/v1/no-such-thing', { key: stack.apiKey, skipOpenApiCheck: true });
    expect(res.status).toBe(404);
    expect(res.header('content-type')).toMatch(/^application\/json/);
    expect(res.json().error).toMatchObject({ code: 'not_found' });
    expect(res.json().error.message).toContain('/v1/no-such-thing');
  });

  it('answers a path ending with a slash with 404 in the envelope, never the list of the path without it', async () => {
    const parcelId = (await stack.sql<{ id: string }>(`SELECT id FROM layer_pub.parcels ORDER BY id LIMIT 1`))[0]!.id;
    // an item route built with an empty id, an item with a slash after its id, a list
    for (const path of ['/v1/parcels/', `/v1/parcels/${encodeURIComponent(parcelId)}/`, '/v1/scenarios/']) {
      const res = await stack.api().get<ErrorEnvelope>(path, { key: stack.apiKey, skipOpenApiCheck: true });
      expect(res.status).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(res.json().error.message).toContain("never end with '/'");
    }
    // the same paths without the slash are served
    expect((await stack.api().get(`/v1/parcels/${encodeURIComponent(parcelId)}`, { key: stack.apiKey })).status).toBe(200);
  });

  it('answers a malformed JSON body with 400 invalid_request', async () => {
    const res = await stack.api().post<ErrorEnvelope>('/v1/parcels/batch', { key: stack.apiKey, rawBody: '{"parcel_ids": [', skipOpenApiCheck: true });
    expect(res.status).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(/JSON/);
  });

  it('answers a body that is too large with 413 payload_too_large, every time (never a broken pipe)', async () => {
    // The client is still sending when the gateway decides; the answer must reach it regardless.
    const rawBody = JSON.stringify({ parcel_ids: ['x'.repeat(2_000_000)] });
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await stack.api().post<ErrorEnvelope>('/v1/parcels/batch', { key: stack.apiKey, rawBody, skipOpenApiCheck: true });
      expect(res.status).toBe(413);
      expect(res.json().error.code).toBe('payload_too_large');
      expect(res.json().error.message).toContain('at most 1048576 bytes');
    }
  });
});
