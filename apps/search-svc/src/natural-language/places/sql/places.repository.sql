-- The SQL places.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- version
SELECT admin_bounds_version, admin_bounds_run_id, admin_units_model_version, admin_units_rebuilt_at, unit_count, localities_loaded_at, locality_count
FROM geocode_pub.places_version;

-- places
-- $1 = "część"
SELECT place_id, kind, name, name_folded, unit_type, teryt, parent_teryt, label
 FROM geocode_pub.places
WHERE kind <> 'locality' OR unit_type <> $1
ORDER BY place_id;
