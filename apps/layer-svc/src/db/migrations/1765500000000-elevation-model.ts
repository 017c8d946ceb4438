import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The elevation model itself, kept for drawing the shaded relief: each part's mosaic (a terrain
 * run's sheets in EPSG:2180) cut into GeoTIFF chunks of at most 512 × 512 pixels, found by their
 * extent. Kept in the database, not on a disk of one layer-svc replica, so every replica (and a
 * test database made from a template) draws from the same model. A part's chunks are replaced in
 * one transaction with a new version from one sequence: the relief tiles' ETag follows it.
 */
export class ElevationModel1765500000000 implements MigrationInterface {
  name = 'ElevationModel1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SEQUENCE layer.dem_version_seq`);
    await q.query(
      `CREATE TABLE layer.dem_parts (
         part text PRIMARY KEY,
         version bigint NOT NULL,
         pixel_m double precision NOT NULL,
         source_note text NOT NULL,
         loaded_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await q.query(
      `CREATE TABLE layer.dem_chunks (
         part text NOT NULL REFERENCES layer.dem_parts ON DELETE CASCADE,
         chunk integer NOT NULL,
         extent geometry(Polygon, 2180) NOT NULL,
         tiff bytea NOT NULL,
         PRIMARY KEY (part, chunk)
       )`,
    );
    // The chunks are compressed GeoTIFFs already: TOAST would only try again.
    await q.query(`ALTER TABLE layer.dem_chunks ALTER COLUMN tiff SET STORAGE EXTERNAL`);
    await q.query(`CREATE INDEX dem_chunks_extent ON layer.dem_chunks USING gist (extent)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE layer.dem_chunks`);
    await q.query(`DROP TABLE layer.dem_parts`);
    await q.query(`DROP SEQUENCE layer.dem_version_seq`);
  }
}
