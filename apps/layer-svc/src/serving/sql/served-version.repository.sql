-- The SQL served-version.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- read (1 of 2)
SET TRANSACTION READ ONLY;

-- read (2 of 2)
-- $1 = "roads"
SELECT version, table_name, refreshed_at, feature_count FROM layer.layer_state WHERE layer_id = $1;

-- current
-- $1 = "parcels"
SELECT version, table_name, refreshed_at, feature_count FROM layer.layer_state WHERE layer_id = $1;
