import type { MigrationInterface, QueryRunner } from 'typeorm';

/** What the source says of itself (e.g. "generated, not real data"), shown in the catalogue. */
export class LayerSourceNote1763800000100 implements MigrationInterface {
  name = 'LayerSourceNote1763800000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE layer.layer_state ADD COLUMN source_note text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE layer.layer_state DROP COLUMN source_note`);
  }
}
