-- The SQL evaluation.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- watchesOverlapping
-- $1 = ["30","3021","3021093","3064","3064011"]
-- $2 = "2026-12-07T10:00:00.000Z"
SELECT w.id, w.search, w.parcel_ids, w.regions, w.webhook_url IS NOT NULL AS has_webhook, w.coverage
FROM watches.watches w
WHERE (w.regions && $1::text[] OR w.regions = '{}')
  AND ($2::timestamptz IS NULL OR w.created_at < $2::timestamptz)
ORDER BY w.id;

-- answersOf
-- $1 = ["w_3f9a0c5e7b1d2468ace0"]
-- $2 = ["3064011"]
SELECT a.watch_id, a.parcel_id, a.teryt FROM watches.answers a WHERE a.watch_id = ANY($1::text[]) AND a.teryt = ANY($2::text[]);

-- answersIn
-- $1 = "w_3f9a0c5e7b1d2468ace0"
-- $2 = ["3064011"]
SELECT a.parcel_id, a.teryt, a.facts FROM watches.answers a WHERE a.watch_id = $1 AND a.teryt = ANY($2::text[]);

-- parcelFacts
-- $1 = ["306401_1.0001.12/3"]
SELECT p.id, p.area_sqm FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]);

-- indexVersions
-- $1 = ["3064011"]
SELECT b.teryt, b.versions FROM search_pub.index_builds b WHERE b.teryt = ANY($1::text[]);

-- indexTracksLayer
-- $1 = "plan_ogolny_zones"
SELECT 1 FROM search_pub.index_builds b WHERE b.versions ? $1 LIMIT 1;

-- write (1 of 4)
-- $1 = "w_3f9a0c5e7b1d2468ace0"
-- $2 = ["3064011"]
DELETE FROM watches.answers WHERE watch_id = $1 AND teryt = ANY($2::text[]);

-- write (2 of 4)
-- $1 = "w_3f9a0c5e7b1d2468ace0"
-- $2 = "[{\"parcel_id\":\"306401_1.0001.12/3\",\"teryt\":\"3064011\"}]"
INSERT INTO watches.answers (watch_id, parcel_id, teryt, facts)
SELECT $1, a.parcel_id, a.teryt, COALESCE(a.facts, '{}') FROM jsonb_to_recordset($2::jsonb) AS a(parcel_id text, teryt text, facts jsonb)
ON CONFLICT (watch_id, parcel_id) DO UPDATE SET teryt = EXCLUDED.teryt, facts = EXCLUDED.facts;

-- write (3 of 4)
-- $1 = "w_3f9a0c5e7b1d2468ace0"
-- $2 = "{\"3064011\":{\"zoning\":\"available\"}}"
UPDATE watches.watches SET coverage = coverage || $2::jsonb WHERE id = $1;

-- write (4 of 4)
-- $1 = "w_3f9a0c5e7b1d2468ace0"
-- $2 = "[{\"type\":\"entered\",\"parcel_id\":\"306401_1.0001.12/3\",\"criterion\":\"zoning\",\"before\":{\"matches\":false},\"after\":{\"matches\":true}}]"
-- $3 = "{\"plan_ogolny_zones\":2}"
-- $4 = true
INSERT INTO watches.events (watch_id, type, parcel_id, criterion, before, after, layer_versions, delivery, next_attempt_at)
SELECT $1, e.type, e.parcel_id, e.criterion, e.before, e.after, $3::jsonb,
       CASE WHEN $4::boolean THEN 'pending' ELSE 'none' END, CASE WHEN $4::boolean THEN now() END
FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (type text, parcel_id text, criterion text, before jsonb, after jsonb)) WITH ORDINALITY AS e(type, parcel_id, criterion, before, after, n)
ORDER BY e.n;
