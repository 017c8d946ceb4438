-- The SQL watches.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- insertWithinLimit (1 of 2)
-- $1 = "key-1"
SELECT pg_advisory_xact_lock(hashtext('watches.owner:' || $1));

-- insertWithinLimit (2 of 2)
-- $1 = "w_3f9a0c5e7b1d2468ace0"
-- $2 = "key-1"
-- $3 = "PV near Poznań"
-- $4 = "search"
-- $5 = "{\"region\":\"3064\",\"filters\":{\"area_sqm\":{\"min\":30000}}}"
-- $6 = null
-- $7 = null
-- $8 = null
-- $9 = ["3064"]
-- $10 = "https://hooks.example.com/x"
-- $11 = "whsec_x"
-- $12 = 100
INSERT INTO watches.watches (id, owner, name, kind, search, scenario, query, parcel_ids, regions, webhook_url, webhook_secret)
SELECT $1, $2, $3, $4, $5::jsonb, $6::jsonb, $7, $8::text[], $9::text[], $10, $11
WHERE (SELECT count(*) FROM watches.watches WHERE owner = $2) < $12
RETURNING id;

-- listByOwner
-- $1 = "key-1"
SELECT w.id, w.name, w.kind, w.search, w.scenario, w.query, w.parcel_ids, w.regions, w.webhook_url,
to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
CASE WHEN w.webhook_url IS NULL THEN NULL ELSE json_build_object(
  'pending', (SELECT count(*)::int FROM watches.events e WHERE e.watch_id = w.id AND e.delivery = 'pending'),
  'failed', (SELECT count(*)::int FROM watches.events e WHERE e.watch_id = w.id AND e.delivery = 'failed'),
  'last_error', (SELECT e.last_error FROM watches.events e WHERE e.watch_id = w.id AND e.last_error IS NOT NULL ORDER BY e.seq DESC LIMIT 1)) END AS delivery FROM watches.watches w WHERE w.owner = $1 ORDER BY w.created_at, w.id;

-- findOwned
-- $1 = "key-1"
-- $2 = "w_3f9a0c5e7b1d2468ace0"
SELECT w.id, w.name, w.kind, w.search, w.scenario, w.query, w.parcel_ids, w.regions, w.webhook_url,
to_char(w.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
CASE WHEN w.webhook_url IS NULL THEN NULL ELSE json_build_object(
  'pending', (SELECT count(*)::int FROM watches.events e WHERE e.watch_id = w.id AND e.delivery = 'pending'),
  'failed', (SELECT count(*)::int FROM watches.events e WHERE e.watch_id = w.id AND e.delivery = 'failed'),
  'last_error', (SELECT e.last_error FROM watches.events e WHERE e.watch_id = w.id AND e.last_error IS NOT NULL ORDER BY e.seq DESC LIMIT 1)) END AS delivery FROM watches.watches w WHERE w.owner = $1 AND w.id = $2;

-- deleteOwned
-- $1 = "key-1"
-- $2 = "w_3f9a0c5e7b1d2468ace0"
DELETE FROM watches.watches WHERE owner = $1 AND id = $2 RETURNING id;

-- gminasInBbox
-- $1 = 16.85
-- $2 = 52.37
-- $3 = 16.97
-- $4 = 52.44
SELECT g.id AS teryt FROM layer_pub.admin_bounds g
WHERE g.kind = 'gmina' AND ST_Intersects(g.geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180))
ORDER BY g.id;
