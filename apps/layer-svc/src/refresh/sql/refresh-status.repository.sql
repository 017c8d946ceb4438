-- The SQL refresh-status.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- layerStates
SELECT layer_id, version, feature_count, refreshed_at FROM layer.layer_state ORDER BY layer_id;

-- recentRuns, one layer
-- $1 = "roads"
SELECT run_id, status, started_at, finished_at, loaded_count, previous_count, error, steps_ms, left_out
FROM layer.refresh_runs WHERE $1::text IS NULL OR layer_id = $1 ORDER BY started_at DESC LIMIT 20;

-- recentRuns, all layers
-- $1 = null
SELECT run_id, status, started_at, finished_at, loaded_count, previous_count, error, steps_ms, left_out
FROM layer.refresh_runs WHERE $1::text IS NULL OR layer_id = $1 ORDER BY started_at DESC LIMIT 20;
