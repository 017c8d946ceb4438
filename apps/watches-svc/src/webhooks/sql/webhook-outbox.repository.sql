-- The SQL webhook-outbox.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- claimDue
-- $1 = 20
-- $2 = 210000
WITH due AS (
       SELECT e.seq FROM watches.events e
       WHERE e.delivery = 'pending' AND e.next_attempt_at <= now()
       ORDER BY e.next_attempt_at, e.seq
       LIMIT $1
       FOR UPDATE SKIP LOCKED
     ), claimed AS (
       UPDATE watches.events e SET next_attempt_at = now() + make_interval(secs => $2::float8 / 1000)
       FROM due WHERE e.seq = due.seq
       RETURNING e.*
     )
     SELECT e.seq::text AS seq, e.attempts, extract(epoch FROM now() - e.created_at)::float8 AS age_s,
            w.webhook_url AS url, w.webhook_secret AS secret, row_to_json(v) AS event
     FROM claimed e
     JOIN watches.watches w ON w.id = e.watch_id
     CROSS JOIN LATERAL (SELECT 'we_' || lpad(e.seq::text, 12, '0') AS id, e.watch_id, e.type, e.parcel_id, e.criterion, e.before, e.after,
e.layer_versions, to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at, e.delivery) v
     ORDER BY e.seq;

-- markDelivered
-- $1 = "42"
UPDATE watches.events SET delivery = 'delivered', attempts = attempts + 1, next_attempt_at = NULL, last_error = NULL WHERE seq = $1;

-- markRetry
-- $1 = "42"
-- $2 = 60000
-- $3 = "receiver answered 500"
UPDATE watches.events SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $2::float8 / 1000), last_error = $3 WHERE seq = $1;

-- markFailed
-- $1 = "42"
-- $2 = "redirect refused"
UPDATE watches.events SET delivery = 'failed', attempts = attempts + 1, next_attempt_at = NULL, last_error = $2 WHERE seq = $1;
