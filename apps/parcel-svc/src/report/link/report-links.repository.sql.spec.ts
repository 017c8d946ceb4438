import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ReportLinksRepository } from './report-links.repository.js';

const TOKEN_HASH = Buffer.alloc(32, 7);

describeSqlSnapshot({
  source: join(import.meta.dirname, 'report-links.repository.ts'),
  rows: (sql) => (sql.includes('RETURNING expires_at') ? [{ expires_at: new Date('2026-01-02T00:00:00Z') }] : []),
  cases: (db) => {
    const repository = new ReportLinksRepository(db.as<DataSource>());
    return {
      save: () =>
        repository.save({ tokenHash: TOKEN_HASH, parcelId: '302109_2.0001.12/3', scenario: 'solar_farm', language: 'pl', filename: 'raport.pdf', pdf: Buffer.from('%PDF-1.7'), ttlSeconds: 86_400 }),
      findLive: () => repository.findLive(TOKEN_HASH),
      deleteExpired: () => repository.deleteExpired(),
    };
  },
});
