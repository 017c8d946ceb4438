import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { assertSearchRequest, type SearchParcelsRequest } from '@lp/contracts';
import type { ParcelSearchResponse } from '../src/engine/search-results.js';
import { findScenario, SCENARIOS } from '../src/scenarios/scenario-catalogue.js';
import { compileScenario } from '../src/scenarios/scenario-compiler.js';
import { scenarioView } from '../src/scenarios/scenario-listing.js';
import { ScenarioEvaluationService } from '../src/scenarios/scenario-evaluation.service.js';
import { ScenariosService } from '../src/scenarios/scenarios.service.js';
import { ParcelSearchService } from '../src/engine/parcel-search.service.js';
import { SearchRepository } from '../src/engine/search.repository.js';
import { searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/** One engine over the demo data for both parts of the file (the one change a test makes it undoes). */
let f: SearchEngineFixture;
beforeAll(async () => (f = await searchEngineOnDemo()), 300_000);
afterAll(() => f?.close());

/**
 * No hard criterion of a scenario is dropped in silence: each is searched (a criterion of the compiled
 * request, so it is in the search's coverage) or reported there as missing. The disjunction "planned or
 * trunk road" and the criterion without a layer ("not contaminated") are checked against the raw layers.
 */
describe('scenario criteria on the demo data', () => {
  const ids = async (sql: string, params: unknown[]): Promise<string[]> => ((await f.source.query(sql, params)) as Array<{ id: string }>).map((row) => row.id);

  it('walks all twelve scenarios: every hard criterion is a criterion of the search and appears in its coverage', async () => {
    const dropped: string[] = [];
    expect(SCENARIOS).toHaveLength(12);
    for (const scenario of SCENARIOS) {
      const request = compileScenario(scenario, { region: '3064' });
      assertSearchRequest(request);
      const response = await f.engine.run(request);
      const inCoverage = new Set(response.coverage.map((entry) => entry.criterion));
      for (const criterion of scenarioView(scenario).criteria) {
        const reported = criterion.criterion_ids.length > 0 && criterion.criterion_ids.every((id) => inCoverage.has(id));
        if (!reported) dropped.push(`${scenario.id}: "${criterion.label}" (criterion ids ${JSON.stringify(criterion.criterion_ids)})`);
      }
    }
    expect(dropped).toEqual([]);
  });

  it('brownfield: "not contaminated" is a screening criterion reported missing, and every result says it was not checked', async () => {
    const response = await f.engine.run(compileScenario(findScenario('brownfield_redevelopment')!, { region: '3064', limit: 200 }));
    const entry = response.coverage.find((c) => c.criterion === 'not_contaminated');
    expect(entry).toMatchObject({ mode: 'screens', status: 'missing' });
    expect(entry!.note).toMatch(/contaminat/i);
    // screens + missing does not block: results come back, each flagged
    expect(response.blocked).toBe(false);
    for (const result of response.results) expect(result.unscreened).toContain('not_contaminated');
    // the criterion filters nothing: the same search without it matches the same parcels
    const without = compileScenario(findScenario('brownfield_redevelopment')!, { region: '3064', limit: 200 });
    delete without.filters!.not_contaminated;
    const plain = await f.engine.run(without);
    expect(response.results.map((r) => r.parcel_id)).toEqual(plain.results.map((r) => r.parcel_id));
  });

  it('logistics: "near a planned or trunk road" is one criterion met by either road, as plain PostGIS says', async () => {
    const request = compileScenario(findScenario('logistics_warehouse')!, { region: '3064', limit: 200 });
    const nearAny = request.filters!.near_any!;
    expect(nearAny).toEqual([
      {
        any_of: [
          { layer: 'planned_roads', within_m: 5000 },
          { layer: 'roads', within_m: 5000, kinds: ['motorway', 'expressway', 'trunk'] },
        ],
      },
    ]);
    expect(request.filters!.near ?? []).toEqual([]);
    // only the disjunction and the area: compare the whole match with the raw layers
    const only: SearchParcelsRequest = { region: '3064', filters: { area_sqm: { min: 10_000 }, near_any: nearAny }, limit: 200 };
    const response = await f.engine.run(only);
    expect(response.coverage.map((c) => c.criterion)).toEqual(['area', 'near_any:planned_roads|roads']);
    expect(response.coverage[1]).toMatchObject({ mode: 'requires' });
    const expected = await ids(
      `SELECT p.id FROM layer_pub.parcels p
       WHERE p.teryt LIKE '3064%' AND ST_Area(p.geom) >= 10000
         AND (EXISTS (SELECT 1 FROM layer_pub.planned_roads r WHERE ST_DWithin(r.geom, p.geom, 5000))
           OR EXISTS (SELECT 1 FROM layer_pub.roads r WHERE r.kind IN ('motorway', 'expressway', 'trunk') AND ST_DWithin(r.geom, p.geom, 5000)))
       ORDER BY p.id COLLATE "C"`,
      [],
    );
    const nearTrunkOnly = await ids(
      `SELECT p.id FROM layer_pub.parcels p
       WHERE p.teryt LIKE '3064%' AND ST_Area(p.geom) >= 10000
         AND NOT EXISTS (SELECT 1 FROM layer_pub.planned_roads r WHERE ST_DWithin(r.geom, p.geom, 5000))
         AND EXISTS (SELECT 1 FROM layer_pub.roads r WHERE r.kind IN ('motorway', 'expressway', 'trunk') AND ST_DWithin(r.geom, p.geom, 5000))`,
      [],
    );
    expect(response.matched).toBe(expected.length);
    const returned = new Set(response.results.map((r) => r.parcel_id));
    if (expected.length <= 200) expect([...returned].sort()).toEqual([...expected].sort());
    // the trunk-road alternative matters: parcels near only a trunk road qualify
    expect(nearTrunkOnly.length).toBeGreaterThan(0);
    const all = await f.engine.run({ ...only, limit: 200 });
    expect(all.matched).toBeGreaterThanOrEqual(nearTrunkOnly.length);
    // the index path and the plain spatial joins agree
    const spatial = await f.engine.search(only, { path: 'spatial' });
    expect(spatial.results.map((r) => r.parcel_id)).toEqual(response.results.map((r) => r.parcel_id));
  });

  it('the near_any coverage is partial where one alternative has no data, and names it', async () => {
    const rows: Array<{ teryt: string }> = await f.source.query(
      `SELECT p.teryt FROM layer_pub.region_coverage p
       LEFT JOIN layer_pub.region_coverage c ON c.layer_id = 'planned_roads' AND c.level = 'gmina' AND c.teryt = p.teryt
       LEFT JOIN layer_pub.region_coverage r ON r.layer_id = 'roads' AND r.level = 'gmina' AND r.teryt = p.teryt
       WHERE p.layer_id = 'parcels' AND p.level = 'gmina' AND p.status <> 'missing'
         AND (COALESCE(c.status, 'missing') = 'missing') <> (COALESCE(r.status, 'missing') = 'missing')
       ORDER BY p.teryt LIMIT 1`,
    );
    if (rows.length === 0) {
      // every demo gmina has both or neither: the rule is then checked on its own
      const { combinedStatus } = await import('../src/engine/criterion-coverage.js');
      expect(combinedStatus(['available', 'missing'])).toBe('partial');
      expect(combinedStatus(['missing', 'missing'])).toBe('missing');
      expect(combinedStatus(['available', 'available'])).toBe('available');
      return;
    }
    const response = await f.engine.run(compileScenario(findScenario('logistics_warehouse')!, { region: rows[0]!.teryt }));
    const entry = response.coverage.find((c) => c.criterion === 'near_any:planned_roads|roads')!;
    expect(entry.status).toBe('partial');
    expect(entry.note).toMatch(/lacks full data/);
    expect(response.blocked).toBe(false);
  });

  it('scenario fit of "near a planned or trunk road": a parcel near neither fails only where both road layers have data, else it is unverified', async () => {
    const logistics = findScenario('logistics_warehouse')!;
    const label = logistics.criteria.find((criterion) => criterion.rules.some((rule) => rule.filter === 'near_any'))!.label;
    // in a gmina where planned roads have full data: one parcel near neither road, one near a planned road (plain PostGIS)
    const [row] = (await f.source.query(
      `SELECT g.teryt,
              (SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = g.teryt
                 AND NOT EXISTS (SELECT 1 FROM layer_pub.planned_roads r WHERE ST_DWithin(r.geom, p.geom, 5000))
                 AND NOT EXISTS (SELECT 1 FROM layer_pub.roads r WHERE r.kind IN ('motorway', 'expressway', 'trunk') AND ST_DWithin(r.geom, p.geom, 5000))
               ORDER BY p.id LIMIT 1) AS far,
              (SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = g.teryt
                 AND EXISTS (SELECT 1 FROM layer_pub.planned_roads r WHERE ST_DWithin(r.geom, p.geom, 5000))
               ORDER BY p.id LIMIT 1) AS near
       FROM layer_pub.region_coverage g
       JOIN layer_pub.region_coverage r ON r.layer_id = 'roads' AND r.level = 'gmina' AND r.teryt = g.teryt AND r.status = 'available'
       WHERE g.layer_id = 'planned_roads' AND g.level = 'gmina' AND g.status = 'available'
       ORDER BY (SELECT count(*) FROM layer_pub.parcels p WHERE p.teryt = g.teryt) DESC LIMIT 1`,
    )) as Array<{ teryt: string; far: string | null; near: string | null }>;
    expect(row?.far).toBeTruthy();
    expect(row?.near).toBeTruthy();
    const fit = async (parcelId: string): Promise<{ failed: string[]; unverified: string[] }> => {
      // a fresh repository: coverage is cached per repository
      const repository = new SearchRepository(f.source);
      const evaluation = new ScenarioEvaluationService(new ScenariosService(), new ParcelSearchService(repository), repository);
      const view = await evaluation.evaluate({ scenario: 'logistics_warehouse', parcel_id: parcelId });
      return { failed: view.failed_criteria, unverified: view.unverified_criteria };
    };
    // both layers have data: near neither is a proven failure, near a planned road passes
    expect((await fit(row!.far!)).failed).toContain(label);
    const near = await fit(row!.near!);
    expect([...near.failed, ...near.unverified]).not.toContain(label);

    // the trunk-road alternative loses its data there: near neither is now unknown, never a failure
    await f.db.sql(`UPDATE layer.region_coverage SET status = 'missing' WHERE layer_id = 'roads' AND level = 'gmina' AND teryt = $1`, [row!.teryt]);
    try {
      const far = await fit(row!.far!);
      expect(far.failed).not.toContain(label);
      expect(far.unverified).toContain(label);
      // the alternative with data still proves a parcel near it
      const stillNear = await fit(row!.near!);
      expect([...stillNear.failed, ...stillNear.unverified]).not.toContain(label);
    } finally {
      await f.db.sql(`UPDATE layer.region_coverage SET status = 'available' WHERE layer_id = 'roads' AND level = 'gmina' AND teryt = $1`, [row!.teryt]);
    }
  });
});

/** Scores: relative 0–100, the best on every signal with data scores 100, signals without data are named. */
describe('scores on the demo data', () => {
  function expectConsistent(response: ParcelSearchResponse): void {
    for (const result of response.results) {
      expect(result.score).not.toBeNull();
      expect(result.score!).toBeGreaterThanOrEqual(0);
      expect(result.score!).toBeLessThanOrEqual(100);
      // exactly, in cents
      expect(Math.round(result.components.reduce((sum, c) => sum + c.contribution, 0) * 100)).toBe(Math.round(result.score! * 100));
    }
  }

  it('housing_estate_site in Poznań: slope (no data there) is named and left out, and the parcel best on area and transit scores 100', async () => {
    const scenario = findScenario('housing_estate_site')!;
    const request = compileScenario(scenario, { region: '3064011', limit: 200 });
    const response = await f.engine.run(request);
    expect(response.blocked).toBe(false);
    expect(response.count).toBeGreaterThan(0);
    expectConsistent(response);
    // terrain_stats has no data in Poznań: before, slope kept its 30 of the 100 points and capped every score at 70
    const [terrain] = (await f.source.query(`SELECT status FROM layer_pub.region_coverage WHERE layer_id = 'terrain_stats' AND level = 'gmina' AND teryt = '3064011'`)) as Array<{
      status: string;
    }>;
    expect(terrain?.status ?? 'missing').toBe('missing');
    expect(response.unranked_signals).toEqual(['slope_pct']);
    expect(response.results[0]!.score).toBe(100);
    for (const result of response.results) {
      expect(result.components.find((c) => c.signal === 'slope_pct')).toEqual({ signal: 'slope_pct', value: null, contribution: 0, unranked: true });
    }

    // the same ranking over many Poznań parcels (the scenario matches few in the small demo): every score recomputed from
    // the raw values by the rule (area and transit share the 100 points 35:35, min-max over the matched set)
    const wide: SearchParcelsRequest = { region: '3064011', filters: { area_sqm: { min: 2000 } }, rank_by: request.rank_by!, limit: 200 };
    const ids200 = (await f.engine.run(wide)).results.map((r) => r.parcel_id);
    const ranked = await f.engine.search(wide, { parcelIds: ids200 });
    expect(ranked.count).toBeGreaterThan(20);
    expect(ranked.matched).toBe(ranked.count);
    expect(ranked.unranked_signals).toEqual(['slope_pct']);
    expectConsistent(ranked);
    type Result = (typeof ranked.results)[number];
    const valueOf = (result: Result, signal: string): number | null => result.components.find((c) => c.signal === signal)!.value;
    const position = (signal: string, higher: boolean, value: number | null): number => {
      const values = ranked.results.map((r) => valueOf(r, signal)).filter((v): v is number => v !== null);
      const [min, max] = [Math.min(...values), Math.max(...values)];
      if (value === null) return 0;
      if (max === min) return 1;
      return higher ? (value - min) / (max - min) : (max - value) / (max - min);
    };
    for (const result of ranked.results) {
      const expected = 50 * position('area', true, valueOf(result, 'area')) + 50 * position('transit_distance_m', false, valueOf(result, 'transit_distance_m'));
      expect(Math.abs(result.score! - expected)).toBeLessThan(0.02);
    }

    // a parcel best on every signal with data scores 100: the largest parcel, among parcels smaller and farther from a stop
    const area = (r: Result): number => valueOf(r, 'area')!;
    const transit = (r: Result): number | null => valueOf(r, 'transit_distance_m');
    const largest = ranked.results.filter((r) => transit(r) !== null).reduce((a, b) => (area(b) > area(a) ? b : a));
    const dominated = ranked.results.filter((r) => r !== largest && area(r) < area(largest) && transit(r) !== null && transit(r)! > transit(largest)!);
    expect(dominated.length).toBeGreaterThan(0);
    const parcelIds = [largest.parcel_id, ...dominated.slice(0, 9).map((r) => r.parcel_id)];
    const subset = await f.engine.search({ ...wide, limit: parcelIds.length }, { parcelIds });
    expect(subset.results[0]).toMatchObject({ parcel_id: largest.parcel_id, score: 100 });
    expect(subset.results[0]!.components).toEqual([
      expect.objectContaining({ signal: 'area', contribution: 50 }),
      expect.objectContaining({ signal: 'transit_distance_m', contribution: 50 }),
      { signal: 'slope_pct', value: null, contribution: 0, unranked: true },
    ]);
    expect(subset.unranked_signals).toEqual(['slope_pct']);
  });

  it('a signal no matched parcel has is left out of the weighting: a single ranked signal gives the best parcel 100', async () => {
    const gminas: Array<{ teryt: string }> = await f.source.query(
      `SELECT p.teryt FROM layer_pub.region_coverage p
       LEFT JOIN layer_pub.region_coverage c ON c.layer_id = 'grid_capacity' AND c.level = 'gmina' AND c.teryt = p.teryt
       WHERE p.layer_id = 'parcels' AND p.level = 'gmina' AND p.status <> 'missing' AND COALESCE(c.status, 'missing') = 'missing'
       ORDER BY p.teryt`,
    );
    let response: ParcelSearchResponse | undefined;
    for (const { teryt } of gminas) {
      response = await f.engine.run({
        region: teryt,
        filters: { area_sqm: { min: 1000 } },
        rank_by: [
          { signal: 'grid_capacity_mw', weight: 60 },
          { signal: 'area', weight: 40 },
        ],
        limit: 5,
      });
      if (response.count > 1 && response.unranked_signals?.includes('grid_capacity_mw')) break;
    }
    expect(response!.unranked_signals).toEqual(['grid_capacity_mw']);
    expectConsistent(response!);
    const top = response!.results[0]!;
    expect(top.score).toBe(100);
    expect(top.components).toEqual([
      { signal: 'grid_capacity_mw', value: null, contribution: 0, unranked: true },
      expect.objectContaining({ signal: 'area', contribution: 100 }),
    ]);
  });

  it('a parcel lacking a value that others have ranks as the worst and says so', async () => {
    // slope is known in some gminas of the demo and not in others: five parcels with distinct slopes, three without one
    const rows: Array<{ with_slope: string[]; without_slope: string[] }> = await f.source.query(
      `SELECT (SELECT array_agg(parcel_id ORDER BY parcel_id) FROM (SELECT DISTINCT ON (slope_pct) parcel_id FROM search.parcel_index
                WHERE slope_pct IS NOT NULL ORDER BY slope_pct, parcel_id LIMIT 5) s) AS with_slope,
              (SELECT array_agg(parcel_id ORDER BY parcel_id) FROM (SELECT parcel_id FROM search.parcel_index WHERE slope_pct IS NULL ORDER BY parcel_id LIMIT 3) s) AS without_slope`,
    );
    const { with_slope: withSlope, without_slope: withoutSlope } = rows[0]!;
    expect(withSlope.length).toBeGreaterThanOrEqual(2);
    expect(withoutSlope.length).toBeGreaterThan(0);
    const parcelIds = [...withSlope, ...withoutSlope];
    const response = await f.engine.search({ rank_by: [{ signal: 'slope_pct', weight: 1 }], limit: parcelIds.length }, { parcelIds });
    expect(response.count).toBe(parcelIds.length);
    expectConsistent(response);
    expect(response.unranked_signals).toBeUndefined();
    expect(response.results[0]!.score).toBe(100);
    // the parcels without a slope rank as the worst value: 0 points, flagged, after every parcel with points
    const lacking = response.results.filter((r) => withoutSlope.includes(r.parcel_id));
    expect(lacking).toHaveLength(withoutSlope.length);
    for (const result of lacking) {
      expect(result.score).toBe(0);
      expect(result.components).toEqual([{ signal: 'slope_pct', value: null, contribution: 0, missing: true }]);
    }
    const firstLacking = response.results.findIndex((r) => withoutSlope.includes(r.parcel_id));
    expect(response.results.slice(firstLacking).every((r) => r.score === 0)).toBe(true);
    for (const result of response.results.filter((r) => withSlope.includes(r.parcel_id))) expect(result.components[0]!.missing).toBeUndefined();
  });
});
