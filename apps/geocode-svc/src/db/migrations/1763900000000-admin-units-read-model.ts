import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read model of administrative units for GET /regions, derived from `layer_pub.admin_bounds`:
 * Polish unit types, parents in words and folded names with a trigram index. Replaced as a whole
 * by geocode-svc when admin_bounds is refreshed; `admin_units_source` records what it was built from.
 */
export class AdminUnitsReadModel1763900000000 implements MigrationInterface {
  name = 'AdminUnitsReadModel1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE TABLE geocode.admin_units (
        teryt        text PRIMARY KEY CHECK (teryt ~ '^([0-9]{2}|[0-9]{4}|[0-9]{7})$'),
        level        text NOT NULL CHECK (level IN ('voivodeship', 'powiat', 'gmina')),
        level_rank   smallint NOT NULL,
        name         text NOT NULL,
        unit_type    text NOT NULL,
        parent_teryt text,
        parent_name  text,
        parent_label text,
        label        text NOT NULL,
        name_folded  text NOT NULL CHECK (name_folded ~ '^[a-z0-9 ]*$'),
        core_folded  text NOT NULL,
        CHECK (length(teryt) = CASE level WHEN 'voivodeship' THEN 2 WHEN 'powiat' THEN 4 ELSE 7 END)
      )`);
    // Word prefixes (regular expressions) and typo-tolerant word similarity both use this index.
    await q.query(`CREATE INDEX admin_units_name_trgm_idx ON geocode.admin_units USING gin (name_folded gin_trgm_ops)`);
    await q.query(`CREATE INDEX admin_units_core_idx ON geocode.admin_units (core_folded)`);
    await q.query(`
      CREATE TABLE geocode.admin_units_source (
        singleton     boolean PRIMARY KEY DEFAULT true CHECK (singleton),
        run_id        text,
        version       integer NOT NULL,
        model_version integer NOT NULL,
        unit_count    integer NOT NULL,
        rebuilt_at    timestamptz NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS geocode.admin_units_source`);
    await q.query(`DROP TABLE IF EXISTS geocode.admin_units`);
  }
}
