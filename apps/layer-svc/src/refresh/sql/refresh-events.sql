-- The SQL refresh-events.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- OutboxPublisher.publishPending, one pending event (1 of 2)
SELECT id, subject, payload, pg_current_wal_lsn()::text AS primary_lsn FROM layer.outbox WHERE published_at IS NULL ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED;

-- OutboxPublisher.publishPending, one pending event (2 of 2)
-- $1 = "41"
UPDATE layer.outbox SET published_at = now() WHERE id = $1;
