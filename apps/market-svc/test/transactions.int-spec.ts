import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { MarketSubjects, type TransactionListView } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { MarketSvcEnv } from '../src/config/market-svc.env.js';
import { startMarketSvc } from '../src/market-svc.app.js';

const OLD = '2000-01-01';

/**
 * market-svc over NATS on the demo data, connected as its own role (it may read only layer_pub).
 * Every answer is checked against the raw layer with plain SQL.
 */
describe('market-svc: market.transactions.list against PostGIS', () => {
  let svc: ServiceUnderTest;
  let parcelId: string;
  let gmina: string;
  const list = (request: object) => svc.call<TransactionListView>(MarketSubjects.transactionsList, request);

  beforeAll(async () => {
    svc = await startServiceUnderTest((env) => startMarketSvc(loadEnv(MarketSvcEnv, { ...env, LOG_LEVEL: 'warn', DB_POOL_SIZE: '2' })), { template: 'demo', role: 'market_svc' });
    // the parcel nearest to some transaction, so that it has transactions around it
    const [row] = await svc.sql<{ id: string; teryt: string }>(
      `SELECT p.id, p.teryt FROM (SELECT geom FROM layer_pub.transactions ORDER BY id LIMIT 1) t
       CROSS JOIN LATERAL (SELECT id, teryt FROM layer_pub.parcels p ORDER BY p.geom <-> t.geom LIMIT 1) p`,
    );
    parcelId = row!.id;
    gmina = row!.teryt;
  });
  afterAll(() => svc?.stop());

  it('around a parcel: every transaction within the radius counted, the median of them all, the newest page with distances', async () => {
    const answer = await list({ parcel_id: parcelId, radius_m: 5000, since: OLD, limit: 3 });
    const expected = await svc.sql<{ id: string; distance_m: number }>(
      `SELECT t.id, ST_Distance(t.geom, p.geom) AS distance_m FROM layer_pub.transactions t, layer_pub.parcels p
       WHERE p.id = $1 AND ST_Distance(t.geom, p.geom) <= 5000 AND t.date >= $2::date ORDER BY t.date DESC, t.id`,
      [parcelId, OLD],
    );
    const [{ median }] = (await svc.sql<{ median: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS median FROM layer_pub.transactions t, layer_pub.parcels p
       WHERE p.id = $1 AND ST_Distance(t.geom, p.geom) <= 5000 AND t.date >= $2::date`,
      [parcelId, OLD],
    )) as [{ median: number }];
    expect(expected.length).toBeGreaterThan(3);
    expect(answer.count).toBe(expected.length);
    expect(answer.median_price_per_sqm_pln).toBeCloseTo(median, 6);
    expect(answer.transactions.map((t) => t.id)).toEqual(expected.slice(0, 3).map((r) => r.id));
    answer.transactions.forEach((t, i) => expect(t.distance_m).toBeCloseTo(expected[i]!.distance_m, 1));
  });

  it('filters by property type and date, and counts them all whatever the limit', async () => {
    const answer = await list({ parcel_id: parcelId, radius_m: 20000, since: '2024-06-01', property_type: 'land', limit: 1 });
    const [{ n }] = (await svc.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM layer_pub.transactions t, layer_pub.parcels p
       WHERE p.id = $1 AND ST_DWithin(t.geom, p.geom, 20000) AND t.date >= '2024-06-01' AND t.property_type = 'land'`,
      [parcelId],
    )) as [{ n: number }];
    expect(answer.count).toBe(n);
    expect(answer.transactions.length).toBe(Math.min(1, n));
    expect(answer.transactions.every((t) => t.property_type === 'land' && t.date >= '2024-06-01')).toBe(true);
  });

  it('gives the coverage of the parcel\'s gmina', async () => {
    const answer = await list({ parcel_id: parcelId, since: OLD });
    const [coverage] = await svc.sql<{ status: string }>(`SELECT status FROM layer_pub.region_coverage WHERE layer_id = 'transactions' AND teryt = $1`, [gmina]);
    expect(answer.coverage).toEqual({ layer: 'transactions', status: coverage?.status ?? 'missing' });
  });

  it('in a voivodeship, powiat or gmina: the transactions whose gmina code starts with it, without distances', async () => {
    for (const region of [gmina.slice(0, 2), gmina.slice(0, 4), gmina]) {
      const answer = await list({ region, since: OLD, limit: 500 });
      const rows = await svc.sql<{ id: string }>(`SELECT id FROM layer_pub.transactions WHERE teryt LIKE $1 || '%' AND date >= $2::date ORDER BY date DESC, id`, [region, OLD]);
      const [coverage] = await svc.sql<{ status: string }>(`SELECT status FROM layer_pub.region_coverage WHERE layer_id = 'transactions' AND teryt = $1`, [region]);
      expect({ region, count: answer.count, first: answer.transactions[0]?.id, coverage: answer.coverage.status }).toEqual({
        region,
        count: rows.length,
        first: rows[0]?.id,
        coverage: coverage!.status,
      });
      expect(answer.transactions.every((t) => t.teryt.startsWith(region) && t.distance_m === undefined)).toBe(true);
    }
  });

  it('never prices farmland and building plots together: a median per land type, each as plain SQL gives it', async () => {
    // a parcel with both farmland and building plots sold within 2 km
    const [mixed] = await svc.sql<{ id: string }>(
      `SELECT p.id FROM layer_pub.parcels p
       WHERE (SELECT count(DISTINCT t.land_type) FROM layer_pub.transactions t
              WHERE t.property_type = 'land' AND t.land_type IN ('agricultural', 'building') AND ST_DWithin(t.geom, p.geom, 2000)) = 2
       ORDER BY p.id LIMIT 1`,
    );
    expect(mixed).toBeDefined();
    const answer = await list({ parcel_id: mixed!.id, property_type: 'land', radius_m: 2000, since: OLD });
    const plain = await svc.sql<{ land_type: string; count: number; median: number }>(
      `SELECT COALESCE(t.land_type, 'other') AS land_type, count(*)::int AS count, percentile_cont(0.5) WITHIN GROUP (ORDER BY t.price_per_sqm_pln)::float8 AS median
       FROM layer_pub.transactions t, layer_pub.parcels p
       WHERE p.id = $1 AND t.property_type = 'land' AND t.date >= $2::date AND ST_DWithin(t.geom, p.geom, 2000) GROUP BY 1 ORDER BY 1`,
      [mixed!.id, OLD],
    );
    expect(answer.land_type_medians.map((g) => g.land_type)).toEqual(plain.map((r) => r.land_type));
    answer.land_type_medians.forEach((group, k) => {
      expect(group.count).toBe(plain[k]!.count);
      expect(group.median_price_per_sqm_pln).toBeCloseTo(plain[k]!.median, 6);
    });
    expect(answer.land_type_medians.reduce((sum, g) => sum + g.count, 0)).toBe(answer.count);
    const [farmland, building] = [plain.find((r) => r.land_type === 'agricultural')!, plain.find((r) => r.land_type === 'building')!];
    // the two differ by far more than the median over both would let a reader guess
    expect(building.median / farmland.median).toBeGreaterThan(5);
    for (const t of answer.transactions) expect(['agricultural', 'building', 'other']).toContain(t.land_type);
  });

  it('answers not found for an unknown parcel or TERYT code, and invalid_request for neither or both', async () => {
    expect((await svc.failure(MarketSubjects.transactionsList, { parcel_id: '999999_9.9999.1' })).code).toBe('not_found');
    const unknownRegion = await svc.failure(MarketSubjects.transactionsList, { region: '99' });
    expect([unknownRegion.code, unknownRegion.message]).toEqual(['not_found', 'No voivodeship, powiat or gmina has the TERYT code 99.']);
    expect((await svc.failure(MarketSubjects.transactionsList, {})).code).toBe('invalid_request');
    expect((await svc.failure(MarketSubjects.transactionsList, { parcel_id: parcelId, region: '30' })).code).toBe('invalid_request');
    const bad = await svc.failure(MarketSubjects.transactionsList, { region: '306', limit: 0 });
    expect(bad.code).toBe('invalid_request');
    expect(bad.message).toMatch(/region must be a TERYT code of 2, 4 or 7 digits/);
  });

  it('calls the layer missing everywhere while it was never loaded, whatever its coverage rows say', async () => {
    await svc.sql(`UPDATE layer.layer_state SET version = 0 WHERE layer_id = 'transactions'`);
    const answer = await list({ region: gmina.slice(0, 2), since: OLD });
    expect(answer.coverage).toEqual({ layer: 'transactions', status: 'missing' });
  });
});
