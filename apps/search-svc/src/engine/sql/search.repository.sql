-- The SQL search.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- scopeGminas, Poland (after the layer versions stamp) (1 of 2)
SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions;

-- scopeGminas, Poland (after the layer versions stamp) (2 of 2)
SELECT g.id AS teryt, g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' ORDER BY g.id;

-- scopeGminas, a region (1 of 2)
SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions;

-- scopeGminas, a region (2 of 2)
-- $1 = "3021%"
SELECT g.id AS teryt, g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND g.id LIKE $1 ORDER BY g.id;

-- scopeGminas, a box
-- $1 = 16.8
-- $2 = 52.3
-- $3 = 17.1
-- $4 = 52.5
SELECT g.id AS teryt, g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND ST_Intersects(g.geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180)) ORDER BY g.id;

-- gminasWithin, a region (1 of 2)
SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions;

-- gminasWithin, a region (2 of 2)
-- $1 = "3021%"
-- $2 = 2000
SELECT g.id AS teryt, g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND EXISTS (SELECT 1 FROM layer_pub.admin_bounds s WHERE s.kind = 'gmina' AND s.id LIKE $1 AND ST_DWithin(s.geom, g.geom, $2)) ORDER BY g.id;

-- gminasWithin, a box
-- $1 = 16.8
-- $2 = 52.3
-- $3 = 17.1
-- $4 = 52.5
-- $5 = 1000
SELECT g.id AS teryt, g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND ST_DWithin(g.geom, ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 4326), 2180), $5) ORDER BY g.id;

-- coverage (1 of 2)
SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions;

-- coverage (2 of 2)
-- $1 = ["buildings","power_substations"]
SELECT layer_id, teryt, status FROM layer_pub.region_coverage WHERE level = 'gmina' AND layer_id = ANY($1::text[]);

-- unbuiltGminas (1 of 4)
SELECT string_agg(layer_id || ':' || version, ',' ORDER BY layer_id) AS stamp FROM layer_pub.layer_versions;

-- unbuiltGminas (2 of 4)
SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b;

-- unbuiltGminas (3 of 4)
SELECT c.teryt FROM layer_pub.region_coverage c WHERE c.layer_id = 'parcels' AND c.level = 'gmina' AND c.status <> 'missing';

-- unbuiltGminas (4 of 4)
SELECT b.teryt, b.format, b.parcels, b.evidence FROM search.index_builds b;

-- oldestFormat
SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b;

-- evidence
SELECT md5(COALESCE(string_agg(b.teryt || '@' || b.built_at::text || CASE WHEN b.adjacency THEN '+' ELSE '' END, ',' ORDER BY b.teryt), '')) FROM search.index_builds b;

-- run
-- $1 = "3021093"
SELECT i.parcel_id FROM search.parcel_index i WHERE i.teryt = $1 /* search-query.ts: see sql/*.sql */;

-- run, a match probing layers (planned for parallel workers) (1 of 2)
-- $1 = "400"
SELECT set_config('min_parallel_table_scan_size', '0', true), set_config('parallel_setup_cost', $1, true);

-- run, a match probing layers (planned for parallel workers) (2 of 2)
-- $1 = "3021093"
SELECT i.parcel_id FROM search.parcel_index i WHERE i.teryt = $1 /* search-query.ts: see sql/*.sql */;

-- explain
-- $1 = "3021093"
EXPLAIN (ANALYZE, COSTS OFF, SUMMARY ON) SELECT i.parcel_id FROM search.parcel_index i WHERE i.teryt = $1 /* search-query.ts: see sql/*.sql */;

-- unknownFeatureIds
-- $1 = ["sub-1","sub-2"]
SELECT x.id FROM unnest($1::text[]) AS x(id) WHERE NOT EXISTS (SELECT 1 FROM layer_pub.power_substations f WHERE f.id = x.id) ORDER BY x.id;

-- parcelGmina
-- $1 = "302109_2.0001.12/3"
SELECT p.teryt FROM layer_pub.parcels p WHERE p.id = $1;
