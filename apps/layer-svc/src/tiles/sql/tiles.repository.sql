-- The SQL tiles.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- tile, buildings (polygons, largest first)
-- $1 = 12
-- $2 = 2240
-- $3 = 1339
-- $4 = 5001
-- $5 = 1.19
-- $6 = 5000
-- $7 = null
-- $8 = "buildings"
SELECT tile.mvt, tile.features, tile.truncated, s.version, s.table_name, s.refreshed_at, s.feature_count
FROM (
  SELECT ST_AsMVT(kept, 'buildings', 4096, 'geom', 'fid') FILTER (WHERE kept.geom IS NOT NULL) AS mvt,
         count(kept.geom) AS features,
         count(*) = $6 AND (SELECT count(*) FROM (SELECT 1 FROM layer.f_buildings__5 f WHERE f.geom_web && ST_TileEnvelope($1, $2, $3, margin => 0.015625)
      AND ($7::text[] IS NULL OR f.kind = ANY($7::text[])) LIMIT $4) candidates) > $6 AS truncated
  FROM (
    SELECT f.fid, f.ext_id AS id, f.kind, f.name, f.teryt, f.attrs->>'function' AS "function", CASE WHEN jsonb_typeof(f.attrs->'floors') = 'number' THEN (f.attrs->>'floors')::numeric::bigint END AS "floors", CASE WHEN jsonb_typeof(f.attrs->'floors_underground') = 'number' THEN (f.attrs->>'floors_underground')::numeric::bigint END AS "floors_underground", CASE WHEN jsonb_typeof(f.attrs->'height_m') = 'number' THEN (f.attrs->>'height_m')::double precision END AS "height_m", CASE WHEN jsonb_typeof(f.attrs->'area_sqm') = 'number' THEN (f.attrs->>'area_sqm')::double precision END AS "area_sqm", CASE WHEN jsonb_typeof(f.attrs->'built_year') = 'number' THEN (f.attrs->>'built_year')::numeric::bigint END AS "built_year",
           ST_AsMVTGeom(CASE WHEN $5::float8 > 0 THEN ST_Simplify(f.geom_web, $5::float8, true) ELSE f.geom_web END,
                        ST_TileEnvelope($1, $2, $3), 4096, 64, true) AS geom
    FROM layer.f_buildings__5 f
    WHERE f.geom_web && ST_TileEnvelope($1, $2, $3, margin => 0.015625)
      AND ($7::text[] IS NULL OR f.kind = ANY($7::text[]))
    ORDER BY f.tile_weight DESC, f.fid
    LIMIT $6
  ) kept
) tile
LEFT JOIN layer.layer_state s ON s.layer_id = $8;

-- tile, power lines of two kinds
-- $1 = 12
-- $2 = 2240
-- $3 = 1339
-- $4 = 5001
-- $5 = 0
-- $6 = 5000
-- $7 = ["hv_line","ehv_line"]
-- $8 = "power_lines"
SELECT tile.mvt, tile.features, tile.truncated, s.version, s.table_name, s.refreshed_at, s.feature_count
FROM (
  SELECT ST_AsMVT(kept, 'power_lines', 4096, 'geom', 'fid') FILTER (WHERE kept.geom IS NOT NULL) AS mvt,
         count(kept.geom) AS features,
         count(*) = $6 AND (SELECT count(*) FROM (SELECT 1 FROM layer.f_power_lines__2 f WHERE f.geom_web && ST_TileEnvelope($1, $2, $3, margin => 0.015625)
      AND ($7::text[] IS NULL OR f.kind = ANY($7::text[])) LIMIT $4) candidates) > $6 AS truncated
  FROM (
    SELECT f.fid, f.ext_id AS id, f.kind, f.name, f.teryt, CASE WHEN jsonb_typeof(f.attrs->'voltage_kv') = 'number' THEN (f.attrs->>'voltage_kv')::double precision END AS "voltage_kv", CASE WHEN jsonb_typeof(f.attrs->'circuits') = 'number' THEN (f.attrs->>'circuits')::numeric::bigint END AS "circuits", f.attrs->>'operator' AS "operator", f.attrs->>'osm_id' AS "osm_id",
           ST_AsMVTGeom(CASE WHEN $5::float8 > 0 THEN ST_Simplify(f.geom_web, $5::float8, true) ELSE f.geom_web END,
                        ST_TileEnvelope($1, $2, $3), 4096, 64, true) AS geom
    FROM layer.f_power_lines__2 f
    WHERE f.geom_web && ST_TileEnvelope($1, $2, $3, margin => 0.015625)
      AND ($7::text[] IS NULL OR f.kind = ANY($7::text[]))
    ORDER BY f.tile_weight DESC, f.fid
    LIMIT $6
  ) kept
) tile
LEFT JOIN layer.layer_state s ON s.layer_id = $8;

