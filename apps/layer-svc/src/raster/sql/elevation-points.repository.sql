-- The SQL elevation-points.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- read, the points of one tile (1 of 3)
SET TRANSACTION READ ONLY;

-- read, the points of one tile (2 of 3)
SELECT layer_id, version, table_name FROM layer.layer_state WHERE layer_id IN ('terrain_stats', 'contours');

-- read, the points of one tile (3 of 3)
-- $1 = 1878516
-- $2 = 6731350
-- $3 = 1880962
-- $4 = 6733796
WITH box AS (SELECT ST_Transform(ST_MakeEnvelope($1, $2, $3, $4, 3857), 2180) AS b)
SELECT ST_X(p) AS x, ST_Y(p) AS y, z FROM (SELECT ST_Transform(ST_PointOnSurface(t.geom), 3857) AS p, (t.attrs->>'elevation_mean_m')::float8 AS z
  FROM layer.f_terrain_stats__12 t, box WHERE t.geom && box.b UNION ALL SELECT ST_Transform(d.geom, 3857), (c.attrs->>'elevation_m')::float8
  FROM layer.f_contours__9 c, box, LATERAL ST_DumpPoints(c.geom) d WHERE c.geom && box.b) s WHERE z IS NOT NULL LIMIT 200000;
