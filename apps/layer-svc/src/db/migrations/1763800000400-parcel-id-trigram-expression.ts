import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The trigram index on parcel ids moves to an expression equality lookups do not match. pg_trgm's
 * GiST also answers `=`, and the planner chose it over the unique btree for `id = $1`: a lookup of
 * an unknown id then walked the trigram tree, thousands of times slower than the btree.
 * Served parcel tables of earlier refreshes get the new index here; new refreshes build it.
 */
export class ParcelIdTrigramExpression1763800000400 implements MigrationInterface {
  name = 'ParcelIdTrigramExpression1763800000400';

  async up(q: QueryRunner): Promise<void> {
    await this.rebuild(q, `USING gist ((ext_id || '') gist_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.rebuild(q, `USING gist (ext_id gist_trgm_ops)`);
  }

  private async rebuild(q: QueryRunner, definition: string): Promise<void> {
    const tables: Array<{ name: string }> = await q.query(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'layer' AND tablename ~ '^f_parcels__[0-9]+$' ORDER BY tablename`,
    );
    for (const { name } of tables) {
      await q.query(`DROP INDEX IF EXISTS layer.${name}_ext_id_trgm`);
      await q.query(`CREATE INDEX ${name}_ext_id_trgm ON layer.${name} ${definition}`);
    }
  }
}
