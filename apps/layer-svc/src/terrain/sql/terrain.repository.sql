-- The SQL terrain.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- stageParcels (1 of 3)
-- $1 = "GEOMETRYCOLLECTION(POLYGON((357000 505000, 359000 505000, 359000 507000, 357000 507000, 357000 505000)))"
-- $2 = ["3064"]
CREATE TABLE layer_stage.terrain_0a1b2c3d AS
SELECT row_number() OVER (ORDER BY p.id)::int AS pid, p.id, p.teryt, p.geom
FROM layer_pub.parcels p
WHERE ST_CoveredBy(p.geom, ST_UnaryUnion(ST_GeomFromText($1, 2180)))
  AND ($2::text[] IS NULL OR p.teryt LIKE ANY (SELECT code || '%' FROM unnest($2::text[]) code));

-- stageParcels (2 of 3)
CREATE INDEX ON layer_stage.terrain_0a1b2c3d USING gist (geom);

-- stageParcels (3 of 3)
SELECT count(*)::int AS n FROM layer_stage.terrain_0a1b2c3d;

-- hasParcels
-- $1 = 357000
-- $2 = 505000
-- $3 = 359048
-- $4 = 507048
SELECT 1 FROM layer_stage.terrain_0a1b2c3d WHERE geom && ST_MakeEnvelope($1, $2, $3, $4, 2180) LIMIT 1;

-- stagedParcels
SELECT pid, id, teryt, ST_AsGeoJSON(ST_Transform(geom, 4326), 7) AS geometry FROM layer_stage.terrain_0a1b2c3d ORDER BY pid;

-- keptLines
SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(s.geom, 4326), 7)::json,
         'properties', s.attrs || jsonb_build_object('id', s.id, 'kind', s.kind, 'teryt', s.teryt))::text AS line
FROM layer_pub.terrain_stats s WHERE NOT EXISTS (SELECT 1 FROM layer_stage.terrain_0a1b2c3d p WHERE p.id = s.id);

-- coveredGminas
-- $1 = "GEOMETRYCOLLECTION(POLYGON((357000 505000, 359000 505000, 359000 507000, 357000 507000, 357000 505000)))"
-- $2 = null
SELECT p.teryt FROM layer_pub.parcels p
WHERE p.teryt IS NOT NULL AND ($2::text[] IS NULL OR p.teryt LIKE ANY (SELECT code || '%' FROM unnest($2::text[]) code))
  AND p.teryt IN (SELECT q.teryt FROM layer_pub.parcels q WHERE ST_Intersects(q.geom, ST_UnaryUnion(ST_GeomFromText($1, 2180))))
GROUP BY p.teryt HAVING bool_and(ST_CoveredBy(p.geom, ST_UnaryUnion(ST_GeomFromText($1, 2180)))) ORDER BY 1;

-- keptContourLines
-- $1 = "GEOMETRYCOLLECTION(POLYGON((357000 505000, 359000 505000, 359000 507000, 357000 507000, 357000 505000)))"
-- $2 = "3064"
WITH f AS (SELECT ST_UnaryUnion(ST_GeomFromText($1, 2180)) AS g)
SELECT json_build_object('type', 'Feature', 'geometry', ST_AsGeoJSON(ST_Transform(c.geom, 4326), 7)::json,
         'properties', c.attrs || jsonb_build_object('id', c.id, 'kind', c.kind, 'teryt', c.teryt))::text AS line
FROM layer_pub.contours c, f WHERE left(c.id, length($2) + 1) <> $2 || ':' AND NOT ST_CoveredBy(c.geom, f.g);

-- gminasInside
-- $1 = "GEOMETRYCOLLECTION(POLYGON((357000 505000, 359000 505000, 359000 507000, 357000 507000, 357000 505000)))"
WITH f AS (SELECT ST_UnaryUnion(ST_GeomFromText($1, 2180)) AS g)
SELECT DISTINCT b.teryt FROM layer_pub.admin_bounds b, f
WHERE b.kind = 'gmina' AND b.teryt IS NOT NULL AND ST_CoveredBy(b.geom, f.g) ORDER BY 1;

-- servedState
-- $1 = "contours"
SELECT version, coverage_gminas FROM layer.layer_state WHERE layer_id = $1;

-- dropStage
DROP TABLE IF EXISTS layer_stage.terrain_0a1b2c3d;
