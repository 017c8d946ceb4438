import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { NamedFeaturesRepository } from './named-features.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'named-features.repository.ts'),
  cases: (db) => {
    const repository = new NamedFeaturesRepository(db.as<DataSource>());
    return { version: () => repository.version(), features: () => repository.features(), waters: () => repository.waters(), forests: () => repository.forests() };
  },
});
