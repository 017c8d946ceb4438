import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { assertSearchRequest, type CriterionCoverageView, type SearchFilters, type SearchParcelsRequest } from '@lp/contracts';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import type { ParcelSearchResponse } from '../src/engine/search-results.js';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * A far or exclude criterion looks a distance around each parcel, so it is only as known as its
 * layer's data over that whole reach: checked on the raw tables with plain PostGIS (the gminas'
 * outlines in admin_bounds, their coverage in region_coverage), over generated criteria in the
 * small demo, whose gminas border gminas without most layers.
 */

/** Gminas within `reachM` of the region's gminas, each with the layer's coverage status there (missing where no row says otherwise). */
async function gminasWithinReach(db: DataSource, region: string, layer: string, reachM: number): Promise<Array<{ teryt: string; status: string }>> {
  return db.query(
    `SELECT g.id AS teryt, COALESCE(c.status, 'missing') AS status
     FROM layer_pub.admin_bounds g
     LEFT JOIN layer_pub.region_coverage c ON c.level = 'gmina' AND c.layer_id = $3 AND c.teryt = g.id
     WHERE g.kind = 'gmina' AND EXISTS (SELECT 1 FROM layer_pub.admin_bounds s WHERE s.kind = 'gmina' AND s.id LIKE $1 AND ST_DWithin(s.geom, g.geom, $2))
     ORDER BY g.id`,
    [`${region}%`, reachM, layer],
  );
}

/** The parcels among `ids` lying within `reachM` of a gmina where the layer has no data at all. */
async function withinReachOfNoData(db: DataSource, ids: readonly string[], layer: string, reachM: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows: Array<{ id: string }> = await db.query(
    `SELECT p.id FROM layer_pub.parcels p
     WHERE p.id = ANY($1::text[]) AND EXISTS (
       SELECT 1 FROM layer_pub.admin_bounds g
       WHERE g.kind = 'gmina' AND ST_DWithin(g.geom, p.geom, $2)
         AND NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.level = 'gmina' AND c.layer_id = $3 AND c.teryt = g.id AND c.status <> 'missing'))
     ORDER BY p.id`,
    [ids, reachM, layer],
  );
  return rows.map((row) => row.id);
}

type Reaching = { kind: 'far'; layer: string; kinds?: string[]; distance: number } | { kind: 'exclude'; layer: string; kinds?: string[]; distance: number };

function filtersOf(criterion: Reaching, minArea: number): SearchFilters {
  const filters: SearchFilters = { area_sqm: { min: minArea } };
  if (criterion.kind === 'far') filters.far = [{ layer: criterion.layer, beyond_m: criterion.distance, ...(criterion.kinds ? { kinds: criterion.kinds } : {}) }];
  else filters.exclude = [{ layer: criterion.layer, buffer_m: criterion.distance, ...(criterion.kinds ? { kinds: criterion.kinds } : {}) }];
  return filters;
}

const criterionId = (c: Reaching): string => `${c.kind}:${c.layer}`;

const reaching: fc.Arbitrary<Reaching> = fc.oneof(
  fc.record({ kind: fc.constant('far' as const), layer: fc.constant('services_poi'), kinds: fc.constant<string[]>(['school']), distance: fc.integer({ min: 100, max: 4000 }) }),
  fc.record({ kind: fc.constant('far' as const), layer: fc.constant('transport_stops'), distance: fc.integer({ min: 100, max: 3000 }) }),
  fc.record({ kind: fc.constant('far' as const), layer: fc.constant('roads'), kinds: fc.constant<string[]>(['motorway', 'expressway', 'trunk']), distance: fc.integer({ min: 200, max: 5000 }) }),
  fc.record({ kind: fc.constant('exclude' as const), layer: fc.constant('env_layers'), kinds: fc.constant<string[]>(['natura2000', 'flood_zone']), distance: fc.integer({ min: 50, max: 1500 }) }),
  fc.record({ kind: fc.constant('exclude' as const), layer: fc.constant('heritage_sites'), distance: fc.integer({ min: 50, max: 1000 }) }),
  fc.record({ kind: fc.constant('exclude' as const), layer: fc.constant('waterways'), distance: fc.integer({ min: 50, max: 1000 }) }),
);

