import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Rows of a source a run left out on purpose, each described (a grid operator's capacity rows that
 * name no served substation): kept with the run, so the provenance of a version says what it lacks.
 */
export class RefreshRunsLeftOut1765400000000 implements MigrationInterface {
  name = 'RefreshRunsLeftOut1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE layer.refresh_runs ADD COLUMN left_out jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE layer.refresh_runs DROP COLUMN left_out`);
  }
}
