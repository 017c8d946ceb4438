import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParcelFeatureView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

describe('GET /v1/parcels/{parcel_id} through gateway, NATS and parcel-svc', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack({ scopes: ['parcels:read'] })));
  afterAll(() => stack?.stop());

  it('returns the parcel as a GeoJSON feature in WGS84 with provenance', async () => {
    const res = await stack.api().get<ParcelFeatureView>('/v1/parcels/306401_1.0012.1', { key: stack.apiKey });
    expect(res.status).toBe(200);
    expect(res.header('content-type')).toMatch(/^application\/geo\+json/);
    const feature = res.json();
    expect(feature.type).toBe('Feature');
    expect(feature.id).toBe('306401_1.0012.1');
    expect(feature.geometry.type).toBe('Polygon');
    const [lng, lat] = (feature.geometry.coordinates as number[][][])[0]![0]!;
    expect(lng).toBeGreaterThan(16.8);
    expect(lng).toBeLessThan(17.0);
    expect(lat).toBeGreaterThan(52.3);
    expect(lat).toBeLessThan(52.5);
    expect(feature.properties).toMatchObject({ teryt: '3064011', gmina: 'Poznań', number: '1', precinct_id: '306401_1.0012' });
    expect(feature.properties.area_sqm).toBeCloseTo(59.5 * 39.5, 1);
    expect(feature.properties.provenance).toMatchObject({ layer: 'parcels', source_run_id: expect.stringMatching(/^parcels-\d+$/) });
    // A local file load is named by its file, never by its path on the server.
    expect(feature.properties.provenance.source_url).toBe('local-file:parcels.geojsonl');
    expect(feature.properties.provenance.source_bbox).toHaveLength(4);
  });

  it('accepts an id whose slash arrives URL-encoded', async () => {
    const res = await stack.api().get<ParcelFeatureView>('/v1/parcels/306401_1.0012.100%2F2', { key: stack.apiKey });
    expect(res.status).toBe(200);
    expect(res.json().properties.number).toBe('100/2');
  });

  it('accepts an id with a map sheet', async () => {
    const res = await stack.api().get<ParcelFeatureView>(`/v1/parcels/${encodeURIComponent('306401_1.0012.AR_3.47/2')}`, { key: stack.apiKey });
    expect(res.status).toBe(200);
    expect(res.json().id).toBe('306401_1.0012.AR_3.47/2');
  });

  it('answers an unknown id with 404 and close ids as candidates', async () => {
    const res = await stack.api().get<ErrorEnvelope>('/v1/parcels/306401_1.0012.100%2F7', { key: stack.apiKey });
    expect(res.status).toBe(404);
    const { error } = res.json();
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('306401_1.0012.100/7');
    expect(error.candidates).toEqual(expect.arrayContaining(['306401_1.0012.100/1']));
    expect(error.candidates!.length).toBeLessThanOrEqual(5);
    expect(error.request_id).toBe(res.header('x-request-id'));
  });

  it('rejects a malformed id with 400 saying what an id looks like', async () => {
    const res = await stack.api().get<ErrorEnvelope>(`/v1/parcels/${encodeURIComponent('drop table;')}`, { key: stack.apiKey });
    expect(res.status).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(/EGiB parcel id/);
  });

  it('echoes the caller X-Request-Id and passes it to the service in NATS headers', async () => {
    const { connect } = await import('@nats-io/transport-node');
    const nats = await connect({ servers: stack.nats.url });
    const seen: string[] = [];
    // A plain (non-queue) subscriber sees a copy of every request without answering it.
    const spy = nats.subscribe('parcel.get', {
      callback: (_error, message) => {
        seen.push(message.headers?.get('x-request-id') ?? '');
      },
    });
    await nats.flush();
    const res = await stack.api().get('/v1/parcels/306401_1.0012.2', { key: stack.apiKey, headers: { 'x-request-id': 'trace-abc-123' } });
    spy.unsubscribe();
    await nats.close();
    expect(res.status).toBe(200);
    expect(res.header('x-request-id')).toBe('trace-abc-123');
    expect(seen).toContain('trace-abc-123');
  });
});