describe('coverage over the reach of far and exclude criteria', () => {
  let f: SearchEngineFixture;
  let gminas: string[];

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    gminas = await gminasWhere(f.source, 'parcels', 'available');
  }, 300_000);
  afterAll(() => f?.close());

  const search = (region: string, filters: SearchFilters): Promise<ParcelSearchResponse> => {
    const request: SearchParcelsRequest = { region, filters, limit: 200 };
    assertSearchRequest(request);
    return f.engine.search(request);
  };
  const coverageOf = (response: ParcelSearchResponse, criterion: string): CriterionCoverageView => response.coverage.find((c) => c.criterion === criterion)!;

  it('"at least 2 km from any school": parcels near gminas without school data are not returned, and coverage says partial', async () => {
    // a gmina with school data whose parcels lie within 2 km of gminas without it (as Mosina's do)
    let checked = 0;
    for (const region of gminas) {
      const criterion: Reaching = { kind: 'far', layer: 'services_poi', kinds: ['school'], distance: 2000 };
      const around = await gminasWithinReach(f.source, region, 'services_poi', 2000);
      if (around.find((g) => g.teryt === region)?.status !== 'available' || around.every((g) => g.status === 'available')) continue;
      // what the criterion alone would pass, judged on its own gmina's data as before
      const unchecked = await f.source.query(
        `SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1 AND COALESCE(p.area_sqm, ST_Area(p.geom)) >= 10000
           AND NOT EXISTS (SELECT 1 FROM layer_pub.services_poi s WHERE s.kind = 'school' AND ST_DWithin(s.geom, p.geom, 2000))`,
        [region],
      );
      const wrongBefore = await withinReachOfNoData(f.source, unchecked.map((row: { id: string }) => row.id), 'services_poi', 2000);
      if (wrongBefore.length === 0) continue;
      const response = await search(region, filtersOf(criterion, 10_000));
      expect(coverageOf(response, 'far:services_poi')).toMatchObject({ status: 'partial', note: expect.stringMatching(/looks 2000 m around each parcel/) });
      expect(await withinReachOfNoData(f.source, response.results.map((r) => r.parcel_id), 'services_poi', 2000)).toEqual([]);
      checked += 1;
      if (checked >= 2) break;
    }
    expect(checked).toBeGreaterThan(0);
  }, 300_000);

  it('an environmental buffer reaching gminas without environmental data lists the parcels there as unscreened', async () => {
    let checked = 0;
    for (const region of gminas) {
      const response = await search(region, filtersOf({ kind: 'exclude', layer: 'env_layers', kinds: ['natura2000', 'flood_zone'], distance: 1000 }, 5000));
      const near = await withinReachOfNoData(f.source, response.results.map((r) => r.parcel_id), 'env_layers', 1000);
      if (near.length === 0) continue;
      expect(coverageOf(response, 'exclude:env_layers').status).not.toBe('available');
      for (const id of near) expect(response.results.find((r) => r.parcel_id === id)!.unscreened).toContain('exclude:env_layers');
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  }, 300_000);

  it('for random far and exclude criteria near gmina borders, coverage is available only when every gmina within the reach has data, and no parcel within reach of a gmina without data passes unflagged', async () => {
    const regions = fc.constantFrom(...gminas, ...new Set(gminas.map((t) => t.slice(0, 4))));
    await fc.assert(
      fc.asyncProperty(regions, reaching, fc.integer({ min: 0, max: 20_000 }), async (region, criterion, minArea) => {
        const response = await search(region, filtersOf(criterion, minArea));
        const coverage = coverageOf(response, criterionId(criterion));
        const around = await gminasWithinReach(f.source, region, criterion.layer, criterion.distance);
        if (coverage.status === 'available') expect(around.filter((g) => g.status !== 'available')).toEqual([]);
        if (around.some((g) => g.status !== 'available')) expect(coverage.status).not.toBe('available');
        const near = await withinReachOfNoData(f.source, response.results.map((r) => r.parcel_id), criterion.layer, criterion.distance);
        // a requires criterion (far) is never unknown for a returned parcel; a screening one (exclude) says so per parcel
        if (criterion.kind === 'far') expect(near).toEqual([]);
        else for (const id of near) expect(response.results.find((r) => r.parcel_id === id)!.unscreened ?? []).toContain(criterionId(criterion));
      }),
      { numRuns: 40 },
    );
  }, 900_000);

  it('the search index and the spatial path agree where the reach touches gminas without data', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...gminas), reaching, async (region, criterion) => {
        const request: SearchParcelsRequest = { region, filters: filtersOf(criterion, 3000), limit: 200 };
        const [index, spatial] = await Promise.all([f.engine.search(request), f.engine.search(request, { path: 'spatial' })]);
        expect(spatial.results.map((r) => [r.parcel_id, r.unscreened ?? []])).toEqual(index.results.map((r) => [r.parcel_id, r.unscreened ?? []]));
        expect(spatial.coverage).toEqual(index.coverage);
      }),
      { numRuns: 15 },
    );
  }, 600_000);
});
