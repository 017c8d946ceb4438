import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, type SearchParcelsRequest } from '@lp/contracts';
import type { ParcelSearchResponse } from '../src/engine/search-results.js';
import { findScenario } from '../src/scenarios/scenario-catalogue.js';
import { compileScenario } from '../src/scenarios/scenario-compiler.js';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

function bess(region?: string): SearchParcelsRequest {
  return compileScenario(findScenario('bess_storage')!, region ? { region } : {});
}

function expectRanked(response: ParcelSearchResponse): void {
  for (const result of response.results) {
    expect(result.score).not.toBeNull();
    expect(result.score!).toBeGreaterThanOrEqual(0);
    expect(result.score!).toBeLessThanOrEqual(100);
    // exactly, in cents
    const sum = result.components.reduce((total, c) => total + c.contribution, 0);
    expect(Math.round(sum * 100)).toBe(Math.round(result.score! * 100));
  }
  for (let i = 1; i < response.results.length; i++) {
    const [a, b] = [response.results[i - 1]!, response.results[i]!];
    expect(a.score! > b.score! || (a.score === b.score && a.parcel_id < b.parcel_id)).toBe(true);
  }
}

describe('structured search on the demo data', () => {
  let f: SearchEngineFixture;
  let withGrid: string[];
  let withoutGrid: string[];

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    withGrid = await gminasWhere(f.source, 'grid_capacity', 'available');
    withoutGrid = await gminasWhere(f.source, 'grid_capacity', 'missing');
    // building the index of the demo gminas takes tens of seconds on a loaded machine
  }, 300_000);
  afterAll(() => f?.close());

  it('ranks the spec bess_storage example in a gmina with grid capacity; the components add up to each score', async () => {
    let response: ParcelSearchResponse | undefined;
    for (const teryt of withGrid) {
      response = await f.engine.run(bess(teryt));
      if (response.count > 1) break;
    }
    expect(response!.blocked).toBe(false);
    expect(response!.count).toBeGreaterThan(1);
    expect(response!.matched).toBeGreaterThanOrEqual(response!.count);
    // the scenario's "no blocking zone" keeps away from every zone that blocks a parcel's own
    // constraints: nature and flood zones, registered monuments and direct water-intake zones
    // and the BESS fire setback from homes, measured from the residential buildings
    expect(response!.coverage.map((c) => c.criterion)).toEqual(['area', 'slope', 'near:grid_capacity', 'near:power_substations', 'exclude:env_layers', 'exclude:heritage_sites', 'exclude:groundwater', 'far:buildings']);
    expect(response!.coverage.find((c) => c.criterion === 'near:grid_capacity')).toMatchObject({ mode: 'requires', status: 'available' });
    expectRanked(response!);
    expect(response!.results[0]!.components.map((c) => c.signal)).toEqual(['grid_capacity_mw', 'grid_distance_km', 'area']);
    // every signal with data gives its whole share to the parcel best on it (min-max puts one at the top of each)
    expect(Math.max(...response!.results.map((r) => r.score!))).toBeGreaterThan(50);
    expect(response!.unranked_signals).toBeUndefined();
  });

  it('blocks the same search in a gmina without grid capacity data instead of answering "no match"', async () => {
    expect(withoutGrid.length).toBeGreaterThan(0);
    const response = await f.engine.run(bess(withoutGrid[0]));
    expect(response).toMatchObject({ blocked: true, count: 0, matched: 0, results: [] });
    const grid = response.coverage.find((c) => c.criterion === 'near:grid_capacity')!;
    expect(grid).toMatchObject({ mode: 'requires', status: 'missing' });
    expect(grid.note).toMatch(/grid_capacity.*no data.*blocked/);
    expect(response.coverage).toHaveLength(8);
  });

  it('returns unscreened results with a missing-coverage note for a slope filter in a powiat without terrain', async () => {
    const missing = await gminasWhere(f.source, 'terrain_stats', 'missing');
    const available = new Set(await gminasWhere(f.source, 'terrain_stats', 'available'));
    const powiat = missing.map((t) => t.slice(0, 4)).find((p) => ![...available].some((t) => t.startsWith(p)));
    expect(powiat).toBeDefined();
    const response = await f.engine.run({ region: powiat, filters: { slope_pct: { max: 5 } }, limit: 50 });
    expect(response.blocked).toBe(false);
    expect(response.count).toBeGreaterThan(0);
    expect(response.coverage).toEqual([{ criterion: 'slope', mode: 'screens', status: 'missing', note: expect.stringMatching(/terrain_stats has no data.*tell the user/) }]);
    for (const result of response.results) {
      expect(result.teryt.startsWith(powiat!)).toBe(true);
      expect(result.unscreened).toEqual(['slope']);
    }
  });

  it('searching all of Poland returns only parcels whose gminas can prove a requires criterion, and says so', async () => {
    const response = await f.engine.run({ ...bess(), limit: 200 });
    expect(response.blocked).toBe(false);
    const grid = response.coverage.find((c) => c.criterion === 'near:grid_capacity')!;
    expect(grid.status).toBe('partial');
    expect(grid.note).toMatch(/left out/);
    expect(response.count).toBeGreaterThan(0);
    const covered = new Set(withGrid);
    for (const result of response.results) expect(covered.has(result.teryt)).toBe(true);
    expectRanked(response);
  });

  it('screens where the data exists and lists the criterion in unscreened elsewhere (screens + partial)', async () => {
    const terrainless = new Set(await gminasWhere(f.source, 'terrain_stats', 'missing'));
    // all of Poland (terrain covers some gminas), ranked by slope so the screened parcels (with a value) come first
    const response = await f.engine.run({ filters: { slope_pct: { max: 3 } }, rank_by: [{ signal: 'slope_pct', weight: 1 }], limit: 200 });
    expect(response.coverage[0]).toMatchObject({ criterion: 'slope', status: 'partial' });
    const ids = response.results.filter((r) => !r.unscreened).map((r) => r.parcel_id);
    expect(ids.length).toBeGreaterThan(0);
    const rows: Array<{ id: string; slope: number }> = await f.source.query(
      `SELECT id, slope_mean_pct AS slope FROM layer_pub.terrain_stats WHERE id = ANY($1::text[])`,
      [ids],
    );
    expect(rows).toHaveLength(ids.length);
    for (const row of rows) expect(row.slope).toBeLessThanOrEqual(3);
    for (const result of response.results.filter((r) => r.unscreened)) expect(terrainless.has(result.teryt)).toBe(true);
  });

  it('without rank_by: null scores, no components, parcel-id order, the same answer every time', async () => {
    const request: SearchParcelsRequest = { region: withGrid[0], filters: { area_sqm: { min: 500, max: 5000 } }, limit: 30 };
    const first = await f.engine.run(request);
    expect(first.count).toBe(30);
    expect(first.matched).toBeGreaterThanOrEqual(30);
    for (const result of first.results) {
      expect(result).toMatchObject({ score: null, components: [] });
      expect(result.area_sqm).toBeGreaterThanOrEqual(500);
      expect(result.area_sqm).toBeLessThanOrEqual(5000);
      expect(result.geometry.type).toMatch(/Polygon/);
    }
    const ids = first.results.map((r) => r.parcel_id);
    expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(await f.engine.run(request)).toEqual(first);
  });

  it('finds parcels in a bbox, and only there', async () => {
    const [box] = await f.source.query(
      `SELECT ST_XMin(e) AS x0, ST_YMin(e) AS y0, ST_XMax(e) AS x1, ST_YMax(e) AS y1
       FROM (SELECT ST_Extent(ST_Transform(geom, 4326)) AS e FROM (SELECT geom FROM layer_pub.parcels ORDER BY id LIMIT 40) s) b`,
    );
    const bbox = [box.x0, box.y0, box.x1, box.y1].map((v: number) => v.toFixed(5)).join(',');
    const response = await f.engine.run({ bbox, limit: 200 });
    expect(response.count).toBeGreaterThan(0);
    const [outside] = await f.source.query(
      `SELECT count(*)::int AS n FROM layer_pub.parcels p
       WHERE p.id = ANY($1::text[]) AND NOT ST_Intersects(p.geom, ST_Transform(ST_MakeEnvelope($2, $3, $4, $5, 4326), 2180))`,
      [response.results.map((r) => r.parcel_id), ...bbox.split(',').map(Number)],
    );
    expect(outside.n).toBe(0);
  });

  it('answers a near filter the index does not precompute with a spatial join, the same as the reference path', async () => {
    const request: SearchParcelsRequest = {
      region: withGrid[0],
      filters: { near: [{ layer: 'power_substations', within_m: 8000, where: { voltage_kv_gte: 100 } }], exclude: [{ layer: 'env_layers', kinds: ['natura2000'], buffer_m: 2000 }] },
      rank_by: [{ signal: 'area', weight: 1 }],
      limit: 200,
    };
    const viaIndex = await f.engine.search(request);
    const viaJoins = await f.engine.search(request, { path: 'spatial' });
    expect(viaIndex.matched).toBeGreaterThan(0);
    expect(viaIndex.results.map((r) => r.parcel_id)).toEqual(viaJoins.results.map((r) => r.parcel_id));
  });

  it('refuses a region that is no TERYT unit and a request with both region and bbox, naming what is allowed', async () => {
    await expect(f.engine.run({ region: '9999' })).rejects.toThrow(/9999 is not the TERYT code/);
    await expect(f.engine.run({ region: '30', bbox: '16.8,52.3,17,52.5' })).rejects.toBeInstanceOf(AppError);
  });
});
