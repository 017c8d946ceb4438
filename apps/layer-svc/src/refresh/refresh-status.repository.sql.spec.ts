import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { RefreshStatusRepository } from './refresh-status.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'refresh-status.repository.ts'),
  cases: (db) => {
    const repository = new RefreshStatusRepository(db.as<DataSource>());
    return {
      layerStates: () => repository.layerStates(),
      'recentRuns, one layer': () => repository.recentRuns('roads'),
      'recentRuns, all layers': () => repository.recentRuns(undefined),
    };
  },
});
