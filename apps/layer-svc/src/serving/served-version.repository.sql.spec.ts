import { LagTolerantReads } from '@lp/db';
import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ServedVersionRepository } from './served-version.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'served-version.repository.ts'),
  cases: (db) => {
    const repository = new ServedVersionRepository(new LagTolerantReads(db.as<DataSource>()));
    return { read: () => repository.read('roads', async () => undefined), current: () => repository.current('parcels') };
  },
});
