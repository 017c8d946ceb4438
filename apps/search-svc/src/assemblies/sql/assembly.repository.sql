-- The SQL assembly.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- candidates (none in a cluster large enough, so counted) (1 of 2)
-- $1 = "3021093"
-- $2 = 20
-- $3 = 50000
-- $4 = 10
-- $5 = 20001
WITH m AS MATERIALIZED (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1),
     c AS MATERIALIZED (SELECT m.*, ST_ClusterDBSCAN(m.geom, eps := $2::float8, minpoints := 1) OVER () AS cluster FROM m),
     r AS (SELECT cluster, area_sqm, row_number() OVER (PARTITION BY cluster ORDER BY area_sqm DESC) AS rank FROM c),
     k AS (SELECT cluster, sum(area_sqm) AS cluster_total, count(*) AS members FROM r GROUP BY cluster
           HAVING sum(area_sqm) >= $3::float8 AND (count(*) <= $4::int OR sum(area_sqm) FILTER (WHERE rank <= $4::int) >= $3::float8)),
     picked AS (
       SELECT c.*, k.members, (SELECT count(*) FROM m) AS candidates FROM c JOIN k ON k.cluster = c.cluster
       ORDER BY k.cluster_total DESC, c.cluster, c.area_sqm DESC, c.parcel_id COLLATE "C" LIMIT $5::int)
SELECT picked.*, CASE WHEN picked.members = 1 THEN '{}'::text[] ELSE ARRAY(
         SELECT b.parcel_id FROM search.parcel_geometry b
         WHERE ST_DWithin(b.geom, picked.geom, $2::float8) AND b.parcel_id <> picked.parcel_id) END AS neighbours
FROM picked;

-- candidates (none in a cluster large enough, so counted) (2 of 2)
-- $1 = "3021093"
SELECT count(*)::int AS n FROM (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1) m;

-- adjacencyBuilt
-- $1 = ["3021093","3064011"]
SELECT count(*)::int AS missing FROM search.index_builds WHERE teryt = ANY($1::text[]) AND NOT adjacency;

-- candidatesByAdjacency (two neighbours of 3 ha picked, their rows fetched) (1 of 5)
START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL enable_nestloop = off; SET LOCAL work_mem = '64MB';

-- candidatesByAdjacency (two neighbours of 3 ha picked, their rows fetched) (2 of 5)
-- $1 = "3021093"
-- $2 = ["3021093"]
-- $3 = 5
WITH n AS MATERIALIZED (SELECT m.parcel_key, m.area_sqm FROM (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1) m),
     e AS (
       SELECT x.parcel_key AS a, x.neighbour_key AS b FROM search.parcel_adjacency x
       JOIN n ON n.parcel_key = x.parcel_key
       WHERE x.teryt = ANY($2::text[]) AND x.gap_m <= $3::float8)
SELECT c.count, COALESCE(c.keys, '') AS keys, COALESCE(c.areas, '') AS areas, COALESCE(p.pairs, '') AS pairs
FROM (SELECT count(*)::int AS count, string_agg(int4send(parcel_key), '') AS keys, string_agg(float8send(area_sqm::float8), '') AS areas FROM n) c,
     (SELECT string_agg(int4send(a) || int4send(b), '') AS pairs FROM e) p;

-- candidatesByAdjacency (two neighbours of 3 ha picked, their rows fetched) (3 of 5)
SET LOCAL enable_nestloop TO DEFAULT;

-- candidatesByAdjacency (two neighbours of 3 ha picked, their rows fetched) (4 of 5)
-- $1 = "3021093"
-- $2 = [7,9]
SELECT m.* FROM (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1) m WHERE m.parcel_key = ANY($2::int[]);

-- candidatesByAdjacency (two neighbours of 3 ha picked, their rows fetched) (5 of 5)
COMMIT;

-- candidatesByAdjacency, the cap inside a component (the ids of its members asked for, to break the tie) (1 of 6)
START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL enable_nestloop = off; SET LOCAL work_mem = '64MB';

-- candidatesByAdjacency, the cap inside a component (the ids of its members asked for, to break the tie) (2 of 6)
-- $1 = "3021093"
-- $2 = ["3021093"]
-- $3 = 5
WITH n AS MATERIALIZED (SELECT m.parcel_key, m.area_sqm FROM (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1) m),
     e AS (
       SELECT x.parcel_key AS a, x.neighbour_key AS b FROM search.parcel_adjacency x
       JOIN n ON n.parcel_key = x.parcel_key
       WHERE x.teryt = ANY($2::text[]) AND x.gap_m <= $3::float8)
SELECT c.count, COALESCE(c.keys, '') AS keys, COALESCE(c.areas, '') AS areas, COALESCE(p.pairs, '') AS pairs
FROM (SELECT count(*)::int AS count, string_agg(int4send(parcel_key), '') AS keys, string_agg(float8send(area_sqm::float8), '') AS areas FROM n) c,
     (SELECT string_agg(int4send(a) || int4send(b), '') AS pairs FROM e) p;

