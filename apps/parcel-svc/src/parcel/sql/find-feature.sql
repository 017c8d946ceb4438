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
       WHERE p.id = $1
