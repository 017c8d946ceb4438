-- The SQL access-request.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- insert
-- $1 = "Anna Nowak"
-- $2 = "anna@example.org"
-- $3 = "Example sp. z o.o."
-- $4 = "rest"
-- $5 = "wielkopolskie"
-- $6 = "parcels"
-- $7 = "site search"
INSERT INTO gateway.access_requests (name, email, organisation, interfaces, regions, layers, purpose)
VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id;

-- list
-- $1 = "pending"
SELECT id::text AS id, created_at, name, email, organisation, interfaces, regions, layers, purpose, status, api_key_prefix
FROM gateway.access_requests WHERE $1::text IS NULL OR status = $1 ORDER BY id;

-- find
-- $1 = "7"
SELECT id::text AS id, created_at, name, email, organisation, interfaces, regions, layers, purpose, status, api_key_prefix
FROM gateway.access_requests WHERE id = $1::bigint;

-- decide
-- $1 = "7"
-- $2 = "approved"
-- $3 = "lp_abc123"
UPDATE gateway.access_requests SET status = $2, decided_at = now(), api_key_prefix = $3
WHERE id = $1::bigint AND status = 'pending' RETURNING id;
