-- The SQL report-links.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- save
-- $1 = <32 bytes>
-- $2 = "302109_2.0001.12/3"
-- $3 = "solar_farm"
-- $4 = "pl"
-- $5 = "raport.pdf"
-- $6 = <8 bytes>
-- $7 = 86400
INSERT INTO parcel.report_links (token_hash, parcel_id, scenario, language, filename, pdf, expires_at)
VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
RETURNING expires_at;

-- findLive
-- $1 = <32 bytes>
SELECT filename, pdf FROM parcel.report_links WHERE token_hash = $1 AND expires_at > now();

-- deleteExpired
WITH removed AS (DELETE FROM parcel.report_links WHERE expires_at <= now() RETURNING 1) SELECT count(*)::int AS removed FROM removed;
