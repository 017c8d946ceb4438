import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { TransactionsRepository } from './transactions.repository.js';

const FILTER = { since: '2024-01-01', propertyType: 'land' as const, limit: 20 };

describeSqlSnapshot({
  source: join(import.meta.dirname, 'transactions.repository.ts'),
  cases: (db) => {
    const repository = new TransactionsRepository(db.as<DataSource>());
    return {
      findParcelGmina: () => repository.findParcelGmina('302109_2.0001.12/3'),
      listNearParcel: () => repository.listNearParcel('302109_2.0001.12/3', 2000, FILTER),
      'listInRegion, any property type': () => repository.listInRegion('3021', { ...FILTER, propertyType: null }),
      coverageStatus: () => repository.coverageStatus('3021093'),
    };
  },
});
