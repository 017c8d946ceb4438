import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { findSearchSignal, type RankBy, type SearchParcelsRequest } from '@lp/contracts';
import fc from 'fast-check';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * The page of a ranked search is the true top of every match (it must be, because the engine picks the page
 * in float8 in a parallel top-N pass and scores only the page exactly). The oracle here is the
 * scoring rule of design SEARCH.md written plainly: every matched row of the index, its position
 * per signal (float8) turned into points in exact numerics, the sum over the ranked weight rounded
 * once to 0.01, ordered by that score, ties by parcel id in byte order.
 */

/** Each signal's raw value on the index row, as the rule names them (a column of our catalogue). */
const VALUE: Record<string, string> = {
  area: 'area_sqm',
  slope_pct: 'slope_pct',
  grid_distance_km: 'substation_110_m / 1000.0::float8',
  solar_yield_kwh_kwp: 'solar_yield',
  transit_distance_m: 'transit_m',
  water_distance_m: 'water_m',
  grid_capacity_mw: 'grid_node_mw',
};

const rankBy: fc.Arbitrary<RankBy[]> = fc.uniqueArray(
  fc.record({ signal: fc.constantFrom(...Object.keys(VALUE)), weight: fc.constantFrom(1, 1, 2, 3, 5, 0.5) }),
  { minLength: 1, maxLength: 3, selector: (r) => r.signal },
);

interface OracleRow {
  parcel_id: string;
  score: string | null;
  matched: string;
}

/** Every parcel of the region with at least this area, scored by the rule; the first `limit`. */
async function oracle(f: SearchEngineFixture, region: string, minArea: number, signals: readonly RankBy[], limit: number): Promise<OracleRow[]> {
  const values = signals.map((s, k) => `(${VALUE[s.signal]})::float8 AS v${k}`).join(', ');
  const ranges = signals.map((_, k) => `min(v${k}) AS lo${k}, max(v${k}) AS hi${k}`).join(', ');
  const weight = signals.map((s, k) => `CASE WHEN r.hi${k} IS NULL THEN 0 ELSE ${s.weight} END`).join(' + ');
  const points = signals.map((s, k) => {
    const higher = findSearchSignal(s.signal)!.direction === 'higher';
    const position = `CASE WHEN m.v${k} IS NULL OR r.hi${k} IS NULL THEN 0 WHEN r.hi${k} = r.lo${k} THEN 1
                           ELSE ${higher ? `(m.v${k} - r.lo${k})` : `(r.hi${k} - m.v${k})`} / (r.hi${k} - r.lo${k}) END`;
    return `(${position})::numeric * ${100 * s.weight} / NULLIF(r.total, 0)`;
  });
  return f.source.query(
    `WITH m AS (SELECT parcel_id, ${values} FROM search.parcel_index WHERE teryt LIKE $1 AND area_sqm >= $2),
          r AS (SELECT count(*) AS matched, ${ranges} FROM m),
          w AS (SELECT r.*, ${weight} AS total FROM r)
     SELECT m.parcel_id, r.matched, CASE WHEN r.total = 0 THEN NULL ELSE round(${points.join(' + ')}, 2) END AS score
     FROM m CROSS JOIN w r
     ORDER BY score DESC NULLS LAST, m.parcel_id COLLATE "C" LIMIT $3`,
    [`${region}%`, minArea, limit],
  );
}

describe('ranked search pages', () => {
  let f: SearchEngineFixture;
  let regions: fc.Arbitrary<string>;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    const gminas = await gminasWhere(f.source, 'parcels', 'available');
    regions = fc.constantFrom(...gminas, ...new Set(gminas.map((t) => t.slice(0, 4))));
  }, 300_000);
  afterAll(() => f?.close());

  it('the page and its scores are the first rows of every match scored exactly, ties by parcel id', async () => {
    await fc.assert(
      fc.asyncProperty(regions, fc.constantFrom(0, 500, 2000, 10_000), rankBy, fc.integer({ min: 1, max: 60 }), async (region, minArea, signals, limit) => {
        const request: SearchParcelsRequest = { region, filters: { area_sqm: { min: minArea } }, rank_by: signals, limit };
        const response = await f.engine.search(request);
        const expected = await oracle(f, region, minArea, signals, limit);
        expect(response.matched).toBe(expected.length > 0 ? Number(expected[0]!.matched) : 0);
        expect(response.results.map((r) => [r.parcel_id, r.score])).toEqual(expected.map((row) => [row.parcel_id, row.score === null ? null : Number(row.score)]));
      }),
      { numRuns: 40 },
    );
  }, 600_000);

  it('without rank_by the page is the first matches in parcel-id byte order, and matched counts them all', async () => {
    await fc.assert(
      fc.asyncProperty(regions, fc.constantFrom(0, 500, 2000), fc.integer({ min: 1, max: 60 }), async (region, minArea, limit) => {
        const response = await f.engine.search({ region, filters: { area_sqm: { min: minArea } }, limit });
        const rows: Array<{ parcel_id: string; matched: string }> = await f.source.query(
          `SELECT parcel_id, count(*) OVER () AS matched FROM search.parcel_index WHERE teryt LIKE $1 AND area_sqm >= $2 ORDER BY parcel_id COLLATE "C" LIMIT $3`,
          [`${region}%`, minArea, limit],
        );
        expect(response.matched).toBe(rows.length > 0 ? Number(rows[0]!.matched) : 0);
        expect(response.results.map((r) => r.parcel_id)).toEqual(rows.map((row) => row.parcel_id));
      }),
      { numRuns: 20 },
    );
  }, 600_000);
});
