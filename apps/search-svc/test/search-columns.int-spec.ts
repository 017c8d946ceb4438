import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { assertSearchRequest, type RankBy, type SearchParcelsRequest } from '@lp/contracts';
import { guardQueryDeadlines } from '@lp/db';
import { currentDeadlineMs, currentRequestId, runWithRequestContext } from '@lp/runtime';
import fc from 'fast-check';
import { BUILDS_DIGEST_SQL, ColumnRepository } from '../src/engine/columns/column.repository.js';
import { ColumnSearch, type PrecomputedPage } from '../src/engine/columns/column-search.js';
import { ColumnStore } from '../src/engine/columns/column-store.js';
import { columnKind } from '../src/engine/columns/column-catalogue.js';
import { frontTestable } from '../src/engine/columns/column-front.js';
import { CodedNumbers } from '../src/engine/columns/column-coded.js';
import { SparseNumbers } from '../src/engine/columns/column-sparse.js';
import { searchPhaseSeconds } from '../src/engine/columns/column-metrics.js';
import { ENV_KINDS, envColumn, INDEX_FORMAT } from '../src/search-index/index-columns.js';
import { ParcelSearchService } from '../src/engine/parcel-search.service.js';
import type { SearchQueryInput } from '../src/engine/search-query.js';
import { SearchIndexRepository } from '../src/search-index/search-index.repository.js';
import { SearchRepository } from '../src/engine/search.repository.js';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';
import { filters } from './search-arbitraries.js';

/**
 * The in-memory engine answers exactly as the search in PostgreSQL: the same matched
 * count, page, scores, components, facts, unscreened flags and coverage, over generated requests on
 * the small demo dataset, nationally and per region. Each generated request that the engine can
 * take is counted, so the property cannot pass by falling back every time.
 */

/** ColumnSearch that counts the searches it answered. */
class CountingColumnSearch extends ColumnSearch {
  answered = 0;
  declined = 0;

  override async search(input: SearchQueryInput): Promise<PrecomputedPage | undefined> {
    const page = await super.search(input);
    if (page) this.answered++;
    else this.declined++;
    return page;
  }
}

const rankBy: fc.Arbitrary<RankBy[]> = fc.uniqueArray(
  fc.record({
    signal: fc.constantFrom('area', 'slope_pct', 'grid_distance_km', 'solar_yield_kwh_kwp', 'transit_distance_m', 'water_distance_m', 'grid_capacity_mw', 'floors', 'price_per_sqm_pln'),
    weight: fc.constantFrom(1, 2, 3, 5, 0.5, 0.3),
  }),
  { minLength: 0, maxLength: 3, selector: (r) => r.signal },
);

