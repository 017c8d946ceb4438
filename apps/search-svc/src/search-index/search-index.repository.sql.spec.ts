import { jest } from '@jest/globals';
import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { SearchIndexRepository } from './search-index.repository.js';

/** Set by the case of a neighbour without a key: the first build of the gmina finds one. */
let unkeyedOnce: string[] = [];

describeSqlSnapshot({
  source: join(import.meta.dirname, 'search-index.repository.ts'),
  rows: (sql) => {
    if (sql.includes('AS buildings')) return [{ buildings: true, mpzp_plans: true, plan_ogolny_zones: false, land_cover: true }];
    if (sql.includes('AS parcels FROM search.parcel_index')) return [{ parcels: 42 }];
    if (sql.includes('AS columns FROM e')) return [{ columns: ['substation', 'transit'] }];
    if (sql.includes('DISTINCT zoning_symbol_raw')) return [{ raw: '1MN' }, { raw: 'U/MN' }];
    if (sql.includes('AS unkeyed')) {
      const unkeyed = unkeyedOnce;
      unkeyedOnce = [];
      return [{ unkeyed }];
    }
    if (sql.includes('parcel_key IS NULL')) return [{ ids: [] }];
    if (sql.includes('ST_Expand')) return [{ teryt: '3021093' }, { teryt: '3021094' }];
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
      'buildGmina, a neighbour across the border without a key (keyed, and the gmina built again)': () => {
        jest.spyOn(performance, 'now').mockReturnValue(1000);
        unkeyedOnce = ['306401_1.0001.5'];
        return repository.buildGmina('3021093');
      },
      keyAround: () => repository.keyAround(['3021093']),
      analyze: () => repository.analyze(),
      dropGmina: () => repository.dropGmina('3021093'),
      layerVersions: () => repository.layerVersions(),
      builds: () => repository.builds(),
      markCurrent: () => repository.markCurrent(['3021093', '3064011'], 'buildings', 7),
    };
  },
});
