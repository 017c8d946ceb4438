-- The SQL site-members.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- placement
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
-- $2 = 20
SELECT p.id, ST_ClusterDBSCAN(p.geom, eps := $2::float8, minpoints := 1) OVER () AS cluster
FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]);

-- outline
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
-- $2 = 20
WITH o AS (SELECT ST_Buffer(ST_Buffer(ST_Union(p.geom), $2::float8 / 2, 'join=mitre'), -$2::float8 / 2, 'join=mitre') AS g
           FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]))
SELECT ST_AsGeoJSON(ST_Transform(o.g, 4326), 7)::json AS geometry, 4 * pi() * ST_Area(o.g) / NULLIF(ST_Perimeter(o.g) ^ 2, 0) AS compactness FROM o;
