import type { Scope } from '@lp/contracts';
import { classifyInfrastructureError } from '@lp/runtime';
import type { DataSource } from 'typeorm';
import type { ApiKeyRecord } from './api-key.js';

interface ApiKeyRow {
  id: string;
  prefix: string;
  secret_hash: Buffer;
  name: string;
  scopes: Scope[];
  rate_limit_per_minute: number | null;
  created_at: Date;
  revoked_at: Date | null;
}

export interface StoredApiKey extends ApiKeyRecord {
  secretHash: Buffer;
}

/** All SQL of API keys (schema `gateway`). */
export class ApiKeyRepository {
  constructor(private readonly db: DataSource) {}

  async insert(key: { prefix: string; secretHash: Buffer; name: string; scopes: Scope[]; rateLimitPerMinute: number | null }): Promise<ApiKeyRecord> {
    const rows: ApiKeyRow[] = await this.db.query(
      `INSERT INTO gateway.api_keys (prefix, secret_hash, name, scopes, rate_limit_per_minute)
       VALUES ($1, $2, $3, $4, $5)
       RETURNING *`,
      [key.prefix, key.secretHash, key.name, key.scopes, key.rateLimitPerMinute],
    );
    return toRecord(rows[0]!);
  }

  /** Replaces the secret, name and scopes of the key with this prefix, or creates it (the demo key). */
  async upsert(key: { prefix: string; secretHash: Buffer; name: string; scopes: Scope[]; rateLimitPerMinute: number | null }): Promise<ApiKeyRecord> {
    const rows: ApiKeyRow[] = await this.db.query(
      `INSERT INTO gateway.api_keys (prefix, secret_hash, name, scopes, rate_limit_per_minute)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (prefix) DO UPDATE
         SET secret_hash = EXCLUDED.secret_hash, name = EXCLUDED.name, scopes = EXCLUDED.scopes,
             rate_limit_per_minute = EXCLUDED.rate_limit_per_minute, revoked_at = NULL
       RETURNING *`,
      [key.prefix, key.secretHash, key.name, key.scopes, key.rateLimitPerMinute],
    );
    return toRecord(rows[0]!);
  }

  /** An operator-chosen key (its own secret): replaces the name and scopes of the key with this hash, or creates it. */
  async upsertBySecretHash(key: { prefix: string; secretHash: Buffer; name: string; scopes: Scope[]; rateLimitPerMinute: number | null }): Promise<ApiKeyRecord> {
    const rows: ApiKeyRow[] = await this.db.query(
      `INSERT INTO gateway.api_keys (prefix, secret_hash, name, scopes, rate_limit_per_minute)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (secret_hash) DO UPDATE
         SET name = EXCLUDED.name, scopes = EXCLUDED.scopes, rate_limit_per_minute = EXCLUDED.rate_limit_per_minute, revoked_at = NULL
       RETURNING *`,
      [key.prefix, key.secretHash, key.name, key.scopes, key.rateLimitPerMinute],
    );
    return toRecord(rows[0]!);
  }

  /** The key with this prefix; a database that is down is `service_unavailable` (503), never a 500. */
  async findByPrefix(prefix: string): Promise<StoredApiKey | null> {
    return this.findOneWhere('prefix', prefix);
  }

  async findBySecretHash(secretHash: Buffer): Promise<StoredApiKey | null> {
    return this.findOneWhere('secret_hash', secretHash);
  }

  /** The key whose `column` equals `value`; on every request's path, so a database that is down is 503, never 500. */
  private async findOneWhere(column: 'prefix' | 'secret_hash', value: string | Buffer): Promise<StoredApiKey | null> {
    const rows: ApiKeyRow[] = await this.db.query(`SELECT * FROM gateway.api_keys WHERE ${column} = $1`, [value]).catch((error: unknown) => {
      throw classifyInfrastructureError(error) ?? error;
    });
    const row = rows[0];
    return row ? { ...toRecord(row), secretHash: row.secret_hash } : null;
  }

  /**
   * Prefixes of keys revoked at or after `since` (null: none yet), and the database's clock now, the
   * next `since`. Read on a timer by every gateway, so a revocation needs no message to take effect.
   */
  async revokedSince(since: Date | null): Promise<{ prefixes: string[]; checkedAt: Date }> {
    const rows: { checked_at: Date; prefixes: string[] }[] = await this.db.query(
      `SELECT now() AS checked_at,
              ARRAY(SELECT prefix FROM gateway.api_keys WHERE revoked_at IS NOT NULL AND ($1::timestamptz IS NULL OR revoked_at >= $1)) AS prefixes`,
      [since],
    );
    return { prefixes: rows[0]!.prefixes, checkedAt: rows[0]!.checked_at };
  }

  async list(): Promise<ApiKeyRecord[]> {
    const rows: ApiKeyRow[] = await this.db.query(`SELECT * FROM gateway.api_keys ORDER BY created_at, prefix`);
    return rows.map(toRecord);
  }

  /** Marks the key revoked; null when no such key. Revoking twice keeps the first time. */
  async revoke(prefix: string): Promise<ApiKeyRecord | null> {
    // For UPDATE ... RETURNING, TypeORM's postgres driver answers [rows, affectedCount].
    const [rows]: [ApiKeyRow[], number] = await this.db.query(
      `UPDATE gateway.api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE prefix = $1 RETURNING *`,
      [prefix],
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }
}

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    prefix: row.prefix,
    name: row.name,
    scopes: row.scopes,
    rateLimitPerMinute: row.rate_limit_per_minute,
    createdAt: row.created_at.toISOString(),
    revokedAt: row.revoked_at ? row.revoked_at.toISOString() : null,
  };
}
