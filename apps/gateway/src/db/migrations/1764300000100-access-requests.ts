import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Requests for the private preview, from the map application's sign-in page, for operators to approve. */
export class AccessRequests1764300000100 implements MigrationInterface {
  name = 'AccessRequests1764300000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE gateway.access_requests (
      id bigserial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      name text NOT NULL,
      email text NOT NULL,
      organisation text NOT NULL,
      interfaces text NOT NULL CHECK (interfaces IN ('rest', 'mcp', 'both')),
      regions text NOT NULL,
      layers text NOT NULL,
      purpose text,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      decided_at timestamptz,
      api_key_prefix text
    )`);
    await q.query(`CREATE INDEX access_requests_pending ON gateway.access_requests (created_at) WHERE status = 'pending'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS gateway.access_requests`);
  }
}
