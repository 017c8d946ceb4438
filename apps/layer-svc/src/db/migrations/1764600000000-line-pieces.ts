import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The line layers published in pieces since this migration (contracts' hasSubdividedView); contours are not. */
const LINE_LAYERS = ['power_lines', 'roads', 'planned_roads', 'planned_railways', 'waterways'] as const;
/** The pieces' most vertices (contracts' subdividedMaxVertices for lines), as of this migration. */
const LINE_PIECE_VERTICES = 32;

/**
 * Line layers are published cut into pieces too (`layer_pub.<layer>_subdivided`), as polygon layers
 * were, so a distance to a long river touches a few vertices, not thousands. New refreshes cut
 * their tables while loading; the tables loaded before (every
 * version still kept, so a view can point at any of them) are cut here, and each layer's view
 * points at the pieces of its served table.
 */
export class LinePieces1764600000000 implements MigrationInterface {
  name = 'LinePieces1764600000000';

  async up(q: QueryRunner): Promise<void> {
    for (const layer of LINE_LAYERS) {
      const tables: Array<{ name: string; owner: string }> = await q.query(
        `SELECT c.relname AS name, pg_get_userbyid(c.relowner) AS owner FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'layer' AND c.relkind = 'r' AND c.relname ~ $1 ORDER BY c.relname`,
        [`^f_${layer}__[0-9]+$`],
      );
      for (const { name, owner } of tables) {
        await q.query(`CREATE TABLE IF NOT EXISTS layer.${name}_sub AS SELECT fid, kind, ST_Subdivide(geom, ${LINE_PIECE_VERTICES}) AS geom FROM layer.${name}`);
        await q.query(`CREATE INDEX IF NOT EXISTS ${name}_sub_geom ON layer.${name}_sub USING gist (geom)`);
        await q.query(`CREATE INDEX IF NOT EXISTS ${name}_sub_fid ON layer.${name}_sub (fid)`);
        await q.query(`ALTER TABLE layer.${name}_sub OWNER TO "${owner.replaceAll('"', '""')}"`);
      }
      const [served]: Array<{ table_name: string }> = await q.query(`SELECT table_name FROM layer.layer_state WHERE layer_id = $1`, [layer]);
      if (served && tables.some((t) => t.name === served.table_name)) {
        await q.query(`CREATE OR REPLACE VIEW layer_pub.${layer}_subdivided AS SELECT s.fid, s.kind, s.geom FROM layer.${served.table_name}_sub s`);
      }
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const layer of LINE_LAYERS) {
      await q.query(`DROP VIEW IF EXISTS layer_pub.${layer}_subdivided`);
      const tables: Array<{ name: string }> = await q.query(
        `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'layer' AND tablename ~ $1`,
        [`^f_${layer}__[0-9]+_sub$`],
      );
      for (const { name } of tables) await q.query(`DROP TABLE layer.${name}`);
    }
  }
}
