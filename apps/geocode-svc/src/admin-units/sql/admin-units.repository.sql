-- The SQL admin-units.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- servedVersion
SELECT run_id, version FROM layer_pub.layer_versions WHERE layer_id = 'admin_bounds';

-- lastBuild
SELECT run_id, version, model_version, unit_count FROM geocode.admin_units_source;

-- replaceAll (1 of 7)
SELECT pg_advisory_xact_lock(hashtext('geocode:admin_units'));

-- replaceAll (2 of 7)
SELECT run_id, version FROM layer_pub.layer_versions WHERE layer_id = 'admin_bounds';

-- replaceAll (3 of 7)
SELECT b.id AS teryt, b.kind, b.name, b.unit_type, b.parent_teryt FROM layer_pub.admin_bounds b ORDER BY b.id;

-- replaceAll (4 of 7)
DELETE FROM geocode.admin_units;

-- replaceAll (5 of 7)
-- $1 = ["3021093"]
-- $2 = ["gmina"]
-- $3 = [2]
-- $4 = ["Kórnik"]
-- $5 = ["gmina miejsko-wiejska"]
-- $6 = ["3021"]
-- $7 = ["poznański"]
-- $8 = ["powiat poznański, wielkopolskie"]
-- $9 = ["Kórnik — gmina miejsko-wiejska, powiat poznański, wielkopolskie"]
-- $10 = ["kornik"]
-- $11 = ["kornik"]
INSERT INTO geocode.admin_units
  (teryt, level, level_rank, name, unit_type, parent_teryt, parent_name, parent_label, label, name_folded, core_folded)
SELECT * FROM unnest($1::text[], $2::text[], $3::smallint[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[]);

-- replaceAll (6 of 7)
ANALYZE geocode.admin_units;

-- replaceAll (7 of 7)
-- $1 = null
-- $2 = 0
-- $3 = 3
-- $4 = 1
INSERT INTO geocode.admin_units_source (singleton, run_id, version, model_version, unit_count, rebuilt_at)
VALUES (true, $1, $2, $3, $4, now())
ON CONFLICT (singleton) DO UPDATE
  SET run_id = EXCLUDED.run_id, version = EXCLUDED.version, model_version = EXCLUDED.model_version,
      unit_count = EXCLUDED.unit_count, rebuilt_at = EXCLUDED.rebuilt_at;
