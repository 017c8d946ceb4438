import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { CatalogueRepository } from './catalogue.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'catalogue.repository.ts'),
  cases: (db) => {
    const repository = new CatalogueRepository(db.as<DataSource>());
    return { states: () => repository.states(), extents: () => repository.extents(['parcels', 'roads']) };
  },
});
