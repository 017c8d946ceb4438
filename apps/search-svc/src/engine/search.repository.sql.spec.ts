import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { SearchQuery } from './search-query.js';
import { SearchRepository } from './search.repository.js';

/** The search itself is the builder's SQL, printed for typical requests in sql/*.sql by search-query.snapshot.spec.ts. */
const BUILT: SearchQuery = {
  sql: `SELECT i.parcel_id FROM search.parcel_index i WHERE i.teryt = $1 /* search-query.ts: see sql/*.sql */`,
  values: ['3021093'],
  signals: [],
  unscreened: [],
  near: [],
} as unknown as SearchQuery;

describeSqlSnapshot({
  source: join(import.meta.dirname, 'search.repository.ts'),
  cases: (db) => {
    const repository = new SearchRepository(db.as<DataSource>());
    return {
      'scopeGminas, Poland (after the layer versions stamp)': () => repository.scopeGminas({ kind: 'poland' }),
      'scopeGminas, a region': () => repository.scopeGminas({ kind: 'region', teryt: '3021' }),
      'scopeGminas, a box': () => repository.scopeGminas({ kind: 'bbox', bbox: { minLng: 16.8, minLat: 52.3, maxLng: 17.1, maxLat: 52.5 } }),
      'gminasWithin, a region': () => repository.gminasWithin({ kind: 'region', teryt: '3021' }, 2000),
      'gminasWithin, a box': () => repository.gminasWithin({ kind: 'bbox', bbox: { minLng: 16.8, minLat: 52.3, maxLng: 17.1, maxLat: 52.5 } }, 1000),
      coverage: () => repository.coverage(['buildings', 'power_substations']),
      unbuiltGminas: () => repository.unbuiltGminas(['3021093', '3064011']),
      oldestFormat: () => repository.oldestFormat(['3021093', '3064011']),
      evidence: () => repository.evidence(['3021093']),
      run: () => repository.run(BUILT),
      'run, a match probing layers (planned for parallel workers)': () => repository.run({ ...BUILT, probesLayers: true }),
      explain: () => repository.explain(BUILT),
      unknownFeatureIds: () => repository.unknownFeatureIds('power_substations', ['sub-1', 'sub-2']),
      parcelGmina: () => repository.parcelGmina('302109_2.0001.12/3'),
    };
  },
});
