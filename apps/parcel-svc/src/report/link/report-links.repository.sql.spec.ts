import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ReportLinksRepository } from './report-links.repository.js';

const TOKEN_HASH = Buffer.alloc(32, 7);

describeSqlSnapshot({
  source: join(import.meta.dirname, 'report-links.repository.ts'),
  rows: (sql) =>
    sql.includes('RETURNING expires_at')
      ? [{ expires_at: new Date('2026-01-02T00:00:00Z') }]
      : sql.includes('AS links')
        ? [{ links: 2, bytes: '2048', first_expiry: new Date('2026-01-02T00:00:00Z') }]
        : [],
  cases: (db) => {
    const repository = new ReportLinksRepository(db.as<DataSource>());
    return {
      save: () =>
        repository.save({ tokenHash: TOKEN_HASH, owner: '7d1c2f0e-0000-4000-8000-000000000001', parcelId: '302109_2.0001.12/3', scenario: 'solar_farm', language: 'pl', filename: 'raport.pdf', pdf: Buffer.from('%PDF-1.7'), ttlSeconds: 86_400 }),
      findLive: () => repository.findLive(TOKEN_HASH),
      usage: () => repository.usage('7d1c2f0e-0000-4000-8000-000000000001'),
      deleteExpired: () => repository.deleteExpired(),
    };
  },
});
