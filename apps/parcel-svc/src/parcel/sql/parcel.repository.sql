-- The SQL parcel.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- findFeature
-- $1 = "302109_2.0001.12/3"
SELECT json_build_object(
       'type', 'Feature',
       'id', p.id,
       'geometry', ST_AsGeoJSON(ST_Transform(p.geom, 4326), 7)::json,
       'properties', json_build_object(
         'parcel_id', p.id,
         'number', p.parcel_number,
         'precinct_id', p.precinct_id,
         'precinct_name', COALESCE(p.attrs->>'precinct_name',
           (SELECT u.name FROM layer_pub.cadastral_units u WHERE u.id = p.precinct_id AND u.kind = 'precinct')),
         'teryt', p.teryt,
         'gmina', (SELECT g.name FROM layer_pub.admin_bounds g WHERE g.id = p.teryt),
         'area_sqm', round(p.area_sqm::numeric, 2),
         'land_use_classes', COALESCE(to_json(array_remove(regexp_split_to_array(btrim(p.land_use_classes), '\s*,\s*'), '')), '[]'::json),
         'registration_group', p.registration_group,
         'centroid', (SELECT json_build_array(round(ST_X(c)::numeric, 7), round(ST_Y(c)::numeric, 7))
                        FROM ST_Transform(ST_PointOnSurface(p.geom), 4326) AS c),
         'provenance', json_build_object(
  'layer', 'parcels',
  'source_run_id', p.source_run_id,
  'fetched_at', to_char(p.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'source_url', CASE WHEN p.source_url ~* '^file:' OR p.source_url ~ '^[/~]' THEN 'local-file:' || regexp_replace(p.source_url, '^.*/', '') ELSE p.source_url END,
  'source_bbox', CASE WHEN p.source_bbox IS NULL THEN NULL ELSE json_build_array(
    round(ST_XMin(p.source_bbox)::numeric, 7), round(ST_YMin(p.source_bbox)::numeric, 7),
    round(ST_XMax(p.source_bbox)::numeric, 7), round(ST_YMax(p.source_bbox)::numeric, 7)) END
)
       )
     ) AS feature
     FROM layer_pub.parcels p
     WHERE p.id = $1;

-- findTeryt
-- $1 = "302109_2.0001.12/3"
SELECT teryt FROM layer_pub.parcels WHERE id = $1;

-- findAt
-- $1 = 16.95
-- $2 = 52.4
-- $3 = 50
WITH pt AS (SELECT ST_Transform(ST_SetSRID(ST_MakePoint($1, $2), 4326), 2180) AS g)
     SELECT json_build_object(
       'type', 'Feature',
       'id', p.id,
       'geometry', ST_AsGeoJSON(ST_Transform(p.geom, 4326), 7)::json,
       'properties', json_build_object(
         'parcel_id', p.id,
         'number', p.parcel_number,
         'precinct_id', p.precinct_id,
         'precinct_name', COALESCE(p.attrs->>'precinct_name',
           (SELECT u.name FROM layer_pub.cadastral_units u WHERE u.id = p.precinct_id AND u.kind = 'precinct')),
         'teryt', p.teryt,
         'gmina', (SELECT g.name FROM layer_pub.admin_bounds g WHERE g.id = p.teryt),
         'area_sqm', round(p.area_sqm::numeric, 2),
         'land_use_classes', COALESCE(to_json(array_remove(regexp_split_to_array(btrim(p.land_use_classes), '\s*,\s*'), '')), '[]'::json),
         'registration_group', p.registration_group,
         'centroid', (SELECT json_build_array(round(ST_X(c)::numeric, 7), round(ST_Y(c)::numeric, 7))
                        FROM ST_Transform(ST_PointOnSurface(p.geom), 4326) AS c),
         'provenance', json_build_object(
  'layer', 'parcels',
  'source_run_id', p.source_run_id,
  'fetched_at', to_char(p.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'source_url', CASE WHEN p.source_url ~* '^file:' OR p.source_url ~ '^[/~]' THEN 'local-file:' || regexp_replace(p.source_url, '^.*/', '') ELSE p.source_url END,
  'source_bbox', CASE WHEN p.source_bbox IS NULL THEN NULL ELSE json_build_array(
    round(ST_XMin(p.source_bbox)::numeric, 7), round(ST_YMin(p.source_bbox)::numeric, 7),
    round(ST_XMax(p.source_bbox)::numeric, 7), round(ST_YMax(p.source_bbox)::numeric, 7)) END
)
       )
     ) AS feature, round(ST_Distance(p.geom, pt.g)::numeric, 1)::float8 AS distance_m
     FROM layer_pub.parcels p, pt
     WHERE ST_DWithin(p.geom, pt.g, $3)
     ORDER BY p.geom <-> pt.g, p.id
     LIMIT 1;

-- findFeatures
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
SELECT json_build_object(
       'type', 'Feature',
       'id', p.id,
       'geometry', ST_AsGeoJSON(ST_Transform(p.geom, 4326), 7)::json,
       'properties', json_build_object(
         'parcel_id', p.id,
         'number', p.parcel_number,
         'precinct_id', p.precinct_id,
         'precinct_name', COALESCE(p.attrs->>'precinct_name',
           (SELECT u.name FROM layer_pub.cadastral_units u WHERE u.id = p.precinct_id AND u.kind = 'precinct')),
         'teryt', p.teryt,
         'gmina', (SELECT g.name FROM layer_pub.admin_bounds g WHERE g.id = p.teryt),
         'area_sqm', round(p.area_sqm::numeric, 2),
         'land_use_classes', COALESCE(to_json(array_remove(regexp_split_to_array(btrim(p.land_use_classes), '\s*,\s*'), '')), '[]'::json),
         'registration_group', p.registration_group,
         'centroid', (SELECT json_build_array(round(ST_X(c)::numeric, 7), round(ST_Y(c)::numeric, 7))
                        FROM ST_Transform(ST_PointOnSurface(p.geom), 4326) AS c),
         'provenance', json_build_object(
  'layer', 'parcels',
  'source_run_id', p.source_run_id,
  'fetched_at', to_char(p.fetched_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
  'source_url', CASE WHEN p.source_url ~* '^file:' OR p.source_url ~ '^[/~]' THEN 'local-file:' || regexp_replace(p.source_url, '^.*/', '') ELSE p.source_url END,
  'source_bbox', CASE WHEN p.source_bbox IS NULL THEN NULL ELSE json_build_array(
    round(ST_XMin(p.source_bbox)::numeric, 7), round(ST_YMin(p.source_bbox)::numeric, 7),
    round(ST_XMax(p.source_bbox)::numeric, 7), round(ST_YMax(p.source_bbox)::numeric, 7)) END
)
       )
     ) AS feature FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]);

-- suggest
-- $1 = "302109\\_2.0001.1\\_"
-- $2 = 10
WITH prefix AS (
  SELECT id AS parcel_id, 0 AS rank FROM layer_pub.parcels
  WHERE id LIKE $1 || '%' ORDER BY id LIMIT $2
), infix AS (
  SELECT id AS parcel_id, 1 AS rank FROM layer_pub.parcels
  WHERE (id || '') LIKE '%' || $1 || '%' AND id NOT LIKE $1 || '%'
  ORDER BY id LIMIT $2
), picked AS (
  SELECT * FROM prefix UNION ALL SELECT * FROM infix ORDER BY rank, parcel_id LIMIT $2
)
SELECT p.id AS parcel_id, round(p.area_sqm::numeric, 2)::float8 AS area_sqm, g.name AS gmina, p.teryt
FROM picked JOIN layer_pub.parcels p ON p.id = picked.parcel_id
LEFT JOIN layer_pub.admin_bounds g ON g.id = p.teryt
ORDER BY picked.rank, p.id;

-- findSimilarIds
-- $1 = "302109_2.0001.12/4"
-- $2 = 5
-- $3 = 200
WITH neighbours AS (
  (SELECT id FROM layer_pub.parcels WHERE id >= $1 ORDER BY id LIMIT $3)
  UNION ALL
  (SELECT id FROM layer_pub.parcels WHERE id < $1 ORDER BY id DESC LIMIT $3)
)
SELECT id AS parcel_id FROM neighbours
WHERE id % $1
ORDER BY id <-> $1, id
LIMIT $2;

-- precinctsNamed
-- $1 = ["bnin"]
SELECT id, name, teryt FROM layer_pub.cadastral_units
WHERE kind = 'precinct' AND btrim(regexp_replace(translate(lower(name), 'ąćęłńóśźżäöüé', 'acelnoszzaoue'), '[^a-z0-9]+', ' ', 'g')) = ANY($1::text[])
ORDER BY id;

-- gminasNamed
-- $1 = ["kornik"]
SELECT id AS teryt, name FROM layer_pub.admin_bounds
WHERE kind = 'gmina' AND btrim(regexp_replace(translate(lower(name), 'ąćęłńóśźżäöüé', 'acelnoszzaoue'), '[^a-z0-9]+', ' ', 'g')) = ANY($1::text[])
ORDER BY id;

-- numbered
-- $1 = "12/3"
-- $2 = ["302109_2.0001"]
-- $3 = ["3021093"]
-- $4 = 20
SELECT p.id, p.precinct_id, u.name AS precinct_name, p.teryt, g.name AS gmina
FROM layer_pub.parcels p
LEFT JOIN layer_pub.cadastral_units u ON u.id = p.precinct_id AND u.kind = 'precinct'
LEFT JOIN layer_pub.admin_bounds g ON g.id = p.teryt
WHERE p.teryt = ANY($3::text[]) AND lower(p.parcel_number) = $1
  AND (cardinality($2::text[]) = 0 OR p.precinct_id = ANY($2::text[]))
ORDER BY p.id
LIMIT $4;
