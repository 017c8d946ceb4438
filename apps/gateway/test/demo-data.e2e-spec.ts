import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LAYER_IDS, type LayerListView } from '@lp/contracts';
import { startTestStack, type TestStack } from '@lp/testing';

/** The demo dataset as a client sees it: every layer served, coverage honest and varied. */
describe('demo dataset through the API', () => {
  let stack: TestStack;

  beforeAll(async () => (stack = await startTestStack({ template: 'demo', services: ['layer-svc', 'parcel-svc'], scopes: ['layers:read', 'parcels:read'] })));
  afterAll(() => stack?.stop());

  it('serves every catalogue layer with features and a real refresh time', async () => {
    const { layers } = (await stack.api().get<LayerListView>('/v1/layers', { key: stack.apiKey })).json();
    expect(layers.map((layer) => layer.id)).toEqual([...LAYER_IDS]);
    const empty = layers.filter((layer) => layer.feature_count === 0).map((layer) => layer.id);
    expect(empty).toEqual([]);
    for (const layer of layers) {
      expect(Date.parse(layer.refreshed_at ?? '')).toBeGreaterThan(Date.parse('2026-01-01'));
    }
    const generated = layers.find((layer) => layer.id === 'buildings')!;
    expect(generated.source).toMatch(/generated/i);
  });

  it('has available, partial and missing coverage, and national real layers everywhere', async () => {
    const rows = await stack.sql<{ layer_id: string; status: string; n: string }>(
      `SELECT layer_id, status, count(*) AS n FROM layer_pub.region_coverage GROUP BY 1, 2`,
    );
    const statuses = new Set(rows.map((row) => row.status));
    expect([...statuses].sort()).toEqual(['available', 'missing', 'partial']);
    const adminMissing = rows.filter((row) => row.layer_id === 'admin_bounds' && row.status !== 'available');
    expect(adminMissing).toEqual([]);
    const gminas = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM layer_pub.admin_bounds WHERE kind = 'gmina'`);
    expect(Number(gminas[0]!.n)).toBeGreaterThan(2400);
  });

  it('serves a generated parcel with its gmina', async () => {
    const parcels = await stack.sql<{ id: string; teryt: string }>(`SELECT id, teryt FROM layer_pub.parcels WHERE id LIKE '%/%' ORDER BY id LIMIT 1`);
    expect(parcels).toHaveLength(1);
    const res = await stack.api().get<{ properties: { teryt: string; gmina: string } }>(`/v1/parcels/${encodeURIComponent(parcels[0]!.id)}`, { key: stack.apiKey });
    expect(res.status).toBe(200);
    expect(res.json().properties.teryt).toBe(parcels[0]!.teryt);
    expect(res.json().properties.gmina.length).toBeGreaterThan(1);
  });
});
