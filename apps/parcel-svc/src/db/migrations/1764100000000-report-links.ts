import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shareable report links: the rendered PDF, kept until the link expires. Only a sha256 of the
 * token is stored, so a database reader cannot open the links; the expiry index serves both the
 * lookup filter and the sweep of expired rows.
 */
export class ReportLinks1764100000000 implements MigrationInterface {
  name = 'ReportLinks1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE parcel.report_links (
        token_hash bytea PRIMARY KEY,
        parcel_id  text NOT NULL,
        scenario   text,
        language   text NOT NULL CHECK (language IN ('en', 'pl')),
        filename   text NOT NULL,
        pdf        bytea NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX report_links_expires_idx ON parcel.report_links (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE parcel.report_links`);
  }
}
