import type { MigrationInterface, QueryRunner } from 'typeorm';

const BLOCK_COLUMNS = ['regulations', 'constraints', 'terrain', 'proximity'];

/**
 * The fact blocks are compressed with lz4 instead of pglz (PostgreSQL's default): a block of a few
 * kilobytes is compressed on every store, and pglz cost PostgreSQL a third more CPU for it than lz4
 * (docs/performance.md). Values
 * stored before keep their pglz compression and read as before; a rebuild rewrites them.
 */
export class FactsLz41764200000000 implements MigrationInterface {
  name = 'FactsLz41764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE parcel.facts ${BLOCK_COLUMNS.map((c) => `ALTER COLUMN ${c} SET COMPRESSION lz4`).join(', ')}`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE parcel.facts ${BLOCK_COLUMNS.map((c) => `ALTER COLUMN ${c} SET COMPRESSION pglz`).join(', ')}`);
  }
}
