import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BLOCKING_ZONES, SEARCH_LIMIT_MAX, type ExcludeFilter, type SearchParcelsRequest } from '@lp/contracts';
import { parcelsWithKowrRight } from '@lp/testing';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { SCENARIOS } from '../src/scenarios/scenario-catalogue.js';
import { compileScenario } from '../src/scenarios/scenario-compiler.js';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * A scenario's verdict and the parcel's own facts say the same thing: no parcel a scenario returns
 * has a blocking constraint (the share parcel constraints count as on the parcel: 0.5 %), checked
 * on the raw layers with plain PostGIS over the one list of blocking kinds.
 */

const BLOCKING_PAIRS = Object.entries(BLOCKING_ZONES).flatMap(([layer, kinds]) => kinds.map((kind) => `${layer}/${kind}`));

/** Results screened on every blocking layer (a result not screened on one says so itself). */
const screenedIds = (response: { results: Array<{ parcel_id: string; unscreened?: string[] }> }): string[] =>
  response.results.filter((r) => !Object.keys(BLOCKING_ZONES).some((layer) => r.unscreened?.includes(`exclude:${layer}`))).map((r) => r.parcel_id);

/** The ids among `ids` with a blocking area on at least 0.5 % of the parcel, on the raw layers. */
async function blockedParcels(db: DataSource, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const areas = Object.keys(BLOCKING_ZONES)
    .map((layer) => `SELECT '${layer}' AS layer, f.kind, f.geom FROM layer_pub.${layer} f`)
    .join(' UNION ALL ');
  const rows: Array<{ id: string }> = await db.query(
    `SELECT p.id FROM layer_pub.parcels p
     WHERE p.id = ANY($1::text[]) AND EXISTS (
       SELECT 1 FROM (${areas}) a
       WHERE a.layer || '/' || a.kind = ANY($2::text[]) AND ST_Intersects(a.geom, p.geom)
         AND ST_Area(ST_Intersection(a.geom, p.geom)) >= 0.005 * ST_Area(p.geom))
     ORDER BY p.id`,
    [ids, BLOCKING_PAIRS],
  );
  return rows.map((row) => row.id);
}

/** The shared plain-PostGIS oracle of KOWR's statutory right (libs/testing), over the search's connection. */
const withKowrRight = (db: DataSource, where: { ids: readonly string[] } | { teryt: string }): Promise<string[]> => parcelsWithKowrRight((sql, params) => db.query(sql, params), where);

const blockingScenarios = SCENARIOS.filter((s) => s.criteria.some((c) => c.label === 'No blocking zone'));

describe('scenario verdicts agree with the parcels’ own facts', () => {
  let f: SearchEngineFixture;
  let gminas: string[];

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    gminas = await gminasWhere(f.source, 'parcels', 'available');
  }, 300_000);
  afterAll(() => f?.close());

  const run = (request: SearchParcelsRequest) => f.engine.search(request);

  it('the old "no blocking zone" (parks, reserves, flood zones) passed parcels their constraints call blocked; the scenarios now return none', async () => {
    const oldKinds = ['national_park', 'nature_reserve', 'flood_risk_10pct', 'flood_risk_1pct'];
    let reproduced = 0;
    for (const scenario of blockingScenarios) {
      const request = compileScenario(scenario, { limit: 500 });
      // the request as the old list compiled it: only env_layers, and only those four kinds on the parcel
      const env = request.filters!.exclude!.find((e) => e.layer === 'env_layers')!;
      const environmental = (env.kinds ?? []).filter((k) => !BLOCKING_ZONES['env_layers']!.includes(k) || oldKinds.includes(k));
      const old: ExcludeFilter[] = [{ ...env, kinds: environmental }];
      const before = await run({ ...request, filters: { ...request.filters, exclude: old } });
      reproduced += (await blockedParcels(f.source, screenedIds(before))).length;
      const now = await run(request);
      expect({ scenario: scenario.id, blocked: await blockedParcels(f.source, screenedIds(now)) }).toEqual({ scenario: scenario.id, blocked: [] });
    }
    // the demo holds parcels the old list let through: otherwise this test would prove nothing
    expect(reproduced).toBeGreaterThan(0);
  }, 300_000);

  it('for random scenarios, parameters and regions, no returned parcel has a blocking constraint', async () => {
    const regions = fc.constantFrom(...gminas, ...new Set(gminas.map((t) => t.slice(0, 4))));
    const scenario = fc.constantFrom(...blockingScenarios);
    await fc.assert(
      fc.asyncProperty(scenario, regions, fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 30_000 }), async (s, region, envBuffer, minArea) => {
        const params: Record<string, number> = {};
        if (s.criteria.some((c) => c.label.startsWith('No environmental risk'))) params['env_buffer_m'] = envBuffer;
        params['min_area_sqm'] = Math.max(minArea, 100);
        let request: SearchParcelsRequest;
        try {
          request = compileScenario(s, { region, params, limit: 200 });
        } catch {
          return; // a parameter outside the scenario's range is refused, not searched
        }
        const response = await run(request);
        expect(await blockedParcels(f.source, screenedIds(response))).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, 600_000);

  it('"no state-agricultural pre-emption" agrees with the statutory right on every parcel of every demo gmina', async () => {
    let withRight = 0;
    for (const teryt of gminas) {
      const right = new Set(await withKowrRight(f.source, { teryt }));
      const [{ n }] = await f.source.query(`SELECT count(*)::int AS n FROM layer_pub.parcels WHERE teryt = $1`, [teryt]);
      const response = await run({ region: teryt, filters: { no_kowr_pre_emption: true }, limit: SEARCH_LIMIT_MAX });
      expect(response.coverage).toEqual([{ criterion: 'no_kowr_pre_emption', mode: 'requires', status: 'available' }]);
      expect({ teryt, matched: response.matched }).toEqual({ teryt, matched: n - right.size });
      expect(response.results.filter((r) => right.has(r.parcel_id))).toEqual([]);
      withRight += right.size;
    }
    expect(withRight).toBeGreaterThan(0);
  }, 300_000);

  it('the old criterion, the state land stock (kowr_land), passed parcels with the statutory right; the criterion now passes none', async () => {
    let before = 0;
    for (const region of gminas) {
      const old = await run({ region, filters: { exclude: [{ layer: 'kowr_land', buffer_m: 0 }] }, limit: SEARCH_LIMIT_MAX });
      before += (await withKowrRight(f.source, { ids: old.results.map((r) => r.parcel_id) })).length;
      const now = await run({ region, filters: { no_kowr_pre_emption: true }, limit: SEARCH_LIMIT_MAX });
      expect(await withKowrRight(f.source, { ids: now.results.map((r) => r.parcel_id) })).toEqual([]);
    }
    expect(before).toBeGreaterThan(0);
  }, 300_000);

  it('for random regions and housing parameters, no returned parcel has the pre-emption right the criterion excludes', async () => {
    const scenario = SCENARIOS.find((s) => s.id === 'housing_estate_site')!;
    const regions = fc.constantFrom(...gminas, ...new Set(gminas.map((t) => t.slice(0, 4))));
    await fc.assert(
      fc.asyncProperty(regions, fc.integer({ min: 100, max: 20_000 }), fc.integer({ min: 500, max: 3000 }), fc.integer({ min: 100, max: 2000 }), async (region, area, school, stop) => {
        const request = compileScenario(scenario, { region, params: { min_area_sqm: area, school_m: school, max_stop_m: stop }, limit: SEARCH_LIMIT_MAX });
        const response = await run(request);
        expect(await withKowrRight(f.source, { ids: response.results.map((r) => r.parcel_id) })).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 600_000);
});
