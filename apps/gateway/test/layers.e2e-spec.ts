import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LAYER_IDS, type LayerListView } from '@lp/contracts';
import { tileAt } from '@lp/geo';
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

  it('gives tile URL templates as absolute links, as every other link, and they serve the tiles', async () => {
    const key = await stack.createKey(['layers:read']);
    const { layers } = (await stack.api().get<LayerListView>('/v1/layers', { key })).json();
    const parcels = layers.find((layer) => layer.id === 'parcels')!;
    expect(parcels.tiles_url).toBe(`${stack.gatewayUrls[0]}/v1/layers/parcels/tiles/{z}/{x}/{y}.mvt`);
    const [point] = await stack.sql<{ lng: number; lat: number }>(
      `SELECT ST_X(p) AS lng, ST_Y(p) AS lat FROM (SELECT ST_Transform(ST_PointOnSurface(geom), 4326) AS p FROM layer_pub.parcels ORDER BY id LIMIT 1) s`,
    );
    const { z, x, y } = tileAt(point!.lng, point!.lat, 15);
    const tile = await fetch(parcels.tiles_url!.replace('{z}', String(z)).replace('{x}', String(x)).replace('{y}', String(y)), {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(tile.status).toBe(200);
    expect(tile.headers.get('content-type')).toContain('application/vnd.mapbox-vector-tile');
    expect(layers.filter((layer) => layer.tiles_url !== null && !layer.tiles_url.startsWith('http'))).toEqual([]);
  });

  it('needs the layers:read scope', async () => {
    const key = await stack.createKey(['parcels:read']);
    const res = await stack.api().get<{ error: { code: string } }>('/v1/layers', { key });
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('insufficient_scope');
  });
});
