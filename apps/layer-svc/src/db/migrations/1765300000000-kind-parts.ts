import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A part of a refresh may be a set of kinds (`kinds:flood_risk`) as well as a TERYT unit: env_layers
 * is fed by several registers, each replacing its own kinds (apps/layer-svc/src/refresh/kind-parts.ts).
 */
export class KindParts1765300000000 implements MigrationInterface {
  name = 'KindParts1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE layer.refresh_parts DROP CONSTRAINT IF EXISTS refresh_parts_part_check`);
    await q.query(
      `ALTER TABLE layer.refresh_parts ADD CONSTRAINT refresh_parts_part_check CHECK (part ~ '^([0-9]{2}|[0-9]{4}|[0-9]{7}|kinds:[a-z][a-z0-9_]*)$')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM layer.refresh_parts WHERE part LIKE 'kinds:%'`);
    await q.query(`ALTER TABLE layer.refresh_parts DROP CONSTRAINT refresh_parts_part_check`);
    await q.query(`ALTER TABLE layer.refresh_parts ADD CONSTRAINT refresh_parts_part_check CHECK (part ~ '^([0-9]{2}|[0-9]{4}|[0-9]{7})$')`);
  }
}
