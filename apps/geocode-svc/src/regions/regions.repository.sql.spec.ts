import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { parseRegionQuery } from './region-query.js';
import { RegionsRepository } from './regions.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'regions.repository.ts'),
  cases: (db) => {
    const repository = new RegionsRepository(db.as<DataSource>());
    return {
      find: () => repository.find(parseRegionQuery('gmina Zielona Góra')!, 10),
      findByTeryt: () => repository.findByTeryt('0862011'),
    };
  },
});
