import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AssemblySearchResponseView, NaturalLanguageSearchView, SearchParcelsRequest, SearchResponseView } from '@lp/contracts';
import { type ErrorEnvelope, eventually, startTestStack, type TestStack } from '@lp/testing';

/** POST /v1/search/parcels end to end: gateway, search-svc over NATS, its search index on the small demo dataset. */
describe('POST /v1/search/parcels', () => {
  let stack: TestStack;
  let bess: SearchParcelsRequest;
  let withGrid: string;
  let withoutGrid: string;

  const search = <T>(body: unknown, asKey: string | undefined = stack.apiKey) => stack.api().post<T>('/v1/search/parcels', { key: asKey, body });

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['search-svc'], scopes: ['search:read'] });
    bess = (await stack.api().post<SearchParcelsRequest>('/v1/scenarios/bess_storage/compile', { key: stack.apiKey, body: {} })).json();
    const gminas = async (status: string): Promise<string[]> =>
      (
        await stack.sql<{ teryt: string }>(
          `SELECT p.teryt FROM layer_pub.region_coverage p
           LEFT JOIN layer_pub.region_coverage c ON c.layer_id = 'grid_capacity' AND c.level = 'gmina' AND c.teryt = p.teryt
           WHERE p.layer_id = 'parcels' AND p.level = 'gmina' AND p.status <> 'missing' AND COALESCE(c.status, 'missing') = $1 ORDER BY p.teryt`,
          [status],
        )
      ).map((row) => row.teryt);
    withoutGrid = (await gminas('missing'))[0]!;
    const candidates = await gminas('available');
    // the index is built in the background at start; until then the searched gminas answer 503
    await eventually(async () => expect((await search({ filters: { area_sqm: { min: 1 } }, limit: 1 })).status).toBe(200), 180_000);
    for (const teryt of candidates) {
      withGrid = teryt;
      if ((await search<SearchResponseView>({ ...bess, region: teryt })).json().count > 1) break;
    }
  }, 240_000);
  afterAll(() => stack?.stop());

  it('ranks the spec bess_storage example; components add up to each score', async () => {
    const res = await search<SearchResponseView>({ ...bess, region: withGrid });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.blocked).toBe(false);
    expect(body.count).toBeGreaterThan(1);
    expect(body.coverage.every((c) => c.criterion && c.mode && c.status)).toBe(true);
    for (const result of body.results) {
      expect(result.components.reduce((sum, c) => sum + c.contribution, 0)).toBeCloseTo(result.score!, 6);
      expect(result).not.toHaveProperty('facts');
    }
  });

  it('answers blocked: true with no results in a gmina without grid capacity data', async () => {
    const res = await search<SearchResponseView>({ ...bess, region: withoutGrid });
    expect(res.status).toBe(200);
    expect(res.json()).toMatchObject({ blocked: true, count: 0, results: [] });
    expect(res.json().coverage).toContainEqual(expect.objectContaining({ criterion: 'near:grid_capacity', mode: 'requires', status: 'missing' }));
  });

  it('filters on an estimated price: each result carries its estimate, comparables and spread as percentile_cont computes them; min above max is a 400', async () => {
    const res = await search<SearchResponseView>({ region: withGrid, filters: { price_estimate_pln: { max: 1e12 } }, limit: 20 });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.coverage).toContainEqual(expect.objectContaining({ criterion: 'price_estimate', mode: 'requires', status: 'available' }));
    expect(body.results.length).toBeGreaterThan(0);
    for (const result of body.results) {
      const estimate = result.price_estimate!;
      const [sql] = await stack.sql<{ n: number; median: number; p25: number; p75: number }>(
        `SELECT count(*)::int AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS median,
                percentile_cont(0.25) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS p25, percentile_cont(0.75) WITHIN GROUP (ORDER BY price_per_sqm_pln)::float8 AS p75
         FROM layer_pub.transactions WHERE teryt = $1 AND property_type = 'land' AND COALESCE(land_type, 'other') = $2
           AND date >= (SELECT max(date) - interval '3 years' FROM layer_pub.transactions WHERE property_type = 'land')`,
        [result.teryt, estimate.land_type],
      );
      expect(estimate).toMatchObject({ comparables: sql!.n });
      expect(estimate.median_price_per_sqm_pln).toBeCloseTo(sql!.median, 2);
      expect(estimate.p25_price_per_sqm_pln).toBeCloseTo(sql!.p25, 2);
      expect(estimate.p75_price_per_sqm_pln).toBeCloseTo(sql!.p75, 2);
      expect(Math.abs(estimate.price_pln - result.area_sqm * sql!.median)).toBeLessThanOrEqual(1);
    }
    const bad = await search<ErrorEnvelope>({ region: withGrid, filters: { price_estimate_pln: { min: 2, max: 1 } } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toMatch(/filters\.price_estimate_pln\.min 2 is greater than filters\.price_estimate_pln\.max 1/);
  });

  it('POST /v1/search/assemblies answers sites, and 400 naming the bound of a bad assembly option', async () => {
    const assemblies = <T>(body: unknown) => stack.api().post<T>('/v1/search/assemblies', { key: stack.apiKey, body });
    const res = await assemblies<AssemblySearchResponseView>({ region: '3064011', assembly: { min_total_area_sqm: 20_000 }, limit: 2 });
    expect(res.status).toBe(200);
    expect(res.json().results.length).toBeGreaterThan(0);
    for (const site of res.json().results) {
      expect(site.total_area_sqm).toBeGreaterThanOrEqual(20_000);
      expect(site.geometry.type).toMatch(/Polygon/);
    }
    const bad = await assemblies<ErrorEnvelope>({ region: '3064011', assembly: { min_total_area_sqm: 20_000, max_gap_m: 60 } });
    expect(bad.status).toBe(400);
    expect(bad.json().error.message).toMatch(/assembly\.max_gap_m must be a number of metres from 0 to 50; got 60/);
    const missing = await assemblies<ErrorEnvelope>({ region: '3064011' });
    expect(missing.status).toBe(400);
    expect(missing.json().error.message).toMatch(/assembly/);
  });

  it('search-svc warms its in-memory columns after the start-up build and finds assembly candidates there', async () => {
    const metrics = async (): Promise<string> => (await fetch(`http://127.0.0.1:${stack.processes.get('search-svc')!.opsPort}/metrics`)).text();
    const count = (text: string, pattern: RegExp): number => Number(pattern.exec(text)?.[1] ?? 0);
    // keys, areas and the pairs within 5 m load in the background after the build: no request asked for them
    await eventually(async () => expect(count(await metrics(), /^lp_search_columns_bytes (\d+)/m)).toBeGreaterThan(0), 60_000);
    const before = await metrics();
    const body = { region: '3064011', assembly: { min_total_area_sqm: 20_000 }, limit: 2 };
    const res = await stack.api().post<AssemblySearchResponseView>('/v1/search/assemblies', { key: stack.apiKey, body });
    expect(res.status).toBe(200);
    const after = await metrics();
    const memory = /^lp_assembly_candidates_total\{where="memory"\} (\d+)/m;
    expect(count(after, memory)).toBe(count(before, memory) + 1);
  });

  it('answers 400 naming the bad value and the allowed ones', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ filters: { near: [{ layer: 'pubs', within_m: 100 }] } }, /pubs is not a layer.*power_substations/s],
      [{ filters: { near: [{ layer: 'power_substations', within_m: 100, where: { colour_eq: 'red' } }] } }, /colour is not an attribute of power_substations.*voltage_kv/],
      [{ filters: { exclude: [{ layer: 'env_layers', kinds: ['volcano'] }] } }, /volcano.*natura2000_habitat/s],
      [{ rank_by: [{ signal: 'beauty', weight: 10 }] }, /beauty.*grid_capacity_mw/s],
      [{ filters: { near: [{ layer: 'transport_stops', within_m: 60_000 }] } }, /within_m must be from 0 to 50000/],
      [{ region: '30', bbox: '16.8,52.3,17,52.5' }, /region or bbox, not both/],
      [{ bbox: '52.3,16.8,52.5,17' }, /bbox/],
      [{ region: '9999' }, /9999 is not the TERYT code/],
      [{ limit: 0 }, /limit must be an integer from 1 to 200/],
      [{ filters: { near_any: [{ any_of: [{ layer: 'planned_roads', within_m: 10 }, { layer: 'roads', within_m: 10, kinds: ['autobahn'] }] }] } }, /near_any\[0\]\.any_of\[1\]\.kinds: autobahn is not a kind of roads/],
      [{ filters: { near_any: [{ any_of: [{ layer: 'planned_roads', within_m: 10 }] }] } }, /any_of needs at least 2 near filters/],
      [{ filters: { not_contaminated: false } }, /not_contaminated can only be true/],
    ];
    for (const [body, message] of cases) {
      const res = await search<ErrorEnvelope>(body);
      expect(res.status).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
    }
  });

  it('drops no scenario criterion: brownfield reports "not contaminated" as missing, logistics searches planned or trunk roads as one criterion', async () => {
    const compile = async (scenario: string): Promise<SearchParcelsRequest> =>
      (await stack.api().post<SearchParcelsRequest>(`/v1/scenarios/${scenario}/compile`, { key: stack.apiKey, body: { region: '3064', limit: 50 } })).json();
    const brownfield = (await search<SearchResponseView>(await compile('brownfield_redevelopment'))).json();
    expect(brownfield.blocked).toBe(false);
    expect(brownfield.coverage).toContainEqual(expect.objectContaining({ criterion: 'not_contaminated', mode: 'screens', status: 'missing', note: expect.stringMatching(/contaminat/) }));
    for (const result of brownfield.results) expect(result.unscreened).toContain('not_contaminated');

    const logistics = await compile('logistics_warehouse');
    expect(logistics.filters!.near_any![0]!.any_of.map((near) => near.layer)).toEqual(['planned_roads', 'roads']);
    const answer = (await search<SearchResponseView>(logistics)).json();
    expect(answer.coverage.map((c) => c.criterion)).toContain('near_any:planned_roads|roads');
    // every result is within 5 km of a planned road or of a motorway, expressway or GP road, on the raw layers
    for (const result of answer.results) {
      const [row] = await stack.sql<{ ok: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM layer_pub.planned_roads r, layer_pub.parcels p WHERE p.id = $1 AND ST_DWithin(r.geom, p.geom, 5000))
             OR EXISTS (SELECT 1 FROM layer_pub.roads r, layer_pub.parcels p WHERE p.id = $1 AND r.kind IN ('motorway', 'expressway', 'trunk') AND ST_DWithin(r.geom, p.geom, 5000)) AS ok`,
        [result.parcel_id],
      );
      expect(row!.ok).toBe(true);
    }
  });

  it('natural-language search returns results with why; replaying interpretation.request gives the same results', async () => {
    const res = await stack.api().post<NaturalLanguageSearchView>('/v1/search/natural-language', { key: stack.apiKey, body: { query: `magazyn energii, region ${withGrid}`, region: withGrid } });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.interpretation.scenario).toBe('bess_storage');
    expect(body.count).toBeGreaterThan(0);
    for (const result of body.results) expect(result.why.length).toBeGreaterThan(0);
    const replay = (await search<SearchResponseView>(body.interpretation.request)).json();
    expect(replay.results).toEqual(body.results.map(({ why: _why, ...result }) => result));
    expect(replay.coverage).toEqual(body.coverage);
  });

  it('needs a key with search:read', async () => {
    expect((await stack.api().post<ErrorEnvelope>('/v1/search/parcels', { body: {} })).status).toBe(401);
    const other = await stack.createKey(['parcels:read']);
    expect((await search<ErrorEnvelope>({}, other)).status).toBe(403);
  });
});
