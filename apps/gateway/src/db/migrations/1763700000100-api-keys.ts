import type { MigrationInterface, QueryRunner } from 'typeorm';

/** API keys: only a hash of the secret is kept; the public prefix finds the row. */
export class ApiKeys1763700000100 implements MigrationInterface {
  name = 'ApiKeys1763700000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE gateway.api_keys (
        id                    uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        prefix                text NOT NULL UNIQUE CHECK (prefix ~ '^[a-z0-9]{8,16}$'),
        secret_hash           bytea NOT NULL,
        name                  text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        scopes                text[] NOT NULL,
        rate_limit_per_minute integer CHECK (rate_limit_per_minute > 0),
        created_at            timestamptz NOT NULL DEFAULT now(),
        revoked_at            timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS gateway.api_keys`);
  }
}
