import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParcelBatchView, ParcelFeatureView, ParcelSuggestionView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

describe('literal parcel paths: /at, /autocomplete, /batch', () => {
  let stack: TestStack;
  let inside: [number, number];

  beforeAll(async () => {
    stack = await startTestStack({ scopes: ['parcels:read'] });
    const parcel = (await stack.api().get<ParcelFeatureView>('/v1/parcels/306401_1.0012.3', { key: stack.apiKey })).json();
    inside = parcel.properties.centroid as [number, number];
  });
  afterAll(() => stack?.stop());

  it('finds the parcel containing a point, with distance 0', async () => {
    const res = await stack.api().get<ParcelFeatureView>(`/v1/parcels/at?lng=${inside[0]}&lat=${inside[1]}`, { key: stack.apiKey });
    expect(res.status).toBe(200);
    expect(res.json().id).toBe('306401_1.0012.3');
    expect(res.json().properties.distance_m).toBe(0);
  });

  it('falls back to the nearest parcel within 200 m', async () => {
    // About 100 m south of the fixture grid.
    const res = await stack.api().get<ParcelFeatureView>(`/v1/parcels/at?lng=${inside[0]}&lat=${inside[1] - 0.0012}`, { key: stack.apiKey });
    expect(res.status).toBe(200);
    expect(res.json().properties.distance_m).toBeGreaterThan(0);
    expect(res.json().properties.distance_m).toBeLessThanOrEqual(200);
  });

  it('answers 404 far from any parcel and 400 for a point outside Poland or not a number', async () => {
    expect((await stack.api().get<ErrorEnvelope>(`/v1/parcels/at?lng=${inside[0]}&lat=${inside[1] + 0.05}`, { key: stack.apiKey })).status).toBe(404);
    const outside = await stack.api().get<ErrorEnvelope>('/v1/parcels/at?lng=2.35&lat=48.85', { key: stack.apiKey });
    expect(outside.status).toBe(400);
    expect(outside.json().error.message).toMatch(/outside Poland/);
    const text = await stack.api().get<ErrorEnvelope>('/v1/parcels/at?lng=abc&lat=52.4', { key: stack.apiKey });
    expect(text.status).toBe(400);
    expect(text.json().error.message).toMatch(/lng must be a number/);
  });

  it('suggests ids by prefix first, then by substring, at most 10', async () => {
    const prefix = await stack.api().get<ParcelSuggestionView[]>('/v1/parcels/autocomplete?q=306401_1.0012.10', { key: stack.apiKey });
    expect(prefix.status).toBe(200);
    expect(prefix.json().map((s) => s.parcel_id)).toEqual(['306401_1.0012.100/1', '306401_1.0012.100/2', '306401_1.0012.100/3', '306401_1.0012.101', '306401_1.0012.102/5', '306401_1.0012.103', '306401_1.0012.104', '306401_1.0012.105/12']);
    const infix = await stack.api().get<ParcelSuggestionView[]>(`/v1/parcels/autocomplete?q=${encodeURIComponent('47/')}`, { key: stack.apiKey });
    expect(infix.json().map((s) => s.parcel_id)).toEqual(['306401_1.0012.AR_3.47/1', '306401_1.0012.AR_3.47/2']);
    expect(infix.json()[0]).toMatchObject({ gmina: 'Poznań', teryt: '3064011' });
    const all = await stack.api().get<ParcelSuggestionView[]>('/v1/parcels/autocomplete?q=306401', { key: stack.apiKey });
    expect(all.json()).toHaveLength(10);
  });

  it('returns a batch with unknown ids in missing, and refuses more than 500 ids', async () => {
    const res = await stack.api().post<ParcelBatchView>('/v1/parcels/batch', { key: stack.apiKey, body: { parcel_ids: ['306401_1.0012.2', 'nope.1', '306401_1.0012.100/1'] } });
    expect(res.status).toBe(200);
    expect(res.json().features.map((f) => f.id)).toEqual(['306401_1.0012.2', '306401_1.0012.100/1']);
    expect(res.json().missing).toEqual(['nope.1']);
    const tooMany = await stack.api().post<ErrorEnvelope>('/v1/parcels/batch', { key: stack.apiKey, body: { parcel_ids: Array.from({ length: 501 }, (_, i) => `306401_1.0012.${i}`) } });
    expect(tooMany.status).toBe(413);
    expect(tooMany.json().error.code).toBe('payload_too_large');
    expect(tooMany.json().error.message).toMatch(/at most 500/);
  });
});
