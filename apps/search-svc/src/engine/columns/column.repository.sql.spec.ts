import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ColumnRepository } from './column.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'column.repository.ts'),
  cases: (db) => {
    const repository = new ColumnRepository(db.as<DataSource>());
    return {
      buildsDigest: () => repository.buildsDigest(),
      buildStamps: () => repository.buildStamps(),
      keys: () => repository.keys(['3021093', '3064011']),
      'column, a number': () => repository.column('area_sqm', ['3021093']),
      'column, a flag': () => repository.column('kowr_overlap', ['3021093']),
      'column, text': () => repository.column('zoning_category', ['3021093']),
      pairs: () => repository.pairs(5, ['3021093', '3064011']),
      'column, an array': () => repository.column('land_use_kinds', ['3021093']),
      'column, a sparse number': () => repository.column('env_natura2000_habitat_m', ['3021093']),
      columnStats: () => repository.columnStats(),
    };
  },
});
