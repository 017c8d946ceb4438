-- The SQL column.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- buildsDigest
SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b;

-- buildStamps
SELECT teryt, built_at::text AS stamp, parcels, adjacency FROM search.index_builds;

-- keys
-- $1 = ["3021093","3064011"]
SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows,
       min(i.parcel_id COLLATE "C") AS min_id, max(i.parcel_id COLLATE "C") AS max_id,
       string_agg(COALESCE(int4send(i.parcel_key), '\x80000000'::bytea), ''::bytea ORDER BY i.parcel_id COLLATE "C") AS data
FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
WHERE i.teryt = ANY($1::text[])
GROUP BY i.teryt, b.built_at;

-- column, a number
-- $1 = ["3021093"]
SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows, string_agg(COALESCE(float8send(i.area_sqm::float8), '\x7ff8000000000000'::bytea), ''::bytea ORDER BY i.parcel_id COLLATE "C") AS data
FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
WHERE i.teryt = ANY($1::text[])
GROUP BY i.teryt, b.built_at;

-- column, a flag
-- $1 = ["3021093"]
SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows, string_agg(CASE WHEN i.kowr_overlap IS NULL THEN '0' WHEN i.kowr_overlap THEN '2' ELSE '1' END, '' ORDER BY i.parcel_id COLLATE "C") AS data
FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
WHERE i.teryt = ANY($1::text[])
GROUP BY i.teryt, b.built_at;

-- column, text
-- $1 = ["3021093"]
SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows, string_agg(COALESCE(i.zoning_category, chr(31)), chr(30) ORDER BY i.parcel_id COLLATE "C") AS data
FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
WHERE i.teryt = ANY($1::text[])
GROUP BY i.teryt, b.built_at;

-- pairs
-- $1 = ["3021093","3064011"]
-- $2 = 5
SELECT x.teryt, b.built_at::text AS stamp, count(*)::int AS rows, string_agg(int4send(x.parcel_key) || int4send(x.neighbour_key), ''::bytea) AS data
FROM search.parcel_adjacency x JOIN search.index_builds b ON b.teryt = x.teryt
WHERE x.teryt = ANY($1::text[]) AND x.gap_m <= $2::float8
GROUP BY x.teryt, b.built_at;

-- column, an array
-- $1 = ["3021093"]
SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows, string_agg(COALESCE(array_to_string(i.land_use_kinds, chr(29)), chr(31)), chr(30) ORDER BY i.parcel_id COLLATE "C") AS data
FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
WHERE i.teryt = ANY($1::text[])
GROUP BY i.teryt, b.built_at;

-- column, a sparse number
-- $1 = ["3021093"]
SELECT i.teryt, b.built_at::text AS stamp, count(*)::int AS rows, COALESCE(string_agg(float8send(i.env_natura2000_habitat_m::float8), ''::bytea ORDER BY i.parcel_id COLLATE "C") FILTER (WHERE i.env_natura2000_habitat_m::float8 <> 'NaN'), ''::bytea) AS data,
       string_agg(CASE WHEN i.env_natura2000_habitat_m::float8 <> 'NaN' THEN '1' ELSE '0' END, '' ORDER BY i.parcel_id COLLATE "C") AS presence
FROM search.parcel_index i JOIN search.index_builds b ON b.teryt = i.teryt
WHERE i.teryt = ANY($1::text[])
GROUP BY i.teryt, b.built_at;

-- columnStats
SELECT s.attname, 1 - s.null_frac::float8 AS present,
       CASE WHEN s.n_distinct >= 0 THEN s.n_distinct ELSE -s.n_distinct * greatest(c.reltuples, 0) END::float8 AS distinct
FROM pg_stats s JOIN pg_class c ON c.oid = 'search.parcel_index'::regclass
WHERE s.schemaname = 'search' AND s.tablename = 'parcel_index' AND NOT s.inherited;
