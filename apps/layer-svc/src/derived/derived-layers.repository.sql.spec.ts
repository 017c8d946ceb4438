import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { DerivedLayersRepository } from './derived-layers.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'derived-layers.repository.ts'),
  rows: () => [],
  cases: (db) => {
    const repository = new DerivedLayersRepository(db.as<DataSource>());
    return {
      inputVersions: () => repository.inputVersions(['lokale']),
      servedNote: () => repository.servedNote('prices'),
      pricesLines: () => repository.pricesLines(),
      windExclusionLines: () => repository.windExclusionLines(),
    };
  },
});
