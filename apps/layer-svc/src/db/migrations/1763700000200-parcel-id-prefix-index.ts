import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Prefix search on parcel ids (autocomplete) as an index range scan, whatever the collation. */
export class ParcelIdPrefixIndex1763700000200 implements MigrationInterface {
  name = 'ParcelIdPrefixIndex1763700000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX parcels_id_prefix_idx ON layer.parcels (parcel_id text_pattern_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS layer.parcels_id_prefix_idx`);
  }
}
