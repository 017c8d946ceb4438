import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refreshes of a layer by parts (a voivodeship, powiat or gmina each): one row per part of a run, so that an
 * interrupted national harvest resumes with the parts it already loaded and validated. A run whose
 * new version could not be swapped in (readers held the served view too long) is recorded as
 * `not_swapped`, distinct from a source that failed.
 */
export class RefreshParts1765100000000 implements MigrationInterface {
  name = 'RefreshParts1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE layer.refresh_runs DROP CONSTRAINT IF EXISTS refresh_runs_status_check`);
    await q.query(`ALTER TABLE layer.refresh_runs ADD CONSTRAINT refresh_runs_status_check CHECK (status IN ('running', 'succeeded', 'failed', 'not_swapped'))`);
    await q.query(`
      CREATE TABLE layer.refresh_parts (
        run_id         text NOT NULL REFERENCES layer.refresh_runs (run_id) ON DELETE CASCADE,
        part           text NOT NULL CHECK (part ~ '^([0-9]{2}|[0-9]{4}|[0-9]{7})$'),
        source         text NOT NULL,
        status         text NOT NULL CHECK (status IN ('loading', 'loaded', 'failed', 'published')),
        table_name     text,
        gminas         text[] NOT NULL,
        loaded_count   bigint,
        previous_count bigint,
        error          text,
        updated_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (run_id, part)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE layer.refresh_parts`);
    await q.query(`ALTER TABLE layer.refresh_runs DROP CONSTRAINT refresh_runs_status_check`);
    await q.query(`ALTER TABLE layer.refresh_runs ADD CONSTRAINT refresh_runs_status_check CHECK (status IN ('running', 'succeeded', 'failed'))`);
  }
}
