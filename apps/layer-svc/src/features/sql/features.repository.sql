-- The SQL features.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- page, a WGS84 box
-- $1 = 0
-- $2 = 101
-- $3 = 5000000
-- $4 = 16.8
-- $5 = 52.3
-- $6 = 17.1
-- $7 = 52.5
WITH page AS (
    SELECT f.fid, json_build_object(
    'type', 'Feature',
    'id', f.ext_id,
    'geometry', ST_AsGeoJSON(ST_Transform(f.geom, 4326), 7)::json,
    'properties', json_build_object(
      'kind', f.kind, 'name', f.name, 'teryt', f.teryt,
      'voltage_kv', f.attrs->'voltage_kv', 'voltages', f.attrs->'voltages', 'operator', f.attrs->'operator', 'osm_id', f.attrs->'osm_id',
      'provenance', json_build_object(
  'layer', 'power_substations',
  'source_run_id', f.source_run_id,
  'fetched_at', to_char(f.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'source_url', CASE WHEN f.source_url ~* '^file:' OR f.source_url ~ '^[/~]' THEN 'local-file:' || regexp_replace(f.source_url, '^.*/', '') ELSE f.source_url END,
  'source_bbox', CASE WHEN f.source_bbox IS NULL THEN NULL ELSE json_build_array(
    round(ST_XMin(f.source_bbox)::numeric, 7), round(ST_YMin(f.source_bbox)::numeric, 7),
    round(ST_XMax(f.source_bbox)::numeric, 7), round(ST_YMax(f.source_bbox)::numeric, 7)) END
)
    )
  )::text AS feature
    FROM layer.f_power_substations__7 f
    WHERE f.fid > $1 AND f.geom && ST_Transform(ST_Segmentize(ST_MakeEnvelope($4, $5, $6, $7, 4326), 0.01), 2180) AND ST_Intersects(f.geom, ST_Transform(ST_Segmentize(ST_MakeEnvelope($4, $5, $6, $7, 4326), 0.01), 2180))
    ORDER BY f.fid
    LIMIT $2
  ), sized AS (
    SELECT fid, feature, octet_length(feature) AS bytes,
           sum(octet_length(feature)) OVER (ORDER BY fid ROWS UNBOUNDED PRECEDING) AS bytes_through,
           count(*) OVER () AS fetched
    FROM page
  )
  SELECT fid, feature, bytes, fetched FROM sized
  WHERE bytes_through - bytes < $3
  ORDER BY fid;

-- page, an EPSG:2180 box written in EPSG:2180
-- $1 = 0
-- $2 = 101
-- $3 = 5000000
-- $4 = 350000
-- $5 = 480000
-- $6 = 370000
-- $7 = 500000
WITH page AS (
    SELECT f.fid, json_build_object(
    'type', 'Feature',
    'id', f.ext_id,
    'geometry', ST_AsGeoJSON(ST_FlipCoordinates(f.geom), 2, 0)::json,
    'properties', json_build_object(
      'kind', f.kind, 'name', f.name, 'teryt', f.teryt,
      'voltage_kv', f.attrs->'voltage_kv', 'voltages', f.attrs->'voltages', 'operator', f.attrs->'operator', 'osm_id', f.attrs->'osm_id',
      'provenance', json_build_object(
  'layer', 'power_substations',
  'source_run_id', f.source_run_id,
  'fetched_at', to_char(f.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'source_url', CASE WHEN f.source_url ~* '^file:' OR f.source_url ~ '^[/~]' THEN 'local-file:' || regexp_replace(f.source_url, '^.*/', '') ELSE f.source_url END,
  'source_bbox', CASE WHEN f.source_bbox IS NULL THEN NULL ELSE json_build_array(
    round(ST_XMin(f.source_bbox)::numeric, 7), round(ST_YMin(f.source_bbox)::numeric, 7),
    round(ST_XMax(f.source_bbox)::numeric, 7), round(ST_YMax(f.source_bbox)::numeric, 7)) END
)
    )
  )::text AS feature
    FROM layer.f_power_substations__7 f
    WHERE f.fid > $1 AND f.geom && ST_MakeEnvelope($4, $5, $6, $7, 2180) AND ST_Intersects(f.geom, ST_MakeEnvelope($4, $5, $6, $7, 2180))
    ORDER BY f.fid
    LIMIT $2
  ), sized AS (
    SELECT fid, feature, octet_length(feature) AS bytes,
           sum(octet_length(feature)) OVER (ORDER BY fid ROWS UNBOUNDED PRECEDING) AS bytes_through,
           count(*) OVER () AS fetched
    FROM page
  )
  SELECT fid, feature, bytes, fetched FROM sized
  WHERE bytes_through - bytes < $3
  ORDER BY fid;

-- page, no box, a CQL2 filter, after a cursor
-- $1 = 4200
-- $2 = 101
-- $3 = 5000000
-- $4 = 110
WITH page AS (
    SELECT f.fid, json_build_object(
    'type', 'Feature',
    'id', f.ext_id,
    'geometry', ST_AsGeoJSON(ST_Transform(f.geom, 4326), 7)::json,
    'properties', json_build_object(
      'kind', f.kind, 'name', f.name, 'teryt', f.teryt,
      'voltage_kv', f.attrs->'voltage_kv', 'voltages', f.attrs->'voltages', 'operator', f.attrs->'operator', 'osm_id', f.attrs->'osm_id',
      'provenance', json_build_object(
  'layer', 'power_substations',
  'source_run_id', f.source_run_id,
  'fetched_at', to_char(f.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'source_url', CASE WHEN f.source_url ~* '^file:' OR f.source_url ~ '^[/~]' THEN 'local-file:' || regexp_replace(f.source_url, '^.*/', '') ELSE f.source_url END,
  'source_bbox', CASE WHEN f.source_bbox IS NULL THEN NULL ELSE json_build_array(
    round(ST_XMin(f.source_bbox)::numeric, 7), round(ST_YMin(f.source_bbox)::numeric, 7),
    round(ST_XMax(f.source_bbox)::numeric, 7), round(ST_YMax(f.source_bbox)::numeric, 7)) END
)
    )
  )::text AS feature
    FROM layer.f_power_substations__7 f
    WHERE f.fid > $1  AND (f.attrs->>'voltage_kv')::float8 >= $4
    ORDER BY f.fid
    LIMIT $2
  ), sized AS (
    SELECT fid, feature, octet_length(feature) AS bytes,
           sum(octet_length(feature)) OVER (ORDER BY fid ROWS UNBOUNDED PRECEDING) AS bytes_through,
           count(*) OVER () AS fetched
    FROM page
  )
  SELECT fid, feature, bytes, fetched FROM sized
  WHERE bytes_through - bytes < $3
  ORDER BY fid;

-- byId
-- $1 = "sub-1"
SELECT f.fid, json_build_object(
    'type', 'Feature',
    'id', f.ext_id,
    'geometry', ST_AsGeoJSON(ST_Transform(f.geom, 4326), 7)::json,
    'properties', json_build_object(
      'kind', f.kind, 'name', f.name, 'teryt', f.teryt,
      'voltage_kv', f.attrs->'voltage_kv', 'voltages', f.attrs->'voltages', 'operator', f.attrs->'operator', 'osm_id', f.attrs->'osm_id',
      'provenance', json_build_object(
  'layer', 'power_substations',
  'source_run_id', f.source_run_id,
  'fetched_at', to_char(f.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'source_url', CASE WHEN f.source_url ~* '^file:' OR f.source_url ~ '^[/~]' THEN 'local-file:' || regexp_replace(f.source_url, '^.*/', '') ELSE f.source_url END,
  'source_bbox', CASE WHEN f.source_bbox IS NULL THEN NULL ELSE json_build_array(
    round(ST_XMin(f.source_bbox)::numeric, 7), round(ST_YMin(f.source_bbox)::numeric, 7),
    round(ST_XMax(f.source_bbox)::numeric, 7), round(ST_YMax(f.source_bbox)::numeric, 7)) END
)
    )
  )::text AS feature FROM layer.f_power_substations__7 f WHERE f.ext_id = $1;

-- countUpTo, a WGS84 box
-- $1 = 50001
-- $2 = 14.1
-- $3 = 49
-- $4 = 24.2
-- $5 = 54.9
SELECT count(*)::int AS n FROM (SELECT 1 FROM layer.f_power_substations__7 f WHERE f.geom && ST_Transform(ST_Segmentize(ST_MakeEnvelope($2, $3, $4, $5, 4326), 0.01), 2180) AND ST_Intersects(f.geom, ST_Transform(ST_Segmentize(ST_MakeEnvelope($2, $3, $4, $5, 4326), 0.01), 2180)) LIMIT $1) c;

-- simplifiedFeature
-- $1 = 42
-- $2 = 5
SELECT json_build_object(
    'type', 'Feature',
    'id', f.ext_id,
    'geometry', ST_AsGeoJSON(ST_Transform(ST_SimplifyPreserveTopology(f.geom, $2), 4326), 7)::json,
    'properties', json_build_object(
      'kind', f.kind, 'name', f.name, 'teryt', f.teryt,
      'voltage_kv', f.attrs->'voltage_kv', 'voltages', f.attrs->'voltages', 'operator', f.attrs->'operator', 'osm_id', f.attrs->'osm_id',
      'provenance', json_build_object(
  'layer', 'power_substations',
  'source_run_id', f.source_run_id,
  'fetched_at', to_char(f.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'source_url', CASE WHEN f.source_url ~* '^file:' OR f.source_url ~ '^[/~]' THEN 'local-file:' || regexp_replace(f.source_url, '^.*/', '') ELSE f.source_url END,
  'source_bbox', CASE WHEN f.source_bbox IS NULL THEN NULL ELSE json_build_array(
    round(ST_XMin(f.source_bbox)::numeric, 7), round(ST_YMin(f.source_bbox)::numeric, 7),
    round(ST_XMax(f.source_bbox)::numeric, 7), round(ST_YMax(f.source_bbox)::numeric, 7)) END
)
    )
  )::text AS feature FROM layer.f_power_substations__7 f WHERE f.fid = $1;
