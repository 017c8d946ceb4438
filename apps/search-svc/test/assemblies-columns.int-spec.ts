import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { assertSearchRequest, type AssemblySearchRequest, type RankBy } from '@lp/contracts';
import fc from 'fast-check';
import { AssemblyRepository } from '../src/assemblies/assembly.repository.js';
import { AssemblyService } from '../src/assemblies/assembly.service.js';
import { ColumnRepository } from '../src/engine/columns/column.repository.js';
import { ColumnSearch, type Matched } from '../src/engine/columns/column-search.js';
import { ColumnStore, type ColumnLease } from '../src/engine/columns/column-store.js';
import type { SearchQueryInput } from '../src/engine/search-query.js';
import { SearchIndexRepository } from '../src/search-index/search-index.repository.js';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';
import { filters } from './search-arbitraries.js';

/**
 * Site assembly with its candidates found in memory (the engine's columns and the builds' neighbour
 * pairs held by search-svc) answers exactly as the assembly in PostgreSQL: the same
 * sites, members, scores, outlines, counts and coverage, over generated requests on the small demo
 * dataset. Each request the engine took is counted, so the property cannot pass by falling back.
 */

/** ColumnSearch that counts the assemblies whose candidates it matched. */
class CountingColumnSearch extends ColumnSearch {
  answered = 0;

  override async matchedRows(
    input: SearchQueryInput,
    need: Parameters<ColumnSearch['matchedRows']>[1],
  ): Promise<{ lease: ColumnLease; matched: Matched[] } | undefined> {
    const found = await super.matchedRows(input, need);
    if (found) this.answered++;
    return found;
  }
}

const rankBy: fc.Arbitrary<RankBy[]> = fc.uniqueArray(
  fc.record({ signal: fc.constantFrom('area', 'slope_pct', 'grid_distance_km', 'solar_yield_kwh_kwp', 'water_distance_m'), weight: fc.constantFrom(1, 2, 0.5) }),
  { minLength: 0, maxLength: 2, selector: (r) => r.signal },
);

/** The small demo's parcels lie mostly in Poznań. */
const POZNAN = '3064011';

const assembly = fc.record(
  {
    min_total_area_sqm: fc.constantFrom(2_000, 10_000, 20_000, 50_000),
    max_parcels: fc.integer({ min: 1, max: 12 }),
    max_gap_m: fc.constantFrom(0, 1.5, 5, 20, 50),
    min_compactness: fc.constantFrom(0.2, 0.5),
  },
  { requiredKeys: ['min_total_area_sqm'] },
);

describe('site assembly with candidates matched in memory', () => {
  let f: SearchEngineFixture;
  let columns: CountingColumnSearch;
  let inPostgres: AssemblyService;
  let inMemory: AssemblyService;
  let regions: fc.Arbitrary<string | undefined>;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    columns = new CountingColumnSearch(new ColumnStore(new ColumnRepository(f.source), 256 * 2 ** 20, { waitForLoads: true }));
    const repository = new AssemblyRepository(f.source);
    inPostgres = new AssemblyService(f.engine, repository);
    inMemory = new AssemblyService(f.engine, repository, columns);
    const gminas = await gminasWhere(f.source, 'parcels', 'available');
    regions = fc.constantFrom(undefined, undefined, ...gminas, ...new Set(gminas.map((t) => t.slice(0, 4))), ...new Set(gminas.map((t) => t.slice(0, 2))));
  }, 300_000);
  afterAll(() => f?.close());

  it('answer every generated request exactly as PostgreSQL does', async () => {
    const before = columns.answered;
    await fc.assert(
      fc.asyncProperty(regions, filters, rankBy, assembly, fc.integer({ min: 1, max: 20 }), async (region, generated, rank_by, site, limit) => {
        const request: AssemblySearchRequest = { ...(region ? { region } : {}), filters: generated, rank_by, limit, assembly: site };
        assertSearchRequest(request);
        const expected = await inPostgres.run(request);
        const actual = await inMemory.run(request);
        expect(actual).toEqual(expected);
      }),
      { numRuns: 60 },
    );
    // a request with a criterion the index cannot answer (a spatial join) runs in PostgreSQL
    expect(columns.answered - before).toBeGreaterThan(12);
  }, 900_000);

  it('assemble every parcel of the country into the same sites, capped, with every gap', async () => {
    for (const max_gap_m of [0, 5, 50]) {
      const request: AssemblySearchRequest = { filters: {}, rank_by: [{ signal: 'area', weight: 1 }], limit: 20, assembly: { min_total_area_sqm: 5_000, max_gap_m } };
      const before = columns.answered;
      const actual = await inMemory.run(request);
      expect(columns.answered).toBe(before + 1);
      expect(actual.results.length).toBeGreaterThan(0);
      expect(actual).toEqual(await inPostgres.run(request));
    }
  }, 300_000);

  it('a gmina rebuilt under the held pairs is read afresh; one built before the pairs is assembled in PostgreSQL', async () => {
    const request: AssemblySearchRequest = { region: POZNAN, assembly: { min_total_area_sqm: 5_000, max_gap_m: 5 }, limit: 20 };
    const first = await inMemory.run(request);
    expect(first.results.length).toBeGreaterThan(0);
    // a member of the best site leaves the cadastre (as the superuser: search-svc only reads the layers) and Poznań is rebuilt
    const gone = first.results[0]!.parcels[0]!.parcel_id;
    await f.db.sql(`DELETE FROM layer_pub.parcels WHERE id = $1`, [gone]);
    await new SearchIndexRepository(f.source).buildGmina(POZNAN);
    const before = columns.answered;
    const after = await inMemory.run(request);
    expect(columns.answered).toBe(before + 1);
    expect(after).toEqual(await inPostgres.run(request));
    expect(after.results.flatMap((r) => r.parcels.map((m) => m.parcel_id))).not.toContain(gone);

    await f.source.query(`UPDATE search.index_builds SET adjacency = false WHERE teryt = $1`, [POZNAN]);
    try {
      const declined = columns.answered;
      expect(await inMemory.run(request)).toEqual(await inPostgres.run(request));
      expect(columns.answered).toBe(declined);
    } finally {
      await f.source.query(`UPDATE search.index_builds SET adjacency = true WHERE teryt = $1`, [POZNAN]);
    }
  }, 300_000);
});
