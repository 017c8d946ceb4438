import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LAYER_IDS, type LayerListView } from '@lp/contracts';
import { startTestStack, type TestStack } from '@lp/testing';

describe('GET /v1/layers', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack({ services: ['layer-svc'] })));
  afterAll(() => stack?.stop());

  it('lists every catalogue layer, with real counts and refresh times for the loaded ones', async () => {
    const key = await stack.createKey(['layers:read']);
    const res = await stack.api().get<LayerListView>('/v1/layers', { key });
    expect(res.status).toBe(200);
    const { layers } = res.json();
    expect(layers.map((layer) => layer.id)).toEqual([...LAYER_IDS]);
    for (const id of ['parcels', 'admin_bounds']) {
      const layer = layers.find((candidate) => candidate.id === id)!;
      expect(layer.feature_count).toBeGreaterThan(0);
      expect(Date.parse(layer.refreshed_at!)).not.toBeNaN();
    }
    const partial = layers.filter((layer) => layer.coverage === 'partial').map((layer) => layer.id);
    expect(partial.sort()).toEqual(['grid_capacity', 'mpzp_zones', 'plan_ogolny_zones', 'terrain_stats']);
  });

  it('needs the layers:read scope', async () => {
    const key = await stack.createKey(['parcels:read']);
    const res = await stack.api().get<{ error: { code: string } }>('/v1/layers', { key });
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('insufficient_scope');
  });
});
