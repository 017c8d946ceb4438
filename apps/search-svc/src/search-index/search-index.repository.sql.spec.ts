import { jest } from '@jest/globals';
import { describeSqlSnapshot } from '@lp/testing';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { SearchIndexRepository } from './search-index.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'search-index.repository.ts'),
  rows: (sql) => {
    if (sql.includes('AS buildings')) return [{ buildings: true, mpzp_plans: true, plan_ogolny_zones: false, land_cover: true }];
    if (sql.includes('AS parcels FROM search.parcel_index')) return [{ parcels: 42 }];
    if (sql.includes('AS columns FROM e')) return [{ columns: ['substation', 'transit'] }];
    if (sql.includes('DISTINCT zoning_symbol_raw')) return [{ raw: '1MN' }, { raw: 'U/MN' }];
    return [];
  },
  cases: (db) => {
    const repository = new SearchIndexRepository(db.as<DataSource>());
    return {
      buildGmina: () => {
        // the build's duration is a parameter: a clock that stands still makes it 0
        jest.spyOn(performance, 'now').mockReturnValue(1000);
        return repository.buildGmina('3021093');
      },
      analyze: () => repository.analyze(),
      dropGmina: () => repository.dropGmina('3021093'),
      layerVersions: () => repository.layerVersions(),
      builds: () => repository.builds(),
      markCurrent: () => repository.markCurrent(['3021093', '3064011'], 'buildings', 7),
    };
  },
});
