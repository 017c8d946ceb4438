import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every version table keeps what vector tiles read beside its geometry (layer-tables.ts
 * TILE_GEOMETRY_COLUMNS): the geometry in web mercator with its own spatial index, and the
 * weight that keeps a capped tile's largest features. New refreshes create the columns with the
 * table; the tables loaded before (every version is kept, so a view can point at any of them) get
 * them here. Written out as of this migration, not imported: a later change to the columns is a
 * migration of its own.
 */
export class TileGeometry1764700000000 implements MigrationInterface {
  name = 'TileGeometry1764700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const name of await versionTables(q)) {
      await q.query(
        `ALTER TABLE layer.${name}
           ADD COLUMN IF NOT EXISTS geom_web geometry(Geometry, 3857) GENERATED ALWAYS AS (ST_Transform(geom, 3857)) STORED,
           ADD COLUMN IF NOT EXISTS tile_weight double precision GENERATED ALWAYS AS (ST_Area(geom) + ST_Length(geom)) STORED`,
      );
      await q.query(`CREATE INDEX IF NOT EXISTS ${name}_geom_web ON layer.${name} USING gist (geom_web)`);
      await q.query(`ANALYZE layer.${name}`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of await versionTables(q)) await q.query(`ALTER TABLE layer.${name} DROP COLUMN IF EXISTS geom_web, DROP COLUMN IF EXISTS tile_weight`);
  }
}

/** The version tables `f_<layer>__<seq>` (not their `_sub` pieces), names as PostgreSQL lists them. */
async function versionTables(q: QueryRunner): Promise<string[]> {
  const rows: Array<{ name: string }> = await q.query(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'layer' AND c.relkind = 'r' AND c.relname ~ '^f_[a-z][a-z0-9_]*__[0-9]+$' ORDER BY c.relname`,
  );
  return rows.map((row) => row.name);
}
