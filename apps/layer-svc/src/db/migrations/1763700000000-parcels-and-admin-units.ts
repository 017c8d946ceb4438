import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The first layers: administrative units and cadastral parcels, with provenance on every row, and
 * the published views other contexts read (`layer_pub`). Stored in EPSG:2180.
 */
export class ParcelsAndAdminUnits1763700000000 implements MigrationInterface {
  name = 'ParcelsAndAdminUnits1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE layer.admin_units (
        teryt         text PRIMARY KEY CHECK (teryt ~ '^([0-9]{2}|[0-9]{4}|[0-9]{7})$'),
        level         text NOT NULL CHECK (level IN ('voivodeship', 'powiat', 'gmina')),
        name          text NOT NULL,
        unit_type     text NOT NULL,
        parent_teryt  text REFERENCES layer.admin_units (teryt),
        geom          geometry(MultiPolygon, 2180),
        source_run_id text NOT NULL,
        fetched_at    timestamptz NOT NULL,
        source_url    text NOT NULL,
        source_bbox   geometry(Polygon, 4326)
      )`);
    await q.query(`CREATE INDEX admin_units_geom_idx ON layer.admin_units USING gist (geom)`);
    await q.query(`CREATE INDEX admin_units_parent_idx ON layer.admin_units (parent_teryt)`);
    await q.query(`
      CREATE TABLE layer.parcels (
        parcel_id     text PRIMARY KEY,
        teryt         text NOT NULL CHECK (teryt ~ '^[0-9]{7}$'),
        precinct_id   text NOT NULL,
        precinct_name text,
        sheet         text,
        number        text NOT NULL,
        area_sqm      double precision NOT NULL CHECK (area_sqm > 0),
        geom          geometry(MultiPolygon, 2180) NOT NULL,
        source_run_id text NOT NULL,
        fetched_at    timestamptz NOT NULL,
        source_url    text NOT NULL,
        source_bbox   geometry(Polygon, 4326)
      )`);
    await q.query(`CREATE INDEX parcels_geom_idx ON layer.parcels USING gist (geom)`);
    await q.query(`CREATE INDEX parcels_teryt_idx ON layer.parcels (teryt)`);
    // Close-id suggestions on a 404 and substring search: trigram KNN over the id.
    await q.query(`CREATE INDEX parcels_id_trgm_idx ON layer.parcels USING gist (parcel_id gist_trgm_ops)`);
    await q.query(`
      CREATE VIEW layer_pub.admin_units AS
      SELECT teryt, level, name, unit_type, parent_teryt, geom, source_run_id, fetched_at, source_url, source_bbox
      FROM layer.admin_units`);
    await q.query(`
      CREATE VIEW layer_pub.parcels AS
      SELECT p.parcel_id, p.teryt, g.name AS gmina_name, p.precinct_id, p.precinct_name, p.sheet, p.number,
             p.area_sqm, p.geom, p.source_run_id, p.fetched_at, p.source_url, p.source_bbox
      FROM layer.parcels p
      LEFT JOIN layer.admin_units g ON g.teryt = p.teryt`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS layer_pub.parcels`);
    await q.query(`DROP VIEW IF EXISTS layer_pub.admin_units`);
    await q.query(`DROP TABLE IF EXISTS layer.parcels`);
    await q.query(`DROP TABLE IF EXISTS layer.admin_units`);
  }
}
