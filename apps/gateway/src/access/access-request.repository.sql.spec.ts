import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { AccessRequestRepository } from './access-request.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'access-request.repository.ts'),
  rows: (sql) => (sql.startsWith('UPDATE') ? [[{ id: '7' }], 1] : [{ id: '7', created_at: new Date('2026-01-01T00:00:00Z'), status: 'pending' }]),
  cases: (db) => {
    const repository = new AccessRequestRepository(db.as<DataSource>());
    return {
      insert: () =>
        repository.insert({ name: 'Anna Nowak', email: 'anna@example.org', organisation: 'Example sp. z o.o.', interfaces: 'rest', regions: 'wielkopolskie', layers: 'parcels', purpose: 'site search' }),
      list: () => repository.list('pending'),
      find: () => repository.find('7'),
      decide: () => repository.decide('7', 'approved', 'lp_abc123'),
    };
  },
});
