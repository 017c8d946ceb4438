-- The SQL watch-events.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- pageAfter
-- $1 = "w_3f9a0c5e7b1d2468ace0"
-- $2 = "41"
-- $3 = 51
SELECT e.seq::text AS seq, 'we_' || lpad(e.seq::text, 12, '0') AS id, e.watch_id, e.type, e.parcel_id, e.criterion, e.before, e.after,
e.layer_versions, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, e.delivery
     FROM watches.events e
     WHERE e.watch_id = $1 AND e.seq > $2::bigint
     ORDER BY e.seq
     LIMIT $3;
