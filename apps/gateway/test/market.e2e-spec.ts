import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { TransactionListView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

const OLD = '2000-01-01';

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
}

describe('GET /v1/market/transactions (demo data)', () => {
  let stack: TestStack;
  let parcelId: string;

  const list = (query: string, asKey = stack.apiKey) => stack.api().get<TransactionListView>(`/v1/market/transactions?${query}`, { key: asKey });
  const fail = (query: string, asKey = stack.apiKey) => stack.api().get<ErrorEnvelope>(`/v1/market/transactions?${query}`, { key: asKey });

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['market-svc'], scopes: ['market:read'] });
    // The parcel nearest to a transaction in powiat 3064 (Poznań), so it has transactions around it.
    const rows = await stack.sql<{ id: string }>(
      `SELECT p.id FROM (SELECT geom FROM layer_pub.transactions WHERE teryt LIKE '3064%' ORDER BY id LIMIT 1) t
       CROSS JOIN LATERAL (SELECT id FROM layer_pub.parcels p ORDER BY p.geom <-> t.geom LIMIT 1) p`,
    );
    parcelId = rows[0]!.id;
  });
  afterAll(() => stack?.stop());

  it('lists transactions around a parcel, newest first, within the radius, with the median of all matching', async () => {
    const res = await list(`parcel_id=${encodeURIComponent(parcelId)}&radius_m=3000&since=${OLD}&limit=5`);
    expect(res.status).toBe(200);
    const body = res.json();
    const expected = await stack.sql<{ price_per_sqm_pln: number; id: string; date: string }>(
      `SELECT t.id, to_char(t.date, 'YYYY-MM-DD') AS date, t.price_per_sqm_pln FROM layer_pub.transactions t, layer_pub.parcels p
       WHERE p.id = $1 AND ST_DWithin(t.geom, p.geom, 3000) AND t.date >= $2::date
       ORDER BY t.date DESC, t.id`,
      [parcelId, OLD],
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(body.count).toBe(expected.length);
    expect(body.median_price_per_sqm_pln).toBeCloseTo(median(expected.map((r) => r.price_per_sqm_pln))!, 6);
    expect(body.transactions.map((t) => t.id)).toEqual(expected.slice(0, 5).map((r) => r.id));
    for (let i = 1; i < body.transactions.length; i++) expect(body.transactions[i - 1]!.date >= body.transactions[i]!.date).toBe(true);
    for (const t of body.transactions) {
      expect(t.distance_m).toBeGreaterThanOrEqual(0);
      expect(t.distance_m).toBeLessThanOrEqual(3000);
      expect(Math.round(t.distance_m! * 10) / 10).toBe(t.distance_m);
    }
    expect(body.coverage).toEqual({ layer: 'transactions', status: 'available' });
  });

  it('shrinks with the radius and filters by property_type and since', async () => {
    const wide = (await list(`parcel_id=${encodeURIComponent(parcelId)}&radius_m=20000&since=${OLD}&limit=500`)).json();
    const narrow = (await list(`parcel_id=${encodeURIComponent(parcelId)}&radius_m=500&since=${OLD}&limit=500`)).json();
    expect(narrow.count).toBeLessThanOrEqual(wide.count);
    expect(narrow.transactions.every((t) => t.distance_m! <= 500)).toBe(true);

    const count = async (extra: string, params: unknown[]) =>
      (await stack.sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM layer_pub.transactions t, layer_pub.parcels p
         WHERE p.id = $1 AND ST_DWithin(t.geom, p.geom, 20000) AND t.date >= $2::date ${extra}`,
        [parcelId, ...params],
      ))[0]!.n;

    const land = (await list(`parcel_id=${encodeURIComponent(parcelId)}&radius_m=20000&since=${OLD}&property_type=land&limit=500`)).json();
    expect(land.transactions.every((t) => t.property_type === 'land')).toBe(true);
    expect(land.count).toBe(await count(`AND t.property_type = 'land'`, [OLD]));
    expect(land.count).toBeLessThan(wide.count);

    const mid = wide.transactions[Math.floor(wide.transactions.length / 2)]!.date;
    const recent = (await list(`parcel_id=${encodeURIComponent(parcelId)}&radius_m=20000&since=${mid}&limit=500`)).json();
    expect(recent.transactions.every((t) => t.date >= mid)).toBe(true);
    expect(recent.count).toBe(await count('', [mid]));
    expect(recent.count).toBeLessThan(wide.count);
  });

  it('lists a region by TERYT prefix, without distance_m', async () => {
    const res = await list(`region=3064&since=${OLD}&limit=500`);
    expect(res.status).toBe(200);
    const body = res.json();
    const rows = await stack.sql<{ price_per_sqm_pln: number }>(
      `SELECT price_per_sqm_pln FROM layer_pub.transactions WHERE teryt LIKE '3064%' AND date >= $1::date`,
      [OLD],
    );
    expect(body.count).toBe(rows.length);
    expect(body.count).toBeGreaterThan(0);
    expect(body.median_price_per_sqm_pln).toBeCloseTo(median(rows.map((r) => r.price_per_sqm_pln))!, 6);
    expect(body.transactions.every((t) => t.teryt.startsWith('3064') && t.distance_m === undefined)).toBe(true);
    const apartments = (await list(`region=3064&since=${OLD}&property_type=apartment`)).json();
    expect(apartments.transactions.every((t) => t.property_type === 'apartment')).toBe(true);
  });

  it('defaults since to two years ago', async () => {
    const twoYearsAgo = new Date();
    twoYearsAgo.setUTCFullYear(twoYearsAgo.getUTCFullYear() - 2);
    const cutoff = twoYearsAgo.toISOString().slice(0, 10);
    const res = (await list('region=3064&limit=500')).json();
    const expected = await stack.sql<{ n: string }>(`SELECT count(*) AS n FROM layer_pub.transactions WHERE teryt LIKE '3064%' AND date >= $1::date`, [cutoff]);
    expect(res.count).toBe(Number(expected[0]!.n));
    expect(res.transactions.every((transaction) => transaction.date >= cutoff)).toBe(true);
  });

  it('reports missing coverage, not a plain zero, for a region without transaction data', async () => {
    const res = await list('region=12');
    expect(res.status).toBe(200);
    expect(res.json()).toEqual({ count: 0, median_price_per_sqm_pln: null, land_type_medians: [], transactions: [], coverage: { layer: 'transactions', status: 'missing' } });
  });

  it('answers 400 for neither or both of parcel_id and region, bad dates and bad values', async () => {
    const neither = await fail('since=2024-01-01');
    expect(neither.status).toBe(400);
    expect(neither.json().error.message).toMatch(/exactly one of parcel_id .* or region/);
    const both = await fail(`parcel_id=${encodeURIComponent(parcelId)}&region=30`);
    expect(both.status).toBe(400);
    expect(both.json().error.message).toMatch(/either parcel_id or region, not both/);
    for (const since of ['2024-02-30', '2024/01/01', 'yesterday']) {
      const bad = await fail(`region=30&since=${since}`);
      expect(bad.status).toBe(400);
      expect(bad.json().error.message).toMatch(/since must be a date/);
    }
    const future = await fail('region=30&since=2999-01-01');
    expect(future.status).toBe(400);
    expect(future.json().error.message).toMatch(/future/);
    const type = await fail('region=30&property_type=castle');
    expect(type.status).toBe(400);
    expect(type.json().error.message).toMatch(/property_type must be one of land, building, apartment/);
    expect((await fail('region=306')).status).toBe(400);
    expect((await fail(`parcel_id=${encodeURIComponent(parcelId)}&radius_m=20001`)).status).toBe(400);
    expect((await fail('region=30&limit=0')).status).toBe(400);
  });

  it('answers 404 for an unknown parcel and 403 without market:read', async () => {
    const missing = await fail('parcel_id=999999_9.9999.1');
    expect(missing.status).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
    const other = await stack.createKey(['parcels:read']);
    expect((await fail('region=30', other)).status).toBe(403);
  });
});
