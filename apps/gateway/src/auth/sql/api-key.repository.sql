-- The SQL api-key.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- insert
-- $1 = "lp_demo01"
-- $2 = <32 bytes>
-- $3 = "demo"
-- $4 = ["parcels:read"]
-- $5 = 600
INSERT INTO gateway.api_keys (prefix, secret_hash, name, scopes, rate_limit_per_minute)
VALUES ($1, $2, $3, $4, $5)
RETURNING *;

-- upsert
-- $1 = "lp_demo01"
-- $2 = <32 bytes>
-- $3 = "demo"
-- $4 = ["parcels:read"]
-- $5 = 600
INSERT INTO gateway.api_keys (prefix, secret_hash, name, scopes, rate_limit_per_minute)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (prefix) DO UPDATE
  SET secret_hash = EXCLUDED.secret_hash, name = EXCLUDED.name, scopes = EXCLUDED.scopes,
      rate_limit_per_minute = EXCLUDED.rate_limit_per_minute, revoked_at = NULL
RETURNING *;

-- upsertBySecretHash
-- $1 = "lp_demo01"
-- $2 = <32 bytes>
-- $3 = "demo"
-- $4 = ["parcels:read"]
-- $5 = 600
INSERT INTO gateway.api_keys (prefix, secret_hash, name, scopes, rate_limit_per_minute)
VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (secret_hash) DO UPDATE
  SET name = EXCLUDED.name, scopes = EXCLUDED.scopes, rate_limit_per_minute = EXCLUDED.rate_limit_per_minute, revoked_at = NULL
RETURNING *;

-- findByPrefix
-- $1 = "lp_demo01"
SELECT * FROM gateway.api_keys WHERE prefix = $1;

-- findBySecretHash
-- $1 = <32 bytes>
SELECT * FROM gateway.api_keys WHERE secret_hash = $1;

-- revokedSince
-- $1 = "2026-01-01T00:00:00.000Z"
SELECT now() AS checked_at,
ARRAY(SELECT prefix FROM gateway.api_keys WHERE revoked_at IS NOT NULL AND ($1::timestamptz IS NULL OR revoked_at >= $1)) AS prefixes;

-- list
SELECT * FROM gateway.api_keys ORDER BY created_at, prefix;

-- revoke
-- $1 = "lp_demo01"
UPDATE gateway.api_keys SET revoked_at = COALESCE(revoked_at, now()) WHERE prefix = $1 RETURNING *;
