-- The SQL terrain-bench.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- stageParcelGrid (1 of 3)
-- $1 = 330000
-- $2 = 490000
-- $3 = 100
-- $4 = 10
CREATE TABLE layer_stage.terrain_bench_0a1b2c3d AS
SELECT (row_number() OVER (ORDER BY j, i))::int AS pid, 'bench.' || j || '.' || i AS id, 'bench'::text AS teryt,
       ST_MakeEnvelope($1 + i * $3, $2 + j * $3, $1 + (i + 1) * $3, $2 + (j + 1) * $3, 2180) AS geom
FROM generate_series(0, $4 - 1) i, generate_series(0, $4 - 1) j;

-- stageParcelGrid (2 of 3)
CREATE INDEX ON layer_stage.terrain_bench_0a1b2c3d USING gist (geom);

-- stageParcelGrid (3 of 3)
SELECT count(*)::int AS n FROM layer_stage.terrain_bench_0a1b2c3d;

-- parcelsInBox
-- $1 = 330000
-- $2 = 490000
-- $3 = 331000
-- $4 = 491000
SELECT pid FROM layer_stage.terrain_bench_0a1b2c3d WHERE ST_CoveredBy(geom, ST_MakeEnvelope($1, $2, $3, $4, 2180)) ORDER BY pid;

-- enableRaster
CREATE EXTENSION IF NOT EXISTS postgis_raster;

-- loadRaster (1 of 3)
SET LOCAL postgis.gdal_enabled_drivers = 'GTiff';

-- loadRaster (2 of 3)
-- $1 = <4 bytes>
CREATE TABLE layer_stage.terrain_bench_0a1b2c3d_dem AS
SELECT row_number() OVER () AS rid, t.rast FROM (SELECT ST_Tile(ST_FromGDALRaster($1::bytea), 256, 256) AS rast) t;

-- loadRaster (3 of 3)
CREATE INDEX ON layer_stage.terrain_bench_0a1b2c3d_dem USING gist (ST_ConvexHull(rast));

-- plainStatistics
-- $1 = [1,2,3]
-- $2 = 10
WITH around AS (
  SELECT p.pid, p.geom, ST_Union(ST_Clip(d.rast, ST_Buffer(p.geom, $2, 'join=mitre'))) AS rast
  FROM layer_stage.terrain_bench_0a1b2c3d p JOIN layer_stage.terrain_bench_0a1b2c3d_dem d ON ST_Intersects(d.rast, ST_Buffer(p.geom, $2, 'join=mitre'))
  WHERE p.pid = ANY($1::int[])
  GROUP BY p.pid, p.geom
)
SELECT a.pid, e.min AS elevation_min_m, e.mean AS elevation_mean_m, e.max AS elevation_max_m,
       s.mean AS slope_mean_pct, s.max AS slope_max_pct, coalesce(south.count, 0)::float8 / e.count AS south_facing_share
FROM around a
CROSS JOIN LATERAL (SELECT ST_Slope(a.rast, 1, '32BF', 'PERCENT') AS slope, ST_Aspect(a.rast, 1, '32BF', 'DEGREES') AS aspect) d
CROSS JOIN LATERAL ST_SummaryStats(ST_Clip(a.rast, a.geom)) e
CROSS JOIN LATERAL ST_SummaryStats(ST_Clip(d.slope, a.geom)) s
CROSS JOIN LATERAL ST_SummaryStats(ST_Clip(ST_MapAlgebra(d.slope, d.aspect,
  'CASE WHEN [rast1.val] >= 1 AND [rast2.val] BETWEEN 135 AND 225 THEN 1 ELSE 0 END', '8BUI'), a.geom)) south
ORDER BY a.pid;

-- drop (1 of 2)
DROP TABLE IF EXISTS layer_stage.terrain_bench_0a1b2c3d_dem;

-- drop (2 of 2)
DROP TABLE IF EXISTS layer_stage.terrain_bench_0a1b2c3d;
