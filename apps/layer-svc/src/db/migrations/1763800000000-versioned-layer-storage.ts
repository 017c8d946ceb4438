import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Versioned layer storage: a refresh loads `layer.f_<layer>__<run>` and swaps the published view
 * `layer_pub.<layer>` to it in one transaction. Replaces the first, fixed parcels and admin-units
 * tables. Frozen like every migration: the layers themselves (an empty version 0 of each, their
 * views, `layer_pub.features`) follow the live catalogue in storage/catalogue-layers.ts, which
 * migrate.js runs after the migrations.
 */
export class VersionedLayerStorage1763800000000 implements MigrationInterface {
  name = 'VersionedLayerStorage1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW IF EXISTS layer_pub.parcels`);
    await q.query(`DROP VIEW IF EXISTS layer_pub.admin_units`);
    await q.query(`DROP TABLE IF EXISTS layer.parcels`);
    await q.query(`DROP TABLE IF EXISTS layer.admin_units`);
    // Not CREATE SCHEMA IF NOT EXISTS: that needs CREATE on the database even when roles.sql made
    // the schema for layer_svc, which migrates without that right.
    await q.query(`DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'layer_stage') THEN CREATE SCHEMA layer_stage; END IF; END $$`);
    await q.query(`CREATE SEQUENCE layer.refresh_run_seq START 1`);
    await q.query(`
      CREATE TABLE layer.layer_state (
        layer_id        text PRIMARY KEY,
        version         integer NOT NULL DEFAULT 0,
        table_name      text,
        feature_count   bigint NOT NULL DEFAULT 0,
        refreshed_at    timestamptz,
        run_id          text,
        source_url      text,
        coverage_gminas text[]
      )`);
    await q.query(`
      CREATE TABLE layer.refresh_runs (
        run_id         text PRIMARY KEY,
        seq            bigint NOT NULL,
        layer_id       text NOT NULL REFERENCES layer.layer_state (layer_id),
        status         text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed')),
        source_url     text NOT NULL,
        started_at     timestamptz NOT NULL,
        finished_at    timestamptz,
        loaded_count   bigint,
        previous_count bigint,
        error          text,
        steps_ms       jsonb
      )`);
    await q.query(`CREATE INDEX refresh_runs_layer_idx ON layer.refresh_runs (layer_id, started_at DESC)`);
    await q.query(`
      CREATE TABLE layer.region_coverage (
        layer_id text NOT NULL REFERENCES layer.layer_state (layer_id),
        teryt    text NOT NULL,
        level    text NOT NULL CHECK (level IN ('gmina', 'powiat', 'voivodeship')),
        status   text NOT NULL CHECK (status IN ('available', 'partial', 'missing')),
        PRIMARY KEY (layer_id, teryt)
      )`);
    await q.query(`CREATE INDEX region_coverage_teryt_idx ON layer.region_coverage (teryt)`);
    // Events are written with the swap and published after commit, so none is lost if NATS is down.
    await q.query(`
      CREATE TABLE layer.outbox (
        id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        subject      text NOT NULL,
        payload      jsonb NOT NULL,
        created_at   timestamptz NOT NULL DEFAULT now(),
        published_at timestamptz
      )`);
    await q.query(`CREATE INDEX outbox_unpublished_idx ON layer.outbox (id) WHERE published_at IS NULL`);

    await q.query(`
      CREATE VIEW layer_pub.region_coverage AS
      SELECT layer_id, teryt, level, status FROM layer.region_coverage`);
    await q.query(`
      CREATE VIEW layer_pub.layer_versions AS
      SELECT layer_id, version, feature_count, refreshed_at, run_id FROM layer.layer_state`);
  }

  async down(): Promise<void> {
    throw new Error('VersionedLayerStorage cannot be reverted; restore from a backup');
  }
}
