-- The SQL refresh-pipeline.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- RefreshPipeline.states
SELECT layer_id, refreshed_at FROM layer.layer_state;