describe('searches matched in memory', () => {
  let f: SearchEngineFixture;
  let store: ColumnStore;
  let columns: CountingColumnSearch;
  let inMemory: ParcelSearchService;
  let regions: fc.Arbitrary<string | undefined>;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    store = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true });
    columns = new CountingColumnSearch(store);
    inMemory = new ParcelSearchService(f.repository, columns);
    const gminas = await gminasWhere(f.source, 'parcels', 'available');
    regions = fc.constantFrom(undefined, undefined, ...gminas, ...new Set(gminas.map((t) => t.slice(0, 4))), ...new Set(gminas.map((t) => t.slice(0, 2))));
  }, 300_000);
  afterAll(() => f?.close());

  it('answer every generated request exactly as PostgreSQL does', async () => {
    const before = columns.answered;
    await fc.assert(
      fc.asyncProperty(regions, filters, rankBy, fc.integer({ min: 1, max: 60 }), async (region, generated, signals, limit) => {
        const request: SearchParcelsRequest = { ...(region ? { region } : {}), filters: generated, rank_by: signals, limit };
        assertSearchRequest(request);
        const expected = await f.engine.search(request);
        const actual = await inMemory.search(request);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 150 },
    );
    // a request with a criterion the index cannot answer (a spatial join, or an exclusion whose buffer
    // reaches a gmina without the layer's data: the demo's gminas border gminas without most layers)
    // runs in PostgreSQL: about four fifths of these
    expect(columns.answered - before).toBeGreaterThan(15);
  }, 900_000);

  it('rank a national search over every parcel with many ties at the page boundary', async () => {
    for (const rank_by of [[{ signal: 'floors', weight: 1 }], [{ signal: 'grid_capacity_mw', weight: 2 }, { signal: 'area', weight: 0.3 }], []] as RankBy[][]) {
      const request: SearchParcelsRequest = { filters: {}, rank_by, limit: 50 };
      const before = columns.answered;
      const actual = await inMemory.search(request);
      expect(columns.answered).toBe(before + 1);
      expect(actual).toEqual(await f.engine.search(request));
      expect(actual.matched).toBeGreaterThan(4000);
    }
  }, 120_000);

  it('stop the in-memory pass a few gminas in once the request is cancelled, and answer it in full when not', async () => {
    const request: SearchParcelsRequest = { filters: { area_sqm: { min: 1 } }, rank_by: [{ signal: 'area', weight: 1 }], limit: 20 };
    const answered = columns.answered;
    await inMemory.search(request);
    expect(columns.answered).toBe(answered + 1);
    // a signal that turns aborted at its third reading: the pass checks it before each gmina
    let readings = 0;
    const gone = new AbortController();
    gone.abort();
    const cancelledMidway = { get aborted() { return ++readings >= 3; }, reason: gone.signal.reason } as unknown as AbortSignal;
    const stopped = runWithRequestContext({ requestId: 'dropped', signal: cancelledMidway }, () => inMemory.search(request));
    await expect(stopped).rejects.toMatchObject({ code: 'upstream_timeout' });
    expect(readings).toBe(3);
    expect(columns.answered).toBe(answered + 1);
    const gminas = (await store.lease((built) => [...built], ['area_sqm'])).chunks.length;
    expect(gminas).toBeGreaterThan(3);
  }, 120_000);

  it('see a gmina rebuilt since its columns were read', async () => {
    const request: SearchParcelsRequest = { filters: { area_sqm: { min: 100 } }, rank_by: [{ signal: 'area', weight: 1 }], limit: 3 };
    const first = await inMemory.search(request);
    const [{ parcel_id: smallest, teryt }]: Array<{ parcel_id: string; teryt: string }> = await f.source.query(
      `SELECT parcel_id, teryt FROM search.parcel_index WHERE area_sqm >= 100 ORDER BY area_sqm, parcel_id LIMIT 1`,
    );
    expect(first.results.map((r) => r.parcel_id)).not.toContain(smallest);
    // the smallest parcel becomes the largest, as a rebuild of its gmina would make it
    await f.source.query(`UPDATE search.parcel_index SET area_sqm = 9e7 WHERE parcel_id = $1`, [smallest]);
    await f.source.query(`UPDATE search.index_builds SET built_at = now() + interval '1 second' WHERE teryt = $1`, [teryt]);
    const after = await inMemory.search(request);
    expect(after.results[0]!.parcel_id).toBe(smallest);
    expect(after).toEqual(await f.engine.search(request));
    await new SearchIndexRepository(f.source).buildGmina(teryt);
    expect(await inMemory.search(request)).toEqual(first);
  }, 120_000);

  it('answer "a grid node of N MW within K km" from the fronts, and by the join they replace where a build predates them', async () => {
    const request: SearchParcelsRequest = {
      filters: { near: [{ layer: 'grid_capacity', within_m: 8000, where: { available_mw_gte: 25 } }] },
      rank_by: [{ signal: 'grid_capacity_mw', weight: 1 }],
      limit: 20,
    };
    // the reference: the same criterion as a spatial join on the layer
    const joined = await f.engine.search(request, { path: 'spatial' });
    expect(joined.matched).toBeGreaterThan(100);
    const answered = columns.answered;
    expect(await inMemory.search(request)).toEqual(joined);
    expect(columns.answered).toBe(answered + 1);
    // in PostgreSQL too, from the fronts alone: every build has them, so no row needs the join
    const complete = await f.engine.plan(request);
    expect(complete.indexFormat).toBe(INDEX_FORMAT);
    const fromFronts = f.engine.query(request, complete);
    expect(fromFronts.sql).toContain('width_bucket');
    expect(fromFronts.sql).not.toContain('grid_front_m IS NULL');
    expect(await f.engine.search(request)).toEqual(joined);
    // the gmina with the most parcels near such a node, as a build made before the fronts left it
    const [{ teryt }]: Array<{ teryt: string }> = await f.source.query(
      `SELECT teryt FROM search.parcel_index WHERE EXISTS (SELECT 1 FROM unnest(grid_front_m, grid_front_value) s(m, v) WHERE s.m <= 8000 AND s.v >= 25)
       GROUP BY teryt ORDER BY count(*) DESC, teryt LIMIT 1`,
    );
    await f.source.query(`UPDATE search.parcel_index SET grid_front_m = NULL, grid_front_value = NULL WHERE teryt = $1`, [teryt]);
    await f.source.query(`UPDATE search.index_builds SET built_at = now() + interval '2 seconds', format = 1 WHERE teryt = $1`, [teryt]);
    try {
      // now some row may lack its front: the query keeps the join for those rows
      const partial = await f.engine.plan(request);
      expect(partial.indexFormat).toBe(1);
      expect(f.engine.query(request, partial).sql).toContain('grid_front_m IS NULL');
      const declined = columns.declined;
      expect(await inMemory.search(request)).toEqual(joined);
      expect(columns.declined).toBe(declined + 1);
      expect(await f.engine.search(request)).toEqual(joined);
    } finally {
      await new SearchIndexRepository(f.source).buildGmina(teryt);
    }
    const [{ format, missing }]: Array<{ format: number; missing: number }> = await f.source.query(
      `SELECT b.format, (SELECT count(*)::int FROM search.parcel_index i WHERE i.teryt = b.teryt AND i.grid_front_m IS NULL) AS missing
       FROM search.index_builds b WHERE b.teryt = $1`,
      [teryt],
    );
    expect({ format, missing }).toEqual({ format: INDEX_FORMAT, missing: 0 });
    expect(await inMemory.search(request)).toEqual(joined);
  }, 300_000);

  it('answer "near an EV charger" from its column, and by the join it replaces where a build predates the column', async () => {
    const request: SearchParcelsRequest = {
      filters: { area_sqm: { min: 1500 }, near: [{ layer: 'ev_chargers', within_m: 1500 }] },
      rank_by: [{ signal: 'area', weight: 1 }],
      limit: 20,
    };
    // the reference: the same criterion as a spatial join on the layer (which measures no distance for the facts)
    const joined = await f.engine.search(request, { path: 'spatial' });
    expect(joined.matched).toBeGreaterThan(50);
    const found = (answer: { matched: number; results: Array<{ parcel_id: string; score: number | null }> }) => ({
      matched: answer.matched,
      results: answer.results.map((r) => [r.parcel_id, r.score]),
    });
    // every returned parcel really has a charger within 1,500 m, measured on the raw layer
    const ids = joined.results.map((r) => r.parcel_id);
    const [{ near }]: Array<{ near: number }> = await f.source.query(
      `SELECT count(*)::int AS near FROM layer_pub.parcels p
       WHERE p.id = ANY($1::text[]) AND EXISTS (SELECT 1 FROM layer_pub.ev_chargers c WHERE ST_DWithin(c.geom, p.geom, 1500))`,
      [ids],
    );
    expect(near).toBe(ids.length);
    const current = await f.engine.plan(request);
    expect(current.indexFormat).toBe(INDEX_FORMAT);
    expect(f.engine.query(request, current).sql).toContain('i.ev_charger_m <=');
    const fromColumn = await f.engine.search(request);
    expect(found(fromColumn)).toEqual(found(joined));
    // the facts give the distance to the nearest charger, as PostGIS measures it on the raw layer
    const measuredRaw: Array<{ id: string; m: number }> = await f.source.query(
      `SELECT p.id, (SELECT min(ST_Distance(c.geom, p.geom)) FROM layer_pub.ev_chargers c) AS m FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])`,
      [ids],
    );
    const raw = new Map(measuredRaw.map((row) => [row.id, row.m]));
    for (const result of fromColumn.results) {
      expect(result.facts?.near_m?.['near:ev_chargers']).toBeCloseTo(raw.get(result.parcel_id)!, 1); // facts give metres to 0.1
    }
    const answered = columns.answered;
    expect(await inMemory.search(request)).toEqual(fromColumn);
    expect(columns.answered).toBe(answered + 1);
    // the gmina with the most such parcels, as a build made before the column left it (null there)
    const [{ teryt }]: Array<{ teryt: string }> = await f.source.query(
      `SELECT teryt FROM search.parcel_index WHERE ev_charger_m <= 1500 AND area_sqm >= 1500 GROUP BY teryt ORDER BY count(*) DESC, teryt LIMIT 1`,
    );
    await f.source.query(`UPDATE search.parcel_index SET ev_charger_m = NULL, ev_charger_name = NULL WHERE teryt = $1`, [teryt]);
    await f.source.query(`UPDATE search.index_builds SET built_at = now() + interval '3 seconds', format = 2 WHERE teryt = $1`, [teryt]);
    try {
      // a null there would read "no charger within 50 km": the search joins the layer instead
      const older = await f.engine.plan(request);
      expect(older.indexFormat).toBe(2);
      expect(f.engine.query(request, older).sql).not.toContain('ev_charger_m');
      const viaJoin = await f.engine.search(request);
      expect(found(viaJoin)).toEqual(found(joined));
      const declined = columns.declined;
      expect(await inMemory.search(request)).toEqual(viaJoin);
      expect(columns.declined).toBe(declined + 1);
    } finally {
      await new SearchIndexRepository(f.source).buildGmina(teryt);
    }
    const [{ format, measured }]: Array<{ format: number; measured: number }> = await f.source.query(
      `SELECT b.format, (SELECT count(*)::int FROM search.parcel_index i WHERE i.teryt = b.teryt AND i.ev_charger_m IS NOT NULL) AS measured
       FROM search.index_builds b WHERE b.teryt = $1`,
      [teryt],
    );
    expect(format).toBe(INDEX_FORMAT);
    expect(measured).toBeGreaterThan(0);
    expect(await inMemory.search(request)).toEqual(fromColumn);
  }, 300_000);

  it('answer a front query at a stored step distance exactly though memory holds distances rounded up to the half metre', async () => {
    // steps off the half-metre grid: the held distance is rounded up, so a query at the grid either
    // side of it, or at the distance itself, is where an inexact front would differ
    const steps: Array<{ m: number; v: number }> = await f.source.query(
      `SELECT s.m, s.v FROM search.parcel_index i, unnest(i.grid_front_m, i.grid_front_value) s(m, v)
       WHERE s.m * 2 <> floor(s.m * 2) AND s.m < 10000 ORDER BY md5(i.parcel_id || s.m::text) LIMIT 4`,
    );
    expect(steps.length).toBe(4);
    let inMemoryAnswers = 0;
    for (const { m, v } of steps) {
      for (const within_m of [Math.floor(m * 2) / 2, Math.ceil(m * 2) / 2, Math.fround(m), m]) {
        const request: SearchParcelsRequest = {
          filters: { near: [{ layer: 'grid_capacity', within_m, where: { available_mw_gte: v } }] },
          rank_by: [{ signal: 'grid_capacity_mw', weight: 1 }],
          limit: 5,
        };
        const answered = columns.answered;
        const actual = await inMemory.search(request);
        expect(actual).toEqual(await f.engine.search(request));
        // at the step's own distance or above, its parcel matches
        if (within_m >= m) expect(actual.matched).toBeGreaterThan(0);
        // a distance on the half-metre grid is answered in memory; the stored float8 itself goes to PostgreSQL
        expect(columns.answered).toBe(answered + (frontTestable(within_m) ? 1 : 0));
        inMemoryAnswers += columns.answered - answered;
      }
    }
    expect(inMemoryAnswers).toBe(8);
  }, 300_000);

  it('answer env exclusions and a floors limit from sparse columns exactly as PostgreSQL does', async () => {
    const requests: SearchParcelsRequest[] = [
      { filters: { exclude: [{ layer: 'env_layers', kinds: ['natura2000'], buffer_m: 500 }] }, rank_by: [{ signal: 'area', weight: 1 }], limit: 25 },
      { filters: { exclude: [{ layer: 'env_layers', buffer_m: 1000 }] }, limit: 25 },
      { filters: { exclude: [{ layer: 'env_layers', kinds: ['flood_risk_1pct', 'wetland'], buffer_m: 0 }], area_sqm: { min: 1000 } }, rank_by: [{ signal: 'grid_distance_km', weight: 2 }], limit: 10 },
      // the buffer equal to a stored distance: 100 m kept only where farther (`> 100`)
      { filters: { exclude: [{ layer: 'env_layers', kinds: ['protected_landscape_area', 'natural_monument'], buffer_m: 100 }] }, rank_by: [{ signal: 'water_distance_m', weight: 1 }], limit: 40 },
      { filters: { near: [{ layer: 'buildings', within_m: 0, where: { floors_lte: 2 } }], exclude: [{ layer: 'env_layers', kinds: ['natura2000'], buffer_m: 200 }] }, rank_by: [{ signal: 'floors', weight: 1 }], limit: 30 },
    ];
    // A buffer reaching a gmina without env data is measured on the gminas' outlines in PostgreSQL
    // (reach-coverage.property.int-spec.ts); here env data is everywhere, as in production, so the
    // exclusions are answered from the columns alone.
    const missing = await f.db.sql<{ teryt: string }>(
      `UPDATE layer.region_coverage SET status = 'available' WHERE layer_id = 'env_layers' AND level = 'gmina' AND status <> 'available' RETURNING teryt`,
    );
    try {
      const repository = new SearchRepository(f.source);
      const everywhere = { sql: new ParcelSearchService(repository), memory: new ParcelSearchService(repository, columns) };
      for (const request of requests) {
        assertSearchRequest(request);
        const before = columns.answered;
        const actual = await everywhere.memory.search(request);
        expect(columns.answered).toBe(before + 1);
        expect(actual).toEqual(await everywhere.sql.search(request));
      }
      // the exclusions keep some parcels and drop others: the nulls and the values both decide
      const [natura] = requests;
      const kept = (await everywhere.memory.search(natura!)).matched;
      const all = (await everywhere.memory.search({ filters: {}, limit: 1 })).matched;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(all);
    } finally {
      await f.db.sql(`UPDATE layer.region_coverage SET status = 'missing' WHERE layer_id = 'env_layers' AND level = 'gmina' AND teryt = ANY($1::text[])`, [missing.map((m) => m.teryt)]);
    }
  }, 120_000);

  it('hold each gmina\'s parcel keys as runs, each row\'s key the index\'s, in parcel-id order', async () => {
    const store = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true });
    const lease = await store.lease((built) => [...built], []);
    const rows: Array<{ teryt: string; keys: number[] }> = await f.source.query(
      `SELECT teryt, array_agg(parcel_key ORDER BY parcel_id COLLATE "C") AS keys FROM search.parcel_index GROUP BY teryt`,
    );
    const byTeryt = new Map(rows.map((row) => [row.teryt, row.keys]));
    let parcels = 0;
    for (const chunk of lease.chunks) {
      const keys = byTeryt.get(chunk.teryt) ?? [];
      expect({ teryt: chunk.teryt, keys: Array.from({ length: chunk.size }, (_, row) => chunk.keys.at(row)) }).toEqual({ teryt: chunk.teryt, keys });
      parcels += chunk.size;
    }
    // the demo's gminas were keyed a statement each: a run or a few each, not 4 bytes a parcel
    expect(parcels).toBeGreaterThan(1_000);
    expect(store.bytes()).toBeLessThan(lease.chunks.length * 8 * 4);
  });

  it('hold the env distances and min_floors sparsely, in the bytes they take', async () => {
    const sparse = [...ENV_KINDS.map(envColumn), 'min_floors'];
    expect(sparse.every((c) => columnKind(c) === 'sparse')).toBe(true);
    const store = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true });
    const lease = await store.lease((built) => [...built], sparse);
    const present: Array<{ column: string; rows: number }> = await f.source.query(
      `SELECT c AS column, count(*) FILTER (WHERE v IS NOT NULL)::int AS rows
       FROM search.parcel_index i, LATERAL (VALUES ${sparse.map((c) => `('${c}', i.${c}::float8)`).join(', ')}) x(c, v) GROUP BY c`,
    );
    let bytes = lease.chunks.reduce((sum, chunk) => sum + chunk.keys.byteLength, 0);
    for (const chunk of lease.chunks) {
      for (const name of sparse) {
        const column = chunk.columns.get(name);
        expect(column).toBeInstanceOf(SparseNumbers);
        // a bit and a rank per 32 rows, 8 bytes a value; nothing where no row has a value (the zeros are shared)
        const values = (column as SparseNumbers).values.length;
        bytes += values === 0 ? 0 : Math.ceil(chunk.size / 32) * 8 + values * 8;
      }
    }
    expect(store.bytes()).toBe(bytes);
    const held = present.reduce((sum, p) => sum + p.rows, 0) * 8;
    expect(lease.chunks.reduce((sum, chunk) => sum + sparse.reduce((s, c) => s + (chunk.columns.get(c) as SparseNumbers).values.byteLength, 0), 0)).toBe(held);
  });

  it('admit sparse columns by their fill (pg_stats), not at 8 bytes a row, and refuse them when they would not fit', async () => {
    const sparse = [...ENV_KINDS.map(envColumn), 'min_floors'];
    const full = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true });
    await full.lease((built) => [...built], sparse);
    const real = full.bytes();
    const [{ rows }]: Array<{ rows: number }> = await f.source.query(`SELECT count(*)::int AS rows FROM search.parcel_index`);
    // the estimate counts every column's bitmap and ranks (a quarter of a byte a row), though a gmina
    // without values shares them; held dense, these would take 8 bytes a row each: far over a budget
    // 10 % above what they take sparsely with their bitmaps
    const budget = Math.ceil((real + rows * 0.25 * sparse.length) * 1.1);
    expect(rows * (4 + 8 * sparse.length)).toBeGreaterThan(budget * 3);
    const fits = new ColumnStore(new ColumnRepository(f.source), budget, { waitForLoads: true });
    await fits.lease((built) => [...built], sparse);
    expect(fits.bytes()).toBe(real);
    const tooSmall = new ColumnStore(new ColumnRepository(f.source), real - 1);
    expect(await tooSmall.lease((built) => [...built], sparse).catch((error: { reason?: string }) => error.reason)).toBe('over_budget');
    await tooSmall.idle();
    expect(tooSmall.bytes()).toBe(0);
  });

  it('hold number columns coded where a gmina has few distinct values, and admit them by pg_stats.n_distinct', async () => {
    // areas (Poznań's 25,757 real parcels have 3,630 distinct ones), slopes and grid capacities repeat
    const numbers = ['area_sqm', 'slope_pct', 'grid_node_mw'];
    const full = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true });
    const lease = await full.lease((built) => [...built], numbers);
    const real = full.bytes();
    const coded = lease.chunks.reduce((sum, chunk) => sum + numbers.filter((c) => chunk.columns.get(c) instanceof CodedNumbers).length, 0);
    expect(coded).toBeGreaterThan(lease.chunks.length);
    const [{ rows }]: Array<{ rows: number }> = await f.source.query(`SELECT count(*)::int AS rows FROM search.parcel_index`);
    // dense: 8 bytes a row each; held: under half of that
    expect(real).toBeLessThan((rows * (4 + 8 * numbers.length)) / 2);
    // a budget under the dense estimate admits them: the estimate counts them coded
    const fits = new ColumnStore(new ColumnRepository(f.source), Math.ceil((rows * (4 + 8 * numbers.length)) * 0.75), { waitForLoads: true });
    await fits.lease((built) => [...built], numbers);
    expect(fits.bytes()).toBe(real);
    const tooSmall = new ColumnStore(new ColumnRepository(f.source), Math.floor(real / 2));
    expect(await tooSmall.lease((built) => [...built], numbers).catch((error: { reason?: string }) => error.reason)).toBe('over_budget');
  });

  it('run in PostgreSQL when the columns do not fit the budget, with the same answer', async () => {
    const small = new CountingColumnSearch(new ColumnStore(new ColumnRepository(f.source), 1024, { waitForLoads: true }));
    const request: SearchParcelsRequest = { filters: { area_sqm: { min: 500 } }, rank_by: [{ signal: 'area', weight: 1 }], limit: 10 };
    expect(await new ParcelSearchService(f.repository, small).search(request)).toEqual(await f.engine.search(request));
    expect(small.declined).toBe(1);
  });

  it('refuse columns over the budget at once, without queueing a load that cannot fit', async () => {
    const store = new ColumnStore(new ColumnRepository(f.source), 1024);
    const refused = await store.lease((built) => [...built], ['slope_pct']).then(
      () => 'leased',
      (error: { reason?: string }) => error.reason,
    );
    expect(refused).toBe('over_budget');
    await store.idle();
    // nothing was loaded, and the same search is refused the same way, not told "loading"
    expect(store.bytes()).toBe(0);
    expect(await store.lease((built) => [...built], ['slope_pct']).catch((error: { reason?: string }) => error.reason)).toBe('over_budget');
  });

  describe('hold no more than the budget where the estimate falls short', () => {
    // A sparse column's estimate counts the whole table's fill (pg_stats): in a gmina fuller than the
    // country it falls short. The estimate as the store makes it: 8 bytes for the gmina's keys (one
    // run), 0.25 a row for the bitmap and ranks, 8 a row filled at the table's fill plus 0.01.
    let column: string;
    let keyBytes: number;
    let teryt: string;
    let rows: number;
    let estimated: number;
    let actual: number;
    const theGmina = (): string[] => [teryt];
    beforeAll(async () => {
      const sparse = [...ENV_KINDS.map(envColumn), 'min_floors'].filter((name) => columnKind(name) === 'sparse');
      const fills = sparse.map((name) => `SELECT '${name}' AS name, teryt, count(*)::int AS rows, avg((${name} IS NOT NULL AND ${name}::float8 <> 'NaN')::int)::float8 AS fill FROM search.parcel_index GROUP BY teryt`);
      const [pick]: Array<{ name: string; teryt: string; rows: number; short: number; table_fill: number }> = await f.source.query(
        `SELECT g.name, g.teryt, g.rows, g.rows * 8 * (g.fill - LEAST(1, 1 - s.null_frac + 0.01)) AS short, 1 - s.null_frac AS table_fill
           FROM (${fills.join(' UNION ALL ')}) g
           JOIN pg_stats s ON s.schemaname = 'search' AND s.tablename = 'parcel_index' AND s.attname = g.name
          ORDER BY short DESC LIMIT 1`,
      );
      ({ name: column, teryt, rows } = pick!);
      // enough to tell the estimate from what the column takes
      expect(pick!.short).toBeGreaterThan(2048);
      estimated = 8 + rows * (0.25 + 8 * Math.min(1, pick!.table_fill + 0.01));
      const ample = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true });
      keyBytes = (await ample.lease(theGmina, [])).chunks[0]!.keys.byteLength;
      await ample.lease(theGmina, [column]);
      actual = ample.bytes();
    });

    it('drop a load that alone is over the budget, and refuse the same columns at once after it', async () => {
      expect(actual).toBeGreaterThan(estimated + 1024);
      const budget = Math.floor((estimated + actual) / 2);
      const store = new ColumnStore(new ColumnRepository(f.source), budget, { waitForLoads: true });
      const refusal = (): Promise<string | undefined> =>
        store.lease(theGmina, [column]).then(
          () => 'leased',
          (error: { reason?: string }) => error.reason,
        );
      // admitted by the estimate, over the budget once loaded: dropped, and this search told so
      expect(await refusal()).toBe('over_budget');
      expect(store.bytes()).toBeLessThanOrEqual(budget);
      // now measured: refused before any load
      expect(await refusal()).toBe('over_budget');
      expect(store.bytes()).toBeLessThanOrEqual(budget);
    });

    it('evict what other searches or a warm-up loaded, least recently used first, until the store fits again', async () => {
      const probe = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true });
      await probe.lease(theGmina, ['slope_pct']);
      const slope = probe.bytes() - keyBytes;
      await probe.lease(theGmina, ['area_sqm']);
      const before = probe.bytes();
      // what the column adds (its keys are held) fits beside the other two by the estimate, and is
      // over the budget by less than slope_pct takes
      const [adds, added] = [estimated - 8, actual - keyBytes];
      const budget = before + added - Math.floor(Math.min(slope, added - adds) / 2);
      expect(budget).toBeGreaterThanOrEqual(before + adds);
      expect(budget).toBeLessThan(before + added);
      const capped = new ColumnStore(new ColumnRepository(f.source), budget, { waitForLoads: true });
      await capped.lease(theGmina, ['slope_pct']);
      await capped.lease(theGmina, ['area_sqm']);
      expect(capped.bytes()).toBe(before);
      const [chunk] = (await capped.lease(theGmina, [column])).chunks;
      // slope_pct, the least recently used, made room; area_sqm stayed
      expect([...chunk!.columns.keys()].sort()).toEqual([column, 'area_sqm'].sort());
      expect(capped.bytes()).toBeLessThanOrEqual(budget);
    });

    it('evict a warm-up no search has used yet', async () => {
      // A warm-up whose estimate is what it holds (a byte a row): the budget below is sized from what
      // the store really holds, so the warm-up must be admitted by its estimate. slope_pct cannot be
      // that warm-up: its estimate counts 2-byte codes and every distinct slope of the table in each
      // gmina's dictionary once the table holds more than 256 (slopes measured on the elevation model
      // to 0.01 %), more than the 1-byte codes of each gmina's own slopes take, and the store rightly
      // skips a warm-up over the budget by its estimate.
      const warmUp = 'general_plan_allows_building';
      expect(columnKind(warmUp)).toBe('bool');
      const probe = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true });
      await probe.warm([warmUp]);
      const warmed = probe.bytes();
      const keys = (await probe.lease((built) => [...built], [])).chunks.reduce((sum, c) => sum + c.keys.byteLength, 0);
      const [adds, added] = [estimated - 8, actual - keyBytes];
      const budget = warmed + added - Math.floor(Math.min(warmed - keys, added - adds) / 2);
      // as search-svc runs: loads in the background, the asking search told "loading"
      const store = new ColumnStore(new ColumnRepository(f.source), budget);
      await store.warm([warmUp]);
      await store.idle();
      expect(store.bytes()).toBe(warmed);
      const ask = (): Promise<string> =>
        store.lease(theGmina, [column]).then(
          (lease) => [...lease.chunks[0]!.columns.keys()].join(','),
          (error: { reason?: string }) => error.reason ?? 'error',
        );
      expect(await ask()).toBe('loading');
      await store.idle();
      expect(await ask()).toBe(column);
      // the warm-up went, every gmina's keys stayed
      expect(store.bytes()).toBe(keys + added);
      expect(store.bytes()).toBeLessThanOrEqual(budget);
    });
  });

  it('time each phase of a search: plan, match and page when matched in memory; plan and query in PostgreSQL', async () => {
    const counts = async (): Promise<Record<string, number>> => {
      const out: Record<string, number> = {};
      for (const value of (await searchPhaseSeconds.get()).values) {
        if (value.metricName === 'lp_search_phase_seconds_count' && value.labels['of'] === 'request') out[String(value.labels['phase'])] = value.value;
      }
      return out;
    };
    const delta = (before: Record<string, number>, after: Record<string, number>): Record<string, number> =>
      Object.fromEntries(Object.entries(after).filter(([phase, n]) => n > (before[phase] ?? 0)).map(([phase, n]) => [phase, n - (before[phase] ?? 0)]));
    const request: SearchParcelsRequest = { filters: { area_sqm: { min: 500 } }, rank_by: [{ signal: 'area', weight: 1 }], limit: 10 };

    const beforeMemory = await counts();
    await inMemory.search(request);
    expect(delta(beforeMemory, await counts())).toEqual({ plan: 1, match: 1, page: 1 });

    const beforePostgres = await counts();
    await f.engine.search(request);
    expect(delta(beforePostgres, await counts())).toEqual({ plan: 1, query: 1 });
  });

  it('read the layer versions and the builds digest once a search, and still see a build committed before its page', async () => {
    const request: SearchParcelsRequest = {
      filters: { zoning: { buildable: true }, near: [{ layer: 'grid_capacity', within_m: 8000, where: { available_mw_gte: 25 } }] },
      rank_by: [{ signal: 'grid_capacity_mw', weight: 1 }],
      limit: 20,
    };
    // warm: the columns loaded and both caches filled, so what is counted below is one search's reads
    await inMemory.search(request);
    const statements: string[] = [];
    let beforePage: (() => Promise<unknown>) | undefined;
    const query = f.source.query.bind(f.source);
    // observes the real statements (and may commit a build just before the page statement)
    f.source.query = (async (sql: string, parameters?: unknown[]) => {
      statements.push(sql);
      if (beforePage && sql.includes('AS builds_digest')) {
        const commit = beforePage;
        beforePage = undefined;
        await commit();
      }
      return query(sql, parameters);
    }) as typeof f.source.query;
    try {
      const answered = columns.answered;
      const quiet = await inMemory.search(request);
      expect(columns.answered).toBe(answered + 1);
      expect(quiet.matched).toBeGreaterThan(0);
      // zoning evidence, the unbuilt and frontless checks, the index check and the lease each asked
      expect(statements.filter((sql) => sql === BUILDS_DIGEST_SQL)).toHaveLength(1);
      expect(statements.filter((sql) => sql.includes('FROM layer_pub.layer_versions'))).toHaveLength(1);
      expect(statements.filter((sql) => sql.includes('AS builds_digest'))).toHaveLength(1);

      // a build committed after the match and before the page: the page statement's digest differs
      // from the lease's, and the search runs in PostgreSQL on the new build
      const [{ teryt }]: Array<{ teryt: string }> = await query(`SELECT teryt FROM search.index_builds ORDER BY parcels DESC LIMIT 1`);
      beforePage = () => query(`UPDATE search.index_builds SET built_at = built_at + interval '1 second' WHERE teryt = $1`, [teryt]);
      const queries = async (): Promise<number> =>
        (await searchPhaseSeconds.get()).values.find((v) => v.metricName === 'lp_search_phase_seconds_count' && v.labels['phase'] === 'query' && v.labels['of'] === 'request')?.value ?? 0;
      const queried = await queries();
      const duringBuild = await inMemory.search(request);
      expect(beforePage).toBeUndefined();
      expect(await queries()).toBe(queried + 1);
      expect(duringBuild).toEqual(await f.engine.search(request));
    } finally {
      f.source.query = query;
    }
  });

  it('leave a criterion the index cannot answer to PostgreSQL', async () => {
    // only high-power chargers: no column keeps those (the any-charger column only bounds the join)
    const request: SearchParcelsRequest = { filters: { near: [{ layer: 'ev_chargers', within_m: 2000, kinds: ['hpc'] }] }, limit: 10 };
    const before = columns.declined;
    expect(await inMemory.search(request)).toEqual(await f.engine.search(request));
    expect(columns.declined).toBe(before + 1);
  });

  it('load in the background without a waiting search: the first runs in PostgreSQL, the next in memory', async () => {
    const backgroundStore = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20);
    const background = new CountingColumnSearch(backgroundStore);
    const service = new ParcelSearchService(f.repository, background);
    const request: SearchParcelsRequest = { filters: { slope_pct: { max: 5 } }, rank_by: [{ signal: 'slope_pct', weight: 1 }], limit: 20 };
    const expected = await f.engine.search(request);
    expect(await service.search(request)).toEqual(expected);
    expect(background.declined).toBe(1);
    await backgroundStore.idle();
    expect(await service.search(request)).toEqual(expected);
    expect(background.answered).toBe(1);
  });

  it('load columns outside the request that asked, so its deadline cannot cancel the load', async () => {
    // as search-svc does: each statement is held to the deadline of the request it runs for; here
    // the guard also notes which request each statement ran for
    const ranFor: Array<string | undefined> = [];
    guardQueryDeadlines(f.source, () => {
      ranFor.push(currentRequestId());
      return currentDeadlineMs();
    });
    const lateStore = new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20);
    const asked = await runWithRequestContext({ requestId: 'asker', deadlineMs: Date.now() + 60_000 }, () =>
      lateStore.lease((built) => [...built], ['transit_m']).then(() => 'leased', (error: Error) => error.message),
    );
    expect(asked).toBe('its columns are loading');
    await lateStore.idle();
    expect(lateStore.bytes()).toBeGreaterThan(0);
    // the builds fingerprint, stamps and the column's statistics (its budget estimate) for the asking
    // request; the keys and the column outside it
    expect(ranFor.filter((id) => id === 'asker').length).toBeLessThanOrEqual(3);
    expect(ranFor.filter((id) => id === undefined).length).toBeGreaterThanOrEqual(2);
  });
});
