import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reads a source value as the catalogue type of its attribute: numbers written as text become
 * numbers, "true"/"tak" become booleans. Anything that does not parse is returned unchanged, so
 * validation reports it instead of silently dropping it.
 */
export class CoerceAttribute1763800000200 implements MigrationInterface {
  name = 'CoerceAttribute1763800000200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION layer.coerce_attribute(value jsonb, type text) RETURNS jsonb
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT CASE
          WHEN value IS NULL OR jsonb_typeof(value) = 'null' THEN NULL
          WHEN jsonb_typeof(value) = 'string' AND btrim(value #>> '{}') = '' THEN NULL
          WHEN type IN ('number', 'integer') AND jsonb_typeof(value) = 'string'
               AND btrim(value #>> '{}') ~ '^[-+]?[0-9]+([.,][0-9]+)?([eE][-+]?[0-9]+)?$'
            THEN to_jsonb(replace(btrim(value #>> '{}'), ',', '.')::numeric)
          WHEN type = 'boolean' AND jsonb_typeof(value) = 'string' AND lower(btrim(value #>> '{}')) IN ('true', 't', 'yes', 'tak', '1')
            THEN 'true'::jsonb
          WHEN type = 'boolean' AND jsonb_typeof(value) = 'string' AND lower(btrim(value #>> '{}')) IN ('false', 'f', 'no', 'nie', '0')
            THEN 'false'::jsonb
          WHEN type = 'boolean' AND jsonb_typeof(value) = 'number' AND (value #>> '{}') IN ('0', '1')
            THEN to_jsonb((value #>> '{}') = '1')
          WHEN type = 'string' AND jsonb_typeof(value) IN ('number', 'boolean')
            THEN to_jsonb(value #>> '{}')
          ELSE value
        END
      $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP FUNCTION IF EXISTS layer.coerce_attribute(jsonb, text)`);
  }
}
