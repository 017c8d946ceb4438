-- The SQL report-map.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- mapOfSite, two members (extent, parcels, constraint areas) (1 of 3)
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
SELECT ST_XMin(e) AS min_x, ST_YMin(e) AS min_y, ST_XMax(e) AS max_x, ST_YMax(e) AS max_y
FROM (SELECT ST_Extent(geom) AS e FROM layer_pub.parcels WHERE id = ANY($1::text[])) x;

-- mapOfSite, two members (extent, parcels, constraint areas) (2 of 3)
-- $1 = 359884
-- $2 = 489940
-- $3 = 360316
-- $4 = 490210
-- $5 = ["302109_2.0001.12/3","302109_2.0001.13"]
-- $6 = 602
WITH box AS (SELECT ST_MakeEnvelope($1, $2, $3, $4, 2180) AS g)
SELECT p.id AS parcel_id, p.parcel_number AS number, ST_AsGeoJSON(c.geom, 2) AS geojson,
       ST_X(ST_PointOnSurface(c.geom)) AS label_x, ST_Y(ST_PointOnSurface(c.geom)) AS label_y
FROM layer_pub.parcels p, box,
     LATERAL (SELECT ST_ClipByBox2D(p.geom, box.g) AS geom) c
WHERE p.geom && box.g AND NOT ST_IsEmpty(c.geom)
ORDER BY p.id = ANY($5::text[]) DESC, ST_Distance(p.geom, ST_Centroid(box.g))
LIMIT $6;

-- mapOfSite, two members (extent, parcels, constraint areas) (3 of 3)
-- $1 = 359884
-- $2 = 489940
-- $3 = 360316
-- $4 = 490210
-- $5 = 0.108
-- $6 = ["natura2000_habitat","natura2000_birds","national_park","national_park_buffer","nature_reserve","ecological_site","natural_monument","landscape_park","protected_landscape_area","nature_landscape_complex","biosphere_reserve","forest_promotional_complex","flood_risk_10pct","flood_risk_1pct","flood_risk_02pct","flood_embankment_failure","wetland","ramsar_wetland"]
-- $7 = ["registered_monument","world_heritage_site","monument_of_history","historic_urban_layout","historic_park","cultural_park","archaeological_site"]
-- $8 = ["mining_area","mining_terrain","mineral_deposit"]
-- $9 = ["approach_surface","take_off_climb_surface","transitional_surface","inner_horizontal_surface","conical_surface","outer_horizontal_surface","registered_obstacle"]
-- $10 = ["intake_direct_protection","intake_indirect_protection","reservoir_protection_area","major_groundwater_reservoir"]
-- $11 = ["residential_setback","national_park_setback","nature_reserve_setback","power_line_setback"]
WITH box AS (SELECT ST_MakeEnvelope($1, $2, $3, $4, 2180) AS g)
(SELECT 'env_layers' AS layer, f.id, f.kind, f.name,
         ST_AsGeoJSON(ST_SimplifyPreserveTopology(ST_ClipByBox2D(f.geom, box.g), $5), 1) AS geojson,
         ST_Covers(f.geom, box.g) AS covers_map
  FROM layer_pub.env_layers f, box
  WHERE f.geom && box.g AND f.kind = ANY($6::text[]) AND ST_Intersects(f.geom, box.g)
  ORDER BY f.id LIMIT 60)
UNION ALL
(SELECT 'heritage_sites' AS layer, f.id, f.kind, f.name,
         ST_AsGeoJSON(ST_SimplifyPreserveTopology(ST_ClipByBox2D(f.geom, box.g), $5), 1) AS geojson,
         ST_Covers(f.geom, box.g) AS covers_map
  FROM layer_pub.heritage_sites f, box
  WHERE f.geom && box.g AND f.kind = ANY($7::text[]) AND ST_Intersects(f.geom, box.g)
  ORDER BY f.id LIMIT 60)
UNION ALL
(SELECT 'mining_areas' AS layer, f.id, f.kind, f.name,
         ST_AsGeoJSON(ST_SimplifyPreserveTopology(ST_ClipByBox2D(f.geom, box.g), $5), 1) AS geojson,
         ST_Covers(f.geom, box.g) AS covers_map
  FROM layer_pub.mining_areas f, box
  WHERE f.geom && box.g AND f.kind = ANY($8::text[]) AND ST_Intersects(f.geom, box.g)
  ORDER BY f.id LIMIT 60)
UNION ALL
(SELECT 'aviation_obstacles' AS layer, f.id, f.kind, f.name,
         ST_AsGeoJSON(ST_SimplifyPreserveTopology(ST_ClipByBox2D(f.geom, box.g), $5), 1) AS geojson,
         ST_Covers(f.geom, box.g) AS covers_map
  FROM layer_pub.aviation_obstacles f, box
  WHERE f.geom && box.g AND f.kind = ANY($9::text[]) AND ST_Intersects(f.geom, box.g)
  ORDER BY f.id LIMIT 60)
UNION ALL
(SELECT 'groundwater' AS layer, f.id, f.kind, f.name,
         ST_AsGeoJSON(ST_SimplifyPreserveTopology(ST_ClipByBox2D(f.geom, box.g), $5), 1) AS geojson,
         ST_Covers(f.geom, box.g) AS covers_map
  FROM layer_pub.groundwater f, box
  WHERE f.geom && box.g AND f.kind = ANY($10::text[]) AND ST_Intersects(f.geom, box.g)
  ORDER BY f.id LIMIT 60)
UNION ALL
(SELECT 'wind_exclusion' AS layer, f.id, f.kind, f.name,
         ST_AsGeoJSON(ST_SimplifyPreserveTopology(ST_ClipByBox2D(f.geom, box.g), $5), 1) AS geojson,
         ST_Covers(f.geom, box.g) AS covers_map
  FROM layer_pub.wind_exclusion f, box
  WHERE f.geom && box.g AND f.kind = ANY($11::text[]) AND ST_Intersects(f.geom, box.g)
  ORDER BY f.id LIMIT 60);
