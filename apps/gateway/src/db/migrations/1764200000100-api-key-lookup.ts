import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Operator-chosen keys are found by the hash of their secret (unique), no longer by a prefix taken
 * from that hash; existing hash-derived prefixes are replaced by random ones. Revoked keys are
 * indexed for the gateways' revocation poll.
 */
export class ApiKeyLookup1764200000100 implements MigrationInterface {
  name = 'ApiKeyLookup1764200000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE UNIQUE INDEX api_keys_secret_hash ON gateway.api_keys (secret_hash)`);
    await q.query(`CREATE INDEX api_keys_revoked_at ON gateway.api_keys (revoked_at) WHERE revoked_at IS NOT NULL`);
    await q.query(`UPDATE gateway.api_keys SET prefix = 'x' || substr(md5(gen_random_uuid()::text), 1, 11) WHERE prefix ~ '^x[0-9a-f]{11}$'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS gateway.api_keys_revoked_at`);
    await q.query(`DROP INDEX IF EXISTS gateway.api_keys_secret_hash`);
  }
}