-- candidatesByAdjacency, the cap inside a component (the ids of its members asked for, to break the tie) (3 of 6)
SET LOCAL enable_nestloop TO DEFAULT;

-- candidatesByAdjacency, the cap inside a component (the ids of its members asked for, to break the tie) (4 of 6)
-- $1 = [7,9]
SELECT parcel_key, parcel_id FROM search.parcel_keys WHERE parcel_key = ANY($1::int[]);

-- candidatesByAdjacency, the cap inside a component (the ids of its members asked for, to break the tie) (5 of 6)
-- $1 = "3021093"
-- $2 = [7]
SELECT m.* FROM (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1) m WHERE m.parcel_key = ANY($2::int[]);

-- candidatesByAdjacency, the cap inside a component (the ids of its members asked for, to break the tie) (6 of 6)
COMMIT;

-- candidatesByAdjacency, a statement failing (the transaction rolled back) (1 of 5)
START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY; SET LOCAL enable_nestloop = off; SET LOCAL work_mem = '64MB';

-- candidatesByAdjacency, a statement failing (the transaction rolled back) (2 of 5)
-- $1 = "3021093"
-- $2 = ["3021093"]
-- $3 = 5
WITH n AS MATERIALIZED (SELECT m.parcel_key, m.area_sqm FROM (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1) m),
     e AS (
       SELECT x.parcel_key AS a, x.neighbour_key AS b FROM search.parcel_adjacency x
       JOIN n ON n.parcel_key = x.parcel_key
       WHERE x.teryt = ANY($2::text[]) AND x.gap_m <= $3::float8)
SELECT c.count, COALESCE(c.keys, '') AS keys, COALESCE(c.areas, '') AS areas, COALESCE(p.pairs, '') AS pairs
FROM (SELECT count(*)::int AS count, string_agg(int4send(parcel_key), '') AS keys, string_agg(float8send(area_sqm::float8), '') AS areas FROM n) c,
     (SELECT string_agg(int4send(a) || int4send(b), '') AS pairs FROM e) p;

-- candidatesByAdjacency, a statement failing (the transaction rolled back) (3 of 5)
SET LOCAL enable_nestloop TO DEFAULT;

-- candidatesByAdjacency, a statement failing (the transaction rolled back) (4 of 5)
-- $1 = "3021093"
-- $2 = [7,9]
SELECT m.* FROM (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1) m WHERE m.parcel_key = ANY($2::int[]);

-- candidatesByAdjacency, a statement failing (the transaction rolled back) (5 of 5)
ROLLBACK;

-- candidatesFromGraph (the graph found in memory, over the builds it was read from) (1 of 4)
START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY;

-- candidatesFromGraph (the graph found in memory, over the builds it was read from) (2 of 4)
SELECT (SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b) AS digest;

-- candidatesFromGraph (the graph found in memory, over the builds it was read from) (3 of 4)
-- $1 = "3021093"
-- $2 = [7,9]
SELECT m.* FROM (SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = $1) m WHERE m.parcel_key = ANY($2::int[]);

-- candidatesFromGraph (the graph found in memory, over the builds it was read from) (4 of 4)
COMMIT;

-- candidatesFromGraph, a build committed since (nothing picked: the caller assembles in PostgreSQL) (1 of 3)
START TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY;

-- candidatesFromGraph, a build committed since (nothing picked: the caller assembles in PostgreSQL) (2 of 3)
SELECT (SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b) AS digest;

-- candidatesFromGraph, a build committed since (nothing picked: the caller assembles in PostgreSQL) (3 of 3)
COMMIT;

-- outlines
-- $1 = "[[\"302109_2.0001.1\",\"302109_2.0001.2\"],[\"302109_2.0001.7\"]]"
-- $2 = 20
WITH s AS (SELECT (e.ordinality - 1)::int AS k, e.value AS members FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY e),
     o AS (
       SELECT s.k, ST_Buffer(ST_Buffer(ST_Union(g.geom), $2::float8 / 2, 'join=mitre'), -$2::float8 / 2, 'join=mitre') AS outline
       FROM s CROSS JOIN LATERAL jsonb_array_elements_text(s.members) AS member(id)
       -- each member's outline through the primary key, not a hash join over every outline
       CROSS JOIN LATERAL (SELECT p.geom FROM search.parcel_geometry p WHERE p.parcel_id = member.id OFFSET 0) g
       GROUP BY s.k)
SELECT o.k, ST_AsGeoJSON(ST_Transform(o.outline, 4326), 7)::json AS geometry,
       4 * pi() * ST_Area(o.outline) / NULLIF(ST_Perimeter(o.outline) ^ 2, 0) AS compactness
FROM o ORDER BY o.k;
