-- The SQL basemap.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- stamps
-- $1 = ["admin_bounds","roads"]
SELECT layer_id, version, refreshed_at FROM layer.layer_state WHERE layer_id = ANY($1::text[]) ORDER BY layer_id;

-- places
-- $1 = 8
-- $2 = 139
-- $3 = 84
-- $4 = 15.47
-- $5 = 51.62
-- $6 = 16.88
-- $7 = 52.48
-- $8 = ["voivodeship","powiat"]
-- $9 = true
WITH units AS (
  SELECT f.fid, f.name, CASE WHEN f.kind = ANY($8::text[]) THEN f.kind ELSE 'city' END AS kind, f.teryt, ST_PointOnSurface(f.geom) AS point
  FROM layer.f_admin_bounds__3 f
  WHERE f.geom && ST_Transform(ST_MakeEnvelope($4, $5, $6, $7, 4326), 2180)
    AND (f.kind = ANY($8::text[]) OR ($9::boolean AND f.kind = 'gmina' AND substr(f.teryt, 3, 2) >= '61'))
), shaped AS (
  SELECT u.fid, u.name, u.kind, u.teryt,
         ST_AsMVTGeom(ST_Transform(u.point, 3857), ST_TileEnvelope($1, $2, $3), 4096, 64, true) AS geom
  FROM units u
)
SELECT ST_AsMVT(shaped.*, 'places', 4096, 'geom', 'fid') AS mvt, count(*) AS features
FROM shaped WHERE shaped.geom IS NOT NULL;
