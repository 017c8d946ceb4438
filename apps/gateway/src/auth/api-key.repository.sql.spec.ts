import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ApiKeyRepository } from './api-key.repository.js';

const SECRET_HASH = Buffer.alloc(32, 9);
const KEY = { prefix: 'lp_demo01', secretHash: SECRET_HASH, name: 'demo', scopes: ['parcels:read' as const], rateLimitPerMinute: 600 };
const ROW = { id: '1', prefix: KEY.prefix, secret_hash: SECRET_HASH, name: KEY.name, scopes: KEY.scopes, rate_limit_per_minute: 600, created_at: new Date('2026-01-01T00:00:00Z'), revoked_at: null };

describeSqlSnapshot({
  source: join(import.meta.dirname, 'api-key.repository.ts'),
  rows: (sql) => {
    if (sql.startsWith('UPDATE')) return [[ROW], 1];
    if (sql.includes('checked_at')) return [{ checked_at: new Date('2026-01-01T00:00:00Z'), prefixes: [] }];
    return [ROW];
  },
  cases: (db) => {
    const repository = new ApiKeyRepository(db.as<DataSource>());
    return {
      insert: () => repository.insert(KEY),
      upsert: () => repository.upsert(KEY),
      upsertBySecretHash: () => repository.upsertBySecretHash(KEY),
      findByPrefix: () => repository.findByPrefix(KEY.prefix),
      findBySecretHash: () => repository.findBySecretHash(SECRET_HASH),
      revokedSince: () => repository.revokedSince(new Date('2026-01-01T00:00:00Z')),
      list: () => repository.list(),
      revoke: () => repository.revoke(KEY.prefix),
    };
  },
});
