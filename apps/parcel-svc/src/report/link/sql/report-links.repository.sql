-- The SQL report-links.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- save
-- $1 = <32 bytes>
-- $2 = "7d1c2f0e-0000-4000-8000-000000000001"
-- $3 = "302109_2.0001.12/3"
-- $4 = "solar_farm"
-- $5 = "pl"
-- $6 = "raport.pdf"
-- $7 = <8 bytes>
-- $8 = 86400
INSERT INTO parcel.report_links (token_hash, owner, parcel_id, scenario, language, filename, pdf, expires_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
RETURNING expires_at;

-- findLive
-- $1 = <32 bytes>
SELECT filename, pdf FROM parcel.report_links WHERE token_hash = $1 AND expires_at > now();

-- usage
-- $1 = "7d1c2f0e-0000-4000-8000-000000000001"
SELECT count(*)::int AS links, coalesce(sum(octet_length(pdf)), 0)::bigint AS bytes, min(expires_at) AS first_expiry
FROM parcel.report_links WHERE owner = $1 AND expires_at > now();

-- deleteExpired
WITH removed AS (DELETE FROM parcel.report_links WHERE expires_at <= now() RETURNING 1) SELECT count(*)::int AS removed FROM removed;
