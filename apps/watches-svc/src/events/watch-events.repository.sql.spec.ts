import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { WatchEventsRepository } from './watch-events.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'watch-events.repository.ts'),
  cases: (db) => {
    const repository = new WatchEventsRepository(db.as<DataSource>());
    return { pageAfter: () => repository.pageAfter('w_3f9a0c5e7b1d2468ace0', '41', 51) };
  },
});