-- tile, buildings after a refresh (the previous version's statement is deallocated) (1 of 2)
DEALLOCATE lp_tile_1;

-- tile, buildings after a refresh (the previous version's statement is deallocated) (2 of 2)
-- $1 = 16
-- $2 = 35843
-- $3 = 21427
-- $4 = 20001
-- $5 = 0
-- $6 = 20000
-- $7 = null
-- $8 = "buildings"
SELECT tile.mvt, tile.features, tile.truncated, s.version, s.table_name, s.refreshed_at, s.feature_count
FROM (
  SELECT ST_AsMVT(kept, 'buildings', 4096, 'geom', 'fid') FILTER (WHERE kept.geom IS NOT NULL) AS mvt,
         count(kept.geom) AS features,
         count(*) = $6 AND (SELECT count(*) FROM (SELECT 1 FROM layer.f_buildings__6 f WHERE f.geom_web && ST_TileEnvelope($1, $2, $3, margin => 0.015625)
      AND ($7::text[] IS NULL OR f.kind = ANY($7::text[])) LIMIT $4) candidates) > $6 AS truncated
  FROM (
    SELECT f.fid, f.ext_id AS id, f.kind, f.name, f.teryt, f.attrs->>'function' AS "function", CASE WHEN jsonb_typeof(f.attrs->'floors') = 'number' THEN (f.attrs->>'floors')::numeric::bigint END AS "floors", CASE WHEN jsonb_typeof(f.attrs->'floors_underground') = 'number' THEN (f.attrs->>'floors_underground')::numeric::bigint END AS "floors_underground", CASE WHEN jsonb_typeof(f.attrs->'height_m') = 'number' THEN (f.attrs->>'height_m')::double precision END AS "height_m", CASE WHEN jsonb_typeof(f.attrs->'area_sqm') = 'number' THEN (f.attrs->>'area_sqm')::double precision END AS "area_sqm", CASE WHEN jsonb_typeof(f.attrs->'built_year') = 'number' THEN (f.attrs->>'built_year')::numeric::bigint END AS "built_year",
           ST_AsMVTGeom(CASE WHEN $5::float8 > 0 THEN ST_Simplify(f.geom_web, $5::float8, true) ELSE f.geom_web END,
                        ST_TileEnvelope($1, $2, $3), 4096, 64, true) AS geom
    FROM layer.f_buildings__6 f
    WHERE f.geom_web && ST_TileEnvelope($1, $2, $3, margin => 0.015625)
      AND ($7::text[] IS NULL OR f.kind = ANY($7::text[]))
    ORDER BY f.tile_weight DESC, f.fid
    LIMIT $6
  ) kept
) tile
LEFT JOIN layer.layer_state s ON s.layer_id = $8;

-- dataBounds
-- $1 = "f_buildings__5"
SELECT ARRAY[ST_XMin(b), ST_YMin(b), ST_XMax(b), ST_YMax(b)]::float8[] AS bounds
FROM (SELECT COALESCE((SELECT extent_wgs84::geometry FROM layer.version_extents WHERE table_name = $1),
                      (SELECT source_bbox FROM layer.f_buildings__5 WHERE source_bbox IS NOT NULL LIMIT 1)) AS b) x
WHERE b IS NOT NULL;
