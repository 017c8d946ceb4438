import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The WGS84 extent of each version table, measured once when the version is built: the collections
 * of OGC API state it, and the planner's statistics (what ST_EstimatedExtent reads) gave boxes up to
 * 30 km wider than the data. Keyed by table, so a version's extent goes with the version.
 */
export class VersionExtents1765200000000 implements MigrationInterface {
  name = 'VersionExtents1765200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE layer.version_extents (table_name text PRIMARY KEY, extent_wgs84 box2d NOT NULL, measured_at timestamptz NOT NULL DEFAULT now())`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE layer.version_extents`);
  }
}
