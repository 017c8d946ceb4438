-- The SQL data-notice.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- SourceNotesRepository.notesOf
-- $1 = ["parcels","mpzp_plans"]
SELECT layer_id, source_note FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[]) AND source_note IS NOT NULL;
