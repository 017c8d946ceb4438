import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The API key each stored report PDF counts against (its id, from the gateway), so a key's live
 * links can be capped in number and bytes; links made before have none and count for nobody. The
 * index serves the cap's count of one key's live links.
 */
export class ReportLinkOwner1764400000000 implements MigrationInterface {
  name = 'ReportLinkOwner1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE parcel.report_links ADD COLUMN owner text`);
    await q.query(`CREATE INDEX report_links_owner_idx ON parcel.report_links (owner, expires_at) WHERE owner IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX parcel.report_links_owner_idx`);
    await q.query(`ALTER TABLE parcel.report_links DROP COLUMN owner`);
  }
}
