import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fronts of grid capacity (index-columns.ts FrontColumn): per parcel, the grid nodes within 30 km
 * that offer more MW than every nearer node, as two arrays in distance order. They answer "a node of
 * at least N MW within K km" (bess_storage, data_center_site) without a spatial join, in PostgreSQL
 * and in search-svc's memory.
 *
 * Rows built before hold null there and their builds are marked with the old format
 * (`index_builds.format` 1): start-up rebuilds them while they keep answering, and until then a
 * null front is answered by the spatial join it replaces (filter-sql.ts).
 */
export class CapacityFronts1764500000000 implements MigrationInterface {
  name = 'CapacityFronts1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search.parcel_index ADD COLUMN grid_front_m double precision[], ADD COLUMN grid_front_value double precision[]`);
    await q.query(`ALTER TABLE search.index_builds ADD COLUMN format integer NOT NULL DEFAULT 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE search.index_builds DROP COLUMN format`);
    await q.query(`ALTER TABLE search.parcel_index DROP COLUMN grid_front_m, DROP COLUMN grid_front_value`);
  }
}
