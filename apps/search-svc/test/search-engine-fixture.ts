import { createSchemaDataSource } from '@lp/db';
import { startServiceUnderTest, type TestDatabase } from '@lp/testing';
import type { DataSource } from 'typeorm';
import { ParcelSearchService } from '../src/engine/parcel-search.service.js';
import { SearchRepository } from '../src/engine/search.repository.js';
import { SearchIndexRepository } from '../src/search-index/search-index.repository.js';

export interface SearchEngineFixture {
  db: TestDatabase;
  source: DataSource;
  engine: ParcelSearchService;
  repository: SearchRepository;
  close(): Promise<void>;
}

/**
 * A copy of the small demo dataset with the search index built for every gmina that has parcels,
 * and the engine over it: real PostGIS, the same code search-svc runs, as search-svc's role.
 */
export async function searchEngineOnDemo(): Promise<SearchEngineFixture> {
  const under = await startServiceUnderTest(
    async (env) => {
      const source = await createSchemaDataSource({ url: env.DATABASE_URL, schema: 'search', applicationName: 'search-engine-test', poolSize: 2 }).initialize();
      const index = new SearchIndexRepository(source);
      for (const teryt of await index.gminasWithParcels()) await index.buildGmina(teryt);
      await index.analyze();
      const repository = new SearchRepository(source);
      return { source, repository, engine: new ParcelSearchService(repository), close: () => source.destroy() };
    },
    { template: 'demo', role: 'search_svc' },
  );
  return { db: under.db, ...under.service, close: under.stop };
}

/** Gminas with parcels whose coverage of `layer` has the given status. */
export async function gminasWhere(source: DataSource, layer: string, status: 'available' | 'missing'): Promise<string[]> {
  const rows: Array<{ teryt: string }> = await source.query(
    `SELECT p.teryt FROM layer_pub.region_coverage p
     LEFT JOIN layer_pub.region_coverage c ON c.layer_id = $1 AND c.level = 'gmina' AND c.teryt = p.teryt
     WHERE p.layer_id = 'parcels' AND p.level = 'gmina' AND p.status <> 'missing' AND COALESCE(c.status, 'missing') = $2
     ORDER BY p.teryt`,
    [layer, status],
  );
  return rows.map((row) => row.teryt);
}
