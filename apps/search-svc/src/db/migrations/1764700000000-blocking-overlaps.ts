import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The blocking overlaps (index-columns.ts BLOCKING_OVERLAP_LAYERS, format 4): the layers outside
 * env_layers whose blocking kinds intersect the parcel, so "No blocking zone" reads the index. Rows
 * of older builds hold null; until their gmina is rebuilt such an exclusion joins the layer.
 */
export class BlockingOverlaps1764700000000 implements MigrationInterface {
  name = 'BlockingOverlaps1764700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search.parcel_index ADD COLUMN blocking_overlaps text[]`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search.parcel_index DROP COLUMN blocking_overlaps`);
  }
}
