import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PRICE_ESTIMATE_MIN_COMPARABLES, SEARCH_LIMIT_MAX } from '@lp/contracts';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * The price filter on an estimate (filters.price_estimate_pln) against plain SQL on the raw
 * transactions: each result's estimate is its area times percentile_cont(0.5) of the land
 * transactions of its gmina and land type since three years ago, with their count and quartiles;
 * the count of matches is the SQL count; fewer than five comparables is unknown, never returned;
 * a gmina without transactions blocks the search rather than answering "none".
 */
describe('price filter on an estimate (demo data)', () => {
  let f: SearchEngineFixture;
  /** Demo gminas with parcels and transactions. */
  let gminas: string[];
  /** Three years before the newest land deed: the window the estimate counts. */
  let since: string;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    gminas = await gminasWhere(f.source, 'transactions', 'available');
    const [row] = (await f.source.query(
      `SELECT to_char(max(date) - interval '3 years', 'YYYY-MM-DD') AS since FROM layer_pub.transactions WHERE property_type = 'land'`,
    )) as Array<{ since: string }>;
    since = row!.since;
  }, 300_000);
  afterAll(() => f?.close());

  /** Comparables of a gmina and land type by plain SQL: count, median and quartiles of the price per m2. */
  async function comparables(teryt: string, landType: string): Promise<{ n: number; median: number; p25: number; p75: number }> {
    const [row] = (await f.source.query(
      `SELECT count(*)::int AS n,
              percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS median,
              percentile_cont(0.25) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS p25,
              percentile_cont(0.75) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS p75
       FROM layer_pub.transactions WHERE teryt = $1 AND property_type = 'land' AND COALESCE(land_type, 'other') = $2 AND date >= $3::date`,
      [teryt, landType, since],
    )) as Array<{ n: number; median: number; p25: number; p75: number }>;
    return row!;
  }

  /**
   * Parcels of a gmina with a known estimate, by SQL: the land type the index proves (building where
   * binding zoning allows building, agricultural by land use, other where both are known to be
   * neither) and the raw transactions' median of at least five comparables of that type.
   */
  async function estimates(teryt: string): Promise<Array<{ id: string; estimate: number }>> {
    return f.source.query(
      `WITH typed AS (
         SELECT i.parcel_id, i.teryt, i.area_sqm::float8 AS area,
                CASE WHEN (i.zoning_source = 'mpzp' AND i.zoning_category IN ('residential_single', 'residential_multi', 'mixed_residential_services', 'commercial_services', 'public_services'))
                          OR (i.zoning_source = 'plan_ogolny' AND i.general_plan_allows_building) THEN 'building'
                     WHEN i.zoning_source = 'unknown' THEN NULL
                     WHEN 'agricultural' = ANY(i.land_use_kinds) THEN 'agricultural'
                     WHEN i.land_use_kinds IS NULL THEN NULL ELSE 'other' END AS land_type
         FROM search.parcel_index i WHERE i.teryt = $1),
       groups AS (
         SELECT COALESCE(land_type, 'other') AS land_type, count(*) AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS median
         FROM layer_pub.transactions WHERE teryt = $1 AND property_type = 'land' AND date >= $2::date GROUP BY 1)
       SELECT t.parcel_id AS id, t.area * g.median AS estimate
       FROM typed t JOIN groups g ON g.land_type = t.land_type AND g.n >= $3
       ORDER BY 2`,
      [teryt, since, PRICE_ESTIMATE_MIN_COMPARABLES],
    );
  }

  it('returns the parcels whose estimate is within the bounds, each with its comparables, median and spread as plain SQL computes them', async () => {
    expect(gminas.length).toBeGreaterThan(0);
    let judged = 0;
    for (const teryt of gminas) {
      const known = await estimates(teryt);
      if (known.length < 2) continue;
      // a bound inside the spread of estimates, off any parcel's value
      const max = Math.round(known[Math.floor(known.length / 2)]!.estimate) + 0.5;
      const answer = await f.engine.run({ region: teryt, filters: { price_estimate_pln: { max } }, limit: SEARCH_LIMIT_MAX });
      expect(answer.blocked).toBe(false);
      expect({ teryt, matched: answer.matched }).toEqual({ teryt, matched: known.filter((k) => k.estimate <= max).length });
      for (const result of answer.results) {
        const estimate = result.price_estimate!;
        const sql = await comparables(teryt, estimate.land_type);
        expect(estimate.comparables).toBe(sql.n);
        expect(estimate.comparables).toBeGreaterThanOrEqual(PRICE_ESTIMATE_MIN_COMPARABLES);
        expect(estimate.median_price_per_sqm_pln).toBeCloseTo(sql.median, 2);
        expect(estimate.p25_price_per_sqm_pln).toBeCloseTo(sql.p25, 2);
        expect(estimate.p75_price_per_sqm_pln).toBeCloseTo(sql.p75, 2);
        expect(Math.abs(estimate.price_pln - result.area_sqm * sql.median)).toBeLessThanOrEqual(1);
        expect(estimate.price_pln).toBeLessThanOrEqual(Math.round(max));
        judged += 1;
      }
    }
    expect(judged).toBeGreaterThan(0);
  }, 300_000);

  it('never returns a parcel whose estimate is unknown: too few comparables or an unproven land type', async () => {
    for (const teryt of gminas) {
      const answer = await f.engine.run({ region: teryt, filters: { price_estimate_pln: { min: 0 } }, limit: SEARCH_LIMIT_MAX });
      const [{ parcels }] = (await f.source.query(`SELECT count(*)::int AS parcels FROM search.parcel_index WHERE teryt = $1`, [teryt])) as Array<{
        parcels: number;
      }>;
      // every parcel with an estimate passes "at least 0 zł"; the rest are unknown and left out
      expect({ teryt, matched: answer.matched }).toEqual({ teryt, matched: (await estimates(teryt)).length });
      expect(answer.matched).toBeLessThan(parcels);
    }
  }, 300_000);

  it('blocks the search where the gmina has no transactions: no data is not "too dear"', async () => {
    // every demo gmina with parcels has transactions: a gmina outside the demo has neither
    const [row] = (await f.source.query(
      `SELECT teryt FROM layer_pub.region_coverage WHERE level = 'gmina' AND layer_id = 'transactions' AND status = 'missing' ORDER BY teryt LIMIT 1`,
    )) as Array<{ teryt: string }>;
    expect(row).toBeDefined();
    const answer = await f.engine.run({ region: row!.teryt, filters: { price_estimate_pln: { max: 1e9 } }, limit: 10 });
    expect(answer).toMatchObject({ blocked: true, count: 0, results: [] });
    expect(answer.coverage.find((c) => c.criterion === 'price_estimate')).toMatchObject({ mode: 'requires', status: 'missing' });
  }, 120_000);
});
