-- The SQL facts.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- rawFacts, regulations of parcels
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
WITH t AS (
  SELECT p.id, p.teryt, p.geom, p.land_use_classes, p.area_sqm, greatest(ST_Area(p.geom), 1) AS area
  FROM layer_pub.parcels p
  WHERE p.id = ANY($1::text[])
)
SELECT t.id AS parcel_id, t.teryt,
       jsonb_build_object(
         'plans', (SELECT COALESCE(jsonb_agg(o ORDER BY o.overlap_pct DESC, o.id), '[]'::jsonb) FROM (
         SELECT f.id, f.plan_id, f.plan_name, f.adopted_on, f.document_url,
                round(least(100 * sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area ELSE ST_Area(ST_Intersection(s.geom, t.geom)) END) / t.area, 100)::numeric, 1) AS overlap_pct
         FROM layer_pub.mpzp_plans_subdivided s
         JOIN layer_pub.mpzp_plans f ON f.fid = s.fid
         WHERE ST_Intersects(s.geom, t.geom)
         GROUP BY f.fid, f.id, f.plan_id, f.plan_name, f.adopted_on, f.document_url
       ) o WHERE o.overlap_pct >= 1),
         'zones', (SELECT COALESCE(jsonb_agg(o ORDER BY o.overlap_pct DESC, o.id), '[]'::jsonb) FROM (
         SELECT f.id, f.plan_id, f.plan_name, f.adopted_on, f.symbol, f.category, f.label, f.max_height_m, f.max_building_coverage_pct, f.min_biologically_active_pct, f.document_url,
                round(least(100 * sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area ELSE ST_Area(ST_Intersection(s.geom, t.geom)) END) / t.area, 100)::numeric, 1) AS overlap_pct
         FROM layer_pub.mpzp_zones_subdivided s
         JOIN layer_pub.mpzp_zones f ON f.fid = s.fid
         WHERE ST_Intersects(s.geom, t.geom)
         GROUP BY f.fid, f.id, f.plan_id, f.plan_name, f.adopted_on, f.symbol, f.category, f.label, f.max_height_m, f.max_building_coverage_pct, f.min_biologically_active_pct, f.document_url
       ) o WHERE o.overlap_pct >= 1),
         'plan_ogolny', (SELECT COALESCE(jsonb_agg(o ORDER BY o.overlap_pct DESC, o.id), '[]'::jsonb) FROM (
         SELECT f.id, f.kind, f.status, f.zone_symbol, f.zone_label, f.allows_building, f.adopted_on, f.document_url,
                round(least(100 * sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area ELSE ST_Area(ST_Intersection(s.geom, t.geom)) END) / t.area, 100)::numeric, 1) AS overlap_pct
         FROM layer_pub.plan_ogolny_zones_subdivided s
         JOIN layer_pub.plan_ogolny_zones f ON f.fid = s.fid
         WHERE ST_Intersects(s.geom, t.geom)
         GROUP BY f.fid, f.id, f.kind, f.status, f.zone_symbol, f.zone_label, f.allows_building, f.adopted_on, f.document_url
       ) o WHERE o.overlap_pct >= 1),
         'studium', (SELECT COALESCE(jsonb_agg(o ORDER BY o.overlap_pct DESC, o.id), '[]'::jsonb) FROM (
         SELECT f.id, f.designation, f.category, f.adopted_on,
                round(least(100 * sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area ELSE ST_Area(ST_Intersection(s.geom, t.geom)) END) / t.area, 100)::numeric, 1) AS overlap_pct
         FROM layer_pub.studium_zones_subdivided s
         JOIN layer_pub.studium_zones f ON f.fid = s.fid
         WHERE ST_Intersects(s.geom, t.geom)
         GROUP BY f.fid, f.id, f.designation, f.category, f.adopted_on
       ) o WHERE o.overlap_pct >= 1),
         'land_use_classes', t.land_use_classes,
         'area_sqm', t.area_sqm,
         'national_park', EXISTS (SELECT 1 FROM layer_pub.env_layers_subdivided s
                                  WHERE s.kind = 'national_park' AND ST_Intersects(s.geom, t.geom)
                                    AND ST_Area(ST_Intersection(s.geom, t.geom)) >= 0.01 * t.area),
         'forest_pct', (SELECT round(least(100 * COALESCE(sum(ST_Area(ST_Intersection(s.geom, t.geom))), 0) / t.area, 100)::numeric, 1)
                        FROM layer_pub.forest_stands_subdivided s WHERE ST_Intersects(s.geom, t.geom))
       ) AS raw
FROM t;

-- rawFacts, regulations of a gmina
-- $1 = "3021093"
WITH t AS (
  SELECT p.id, p.teryt, p.geom, p.land_use_classes, p.area_sqm, greatest(ST_Area(p.geom), 1) AS area
  FROM layer_pub.parcels p
  WHERE p.teryt = $1
),
extent AS MATERIALIZED (SELECT ST_Extent(t.geom)::geometry AS box FROM t),
plans AS (
  SELECT o.parcel_id, jsonb_agg((SELECT r FROM (SELECT f.id, f.plan_id, f.plan_name, f.adopted_on, f.document_url, o.overlap_pct) r) ORDER BY o.overlap_pct DESC, f.id) AS list
  FROM (
    SELECT h.parcel_id, h.fid, round(least(100 * sum(h.measure) / min(h.area), 100)::numeric, 1) AS overlap_pct
    FROM (SELECT x.parcel_id, s.fid, x.area, x.measure
  FROM layer_pub.mpzp_plans_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area, CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS measure
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e)) h
    GROUP BY h.parcel_id, h.fid
  ) o
  JOIN layer_pub.mpzp_plans f ON f.fid = o.fid
  WHERE o.overlap_pct >= 1
  GROUP BY o.parcel_id
),
zones AS (
  SELECT o.parcel_id, jsonb_agg((SELECT r FROM (SELECT f.id, f.plan_id, f.plan_name, f.adopted_on, f.symbol, f.category, f.label, f.max_height_m, f.max_building_coverage_pct, f.min_biologically_active_pct, f.document_url, o.overlap_pct) r) ORDER BY o.overlap_pct DESC, f.id) AS list
  FROM (
    SELECT h.parcel_id, h.fid, round(least(100 * sum(h.measure) / min(h.area), 100)::numeric, 1) AS overlap_pct
    FROM (SELECT x.parcel_id, s.fid, x.area, x.measure
  FROM layer_pub.mpzp_zones_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area, CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS measure
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e)) h
    GROUP BY h.parcel_id, h.fid
  ) o
  JOIN layer_pub.mpzp_zones f ON f.fid = o.fid
  WHERE o.overlap_pct >= 1
  GROUP BY o.parcel_id
),
plan_ogolny AS (
  SELECT o.parcel_id, jsonb_agg((SELECT r FROM (SELECT f.id, f.kind, f.status, f.zone_symbol, f.zone_label, f.allows_building, f.adopted_on, f.document_url, o.overlap_pct) r) ORDER BY o.overlap_pct DESC, f.id) AS list
  FROM (
    SELECT h.parcel_id, h.fid, round(least(100 * sum(h.measure) / min(h.area), 100)::numeric, 1) AS overlap_pct
    FROM (SELECT x.parcel_id, s.fid, x.area, x.measure
  FROM layer_pub.plan_ogolny_zones_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area, CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS measure
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e)) h
    GROUP BY h.parcel_id, h.fid
  ) o
  JOIN layer_pub.plan_ogolny_zones f ON f.fid = o.fid
  WHERE o.overlap_pct >= 1
  GROUP BY o.parcel_id
),
studium AS (
  SELECT o.parcel_id, jsonb_agg((SELECT r FROM (SELECT f.id, f.designation, f.category, f.adopted_on, o.overlap_pct) r) ORDER BY o.overlap_pct DESC, f.id) AS list
  FROM (
    SELECT h.parcel_id, h.fid, round(least(100 * sum(h.measure) / min(h.area), 100)::numeric, 1) AS overlap_pct
    FROM (SELECT x.parcel_id, s.fid, x.area, x.measure
  FROM layer_pub.studium_zones_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area, CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS measure
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e)) h
    GROUP BY h.parcel_id, h.fid
  ) o
  JOIN layer_pub.studium_zones f ON f.fid = o.fid
  WHERE o.overlap_pct >= 1
  GROUP BY o.parcel_id
),
national_park AS (
  SELECT DISTINCT h.parcel_id
  FROM (SELECT x.parcel_id, s.fid, x.area, x.measure
  FROM layer_pub.env_layers_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area, ST_Area(ST_Intersection(s.geom, p.geom)) AS measure
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e) AND s.kind = 'national_park') h
  WHERE h.measure >= 0.01 * h.area
),
forest AS (
  SELECT h.parcel_id, sum(h.measure) AS covered
  FROM (SELECT x.parcel_id, s.fid, x.area, x.measure
  FROM layer_pub.forest_stands_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area, ST_Area(ST_Intersection(s.geom, p.geom)) AS measure
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e)) h
  GROUP BY h.parcel_id
)
SELECT t.id AS parcel_id, t.teryt,
       jsonb_build_object(
         'plans', COALESCE(plans.list, '[]'::jsonb),
         'zones', COALESCE(zones.list, '[]'::jsonb),
         'plan_ogolny', COALESCE(plan_ogolny.list, '[]'::jsonb),
         'studium', COALESCE(studium.list, '[]'::jsonb),
         'land_use_classes', t.land_use_classes,
         'area_sqm', t.area_sqm,
         'national_park', national_park.parcel_id IS NOT NULL,
         'forest_pct', round(least(100 * COALESCE(forest.covered, 0) / t.area, 100)::numeric, 1)
       ) AS raw
FROM t
LEFT JOIN plans ON plans.parcel_id = t.id
LEFT JOIN zones ON zones.parcel_id = t.id
LEFT JOIN plan_ogolny ON plan_ogolny.parcel_id = t.id
LEFT JOIN studium ON studium.parcel_id = t.id
LEFT JOIN national_park ON national_park.parcel_id = t.id
LEFT JOIN forest ON forest.parcel_id = t.id;

-- rawFacts, constraints
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
-- $2 = 50
-- $3 = ["natura2000_habitat","natura2000_birds","national_park","national_park_buffer","nature_reserve","ecological_site","natural_monument","landscape_park","protected_landscape_area","nature_landscape_complex","biosphere_reserve","forest_promotional_complex","flood_risk_10pct","flood_risk_1pct","flood_risk_02pct","flood_embankment_failure","wetland","ramsar_wetland","registered_monument","world_heritage_site","monument_of_history","historic_urban_layout","historic_park","cultural_park","archaeological_site","mining_area","mining_terrain","mineral_deposit","approach_surface","take_off_climb_surface","transitional_surface","inner_horizontal_surface","conical_surface","outer_horizontal_surface","registered_obstacle","intake_direct_protection","intake_indirect_protection","reservoir_protection_area","major_groundwater_reservoir","residential_setback","national_park_setback","nature_reserve_setback","power_line_setback"]
WITH t AS (
  SELECT p.id, p.teryt, p.geom, p.land_use_classes, p.area_sqm, greatest(ST_Area(p.geom), 1) AS area
  FROM layer_pub.parcels p
  WHERE p.id = ANY($1::text[])
),
hits AS (
  SELECT t.id AS parcel_id, 'env_layers' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area
                WHEN ST_Intersects(s.geom, t.geom) THEN ST_Area(ST_Intersection(s.geom, t.geom)) ELSE 0 END) / min(t.area) AS overlap,
       min(ST_Distance(s.geom, t.geom)) AS distance
FROM t
JOIN layer_pub.env_layers_subdivided s ON ST_DWithin(s.geom, t.geom, $2)
JOIN layer_pub.env_layers f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[])
GROUP BY t.id, f.id, f.kind, f.name
  UNION ALL
  SELECT t.id AS parcel_id, 'heritage_sites' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area
                WHEN ST_Intersects(s.geom, t.geom) THEN ST_Area(ST_Intersection(s.geom, t.geom)) ELSE 0 END) / min(t.area) AS overlap,
       min(ST_Distance(s.geom, t.geom)) AS distance
FROM t
JOIN layer_pub.heritage_sites_subdivided s ON ST_DWithin(s.geom, t.geom, $2)
JOIN layer_pub.heritage_sites f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[])
GROUP BY t.id, f.id, f.kind, f.name
  UNION ALL
  SELECT t.id AS parcel_id, 'mining_areas' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area
                WHEN ST_Intersects(s.geom, t.geom) THEN ST_Area(ST_Intersection(s.geom, t.geom)) ELSE 0 END) / min(t.area) AS overlap,
       min(ST_Distance(s.geom, t.geom)) AS distance
FROM t
JOIN layer_pub.mining_areas_subdivided s ON ST_DWithin(s.geom, t.geom, $2)
JOIN layer_pub.mining_areas f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[])
GROUP BY t.id, f.id, f.kind, f.name
  UNION ALL
  SELECT t.id AS parcel_id, 'aviation_obstacles' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area
                WHEN ST_Intersects(s.geom, t.geom) THEN ST_Area(ST_Intersection(s.geom, t.geom)) ELSE 0 END) / min(t.area) AS overlap,
       min(ST_Distance(s.geom, t.geom)) AS distance
FROM t
JOIN layer_pub.aviation_obstacles_subdivided s ON ST_DWithin(s.geom, t.geom, $2)
JOIN layer_pub.aviation_obstacles f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[])
GROUP BY t.id, f.id, f.kind, f.name
  UNION ALL
  SELECT t.id AS parcel_id, 'groundwater' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area
                WHEN ST_Intersects(s.geom, t.geom) THEN ST_Area(ST_Intersection(s.geom, t.geom)) ELSE 0 END) / min(t.area) AS overlap,
       min(ST_Distance(s.geom, t.geom)) AS distance
FROM t
JOIN layer_pub.groundwater_subdivided s ON ST_DWithin(s.geom, t.geom, $2)
JOIN layer_pub.groundwater f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[])
GROUP BY t.id, f.id, f.kind, f.name
  UNION ALL
  SELECT t.id AS parcel_id, 'wind_exclusion' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(CASE WHEN ST_CoveredBy(t.geom, s.geom) THEN t.area
                WHEN ST_Intersects(s.geom, t.geom) THEN ST_Area(ST_Intersection(s.geom, t.geom)) ELSE 0 END) / min(t.area) AS overlap,
       min(ST_Distance(s.geom, t.geom)) AS distance
FROM t
JOIN layer_pub.wind_exclusion_subdivided s ON ST_DWithin(s.geom, t.geom, $2)
JOIN layer_pub.wind_exclusion f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[])
GROUP BY t.id, f.id, f.kind, f.name
),
per_parcel AS (
  SELECT h.parcel_id, jsonb_agg(jsonb_build_object(
           'layer', h.layer, 'kind', h.kind, 'id', h.feature_id, 'name', h.name,
           'overlap_pct', round(least(100 * h.overlap, 100)::numeric, 1),
           'distance_m', round(h.distance::numeric, 1))) AS raw
  FROM hits h GROUP BY h.parcel_id
)
-- Grouped once and joined: a lookup into the hits per parcel would scan them all each time.
SELECT t.id AS parcel_id, t.teryt, COALESCE(pp.raw, '[]'::jsonb) AS raw
FROM t LEFT JOIN per_parcel pp ON pp.parcel_id = t.id;

-- rawFacts, constraints of a gmina
-- $1 = "3021093"
-- $2 = 50
-- $3 = ["natura2000_habitat","natura2000_birds","national_park","national_park_buffer","nature_reserve","ecological_site","natural_monument","landscape_park","protected_landscape_area","nature_landscape_complex","biosphere_reserve","forest_promotional_complex","flood_risk_10pct","flood_risk_1pct","flood_risk_02pct","flood_embankment_failure","wetland","ramsar_wetland","registered_monument","world_heritage_site","monument_of_history","historic_urban_layout","historic_park","cultural_park","archaeological_site","mining_area","mining_terrain","mineral_deposit","approach_surface","take_off_climb_surface","transitional_surface","inner_horizontal_surface","conical_surface","outer_horizontal_surface","registered_obstacle","intake_direct_protection","intake_indirect_protection","reservoir_protection_area","major_groundwater_reservoir","residential_setback","national_park_setback","nature_reserve_setback","power_line_setback"]
WITH t AS (
  SELECT p.id, p.teryt, p.geom, p.land_use_classes, p.area_sqm, greatest(ST_Area(p.geom), 1) AS area
  FROM layer_pub.parcels p
  WHERE p.teryt = $1
),
extent AS MATERIALIZED (SELECT ST_Extent(t.geom)::geometry AS box FROM t),
hits AS (
  SELECT x.parcel_id, 'env_layers' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(x.covered) / min(x.area) AS overlap, min(x.distance) AS distance
FROM layer_pub.env_layers_subdivided s
CROSS JOIN LATERAL (
  SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
         CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1)
              WHEN ST_Intersects(s.geom, p.geom) THEN ST_Area(ST_Intersection(s.geom, p.geom)) ELSE 0 END AS covered,
         ST_Distance(s.geom, p.geom) AS distance
  FROM layer_pub.parcels p
  WHERE p.teryt = $1 AND ST_DWithin(s.geom, p.geom, $2)
  OFFSET 0
) x
JOIN layer_pub.env_layers f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[]) AND s.geom && (SELECT ST_Expand(e.box, $2) FROM extent e)
GROUP BY x.parcel_id, f.id, f.kind, f.name
  UNION ALL
  SELECT x.parcel_id, 'heritage_sites' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(x.covered) / min(x.area) AS overlap, min(x.distance) AS distance
FROM layer_pub.heritage_sites_subdivided s
CROSS JOIN LATERAL (
  SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
         CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1)
              WHEN ST_Intersects(s.geom, p.geom) THEN ST_Area(ST_Intersection(s.geom, p.geom)) ELSE 0 END AS covered,
         ST_Distance(s.geom, p.geom) AS distance
  FROM layer_pub.parcels p
  WHERE p.teryt = $1 AND ST_DWithin(s.geom, p.geom, $2)
  OFFSET 0
) x
JOIN layer_pub.heritage_sites f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[]) AND s.geom && (SELECT ST_Expand(e.box, $2) FROM extent e)
GROUP BY x.parcel_id, f.id, f.kind, f.name
  UNION ALL
  SELECT x.parcel_id, 'mining_areas' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(x.covered) / min(x.area) AS overlap, min(x.distance) AS distance
FROM layer_pub.mining_areas_subdivided s
CROSS JOIN LATERAL (
  SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
         CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1)
              WHEN ST_Intersects(s.geom, p.geom) THEN ST_Area(ST_Intersection(s.geom, p.geom)) ELSE 0 END AS covered,
         ST_Distance(s.geom, p.geom) AS distance
  FROM layer_pub.parcels p
  WHERE p.teryt = $1 AND ST_DWithin(s.geom, p.geom, $2)
  OFFSET 0
) x
JOIN layer_pub.mining_areas f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[]) AND s.geom && (SELECT ST_Expand(e.box, $2) FROM extent e)
GROUP BY x.parcel_id, f.id, f.kind, f.name
  UNION ALL
  SELECT x.parcel_id, 'aviation_obstacles' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(x.covered) / min(x.area) AS overlap, min(x.distance) AS distance
FROM layer_pub.aviation_obstacles_subdivided s
CROSS JOIN LATERAL (
  SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
         CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1)
              WHEN ST_Intersects(s.geom, p.geom) THEN ST_Area(ST_Intersection(s.geom, p.geom)) ELSE 0 END AS covered,
         ST_Distance(s.geom, p.geom) AS distance
  FROM layer_pub.parcels p
  WHERE p.teryt = $1 AND ST_DWithin(s.geom, p.geom, $2)
  OFFSET 0
) x
JOIN layer_pub.aviation_obstacles f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[]) AND s.geom && (SELECT ST_Expand(e.box, $2) FROM extent e)
GROUP BY x.parcel_id, f.id, f.kind, f.name
  UNION ALL
  SELECT x.parcel_id, 'groundwater' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(x.covered) / min(x.area) AS overlap, min(x.distance) AS distance
FROM layer_pub.groundwater_subdivided s
CROSS JOIN LATERAL (
  SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
         CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1)
              WHEN ST_Intersects(s.geom, p.geom) THEN ST_Area(ST_Intersection(s.geom, p.geom)) ELSE 0 END AS covered,
         ST_Distance(s.geom, p.geom) AS distance
  FROM layer_pub.parcels p
  WHERE p.teryt = $1 AND ST_DWithin(s.geom, p.geom, $2)
  OFFSET 0
) x
JOIN layer_pub.groundwater f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[]) AND s.geom && (SELECT ST_Expand(e.box, $2) FROM extent e)
GROUP BY x.parcel_id, f.id, f.kind, f.name
  UNION ALL
  SELECT x.parcel_id, 'wind_exclusion' AS layer, f.id AS feature_id, f.kind, f.name,
       sum(x.covered) / min(x.area) AS overlap, min(x.distance) AS distance
FROM layer_pub.wind_exclusion_subdivided s
CROSS JOIN LATERAL (
  SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
         CASE WHEN ST_Covers(s.geom, p.geom) THEN greatest(ST_Area(p.geom), 1)
              WHEN ST_Intersects(s.geom, p.geom) THEN ST_Area(ST_Intersection(s.geom, p.geom)) ELSE 0 END AS covered,
         ST_Distance(s.geom, p.geom) AS distance
  FROM layer_pub.parcels p
  WHERE p.teryt = $1 AND ST_DWithin(s.geom, p.geom, $2)
  OFFSET 0
) x
JOIN layer_pub.wind_exclusion f ON f.fid = s.fid
WHERE s.kind = ANY($3::text[]) AND s.geom && (SELECT ST_Expand(e.box, $2) FROM extent e)
GROUP BY x.parcel_id, f.id, f.kind, f.name
),
per_parcel AS (
  SELECT h.parcel_id, jsonb_agg(jsonb_build_object(
           'layer', h.layer, 'kind', h.kind, 'id', h.feature_id, 'name', h.name,
           'overlap_pct', round(least(100 * h.overlap, 100)::numeric, 1),
           'distance_m', round(h.distance::numeric, 1))) AS raw
  FROM hits h GROUP BY h.parcel_id
)
-- Grouped once and joined: a lookup into the hits per parcel would scan them all each time.
SELECT t.id AS parcel_id, t.teryt, COALESCE(pp.raw, '[]'::jsonb) AS raw
FROM t LEFT JOIN per_parcel pp ON pp.parcel_id = t.id;

-- rawFacts, terrain
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
WITH t AS (
  SELECT p.id, p.teryt, p.geom, p.land_use_classes, p.area_sqm, greatest(ST_Area(p.geom), 1) AS area
  FROM layer_pub.parcels p
  WHERE p.id = ANY($1::text[])
)
SELECT t.id AS parcel_id, t.teryt,
       (SELECT json_build_object(
                 'elevation_min_m', s.elevation_min_m, 'elevation_max_m', s.elevation_max_m,
                 'elevation_mean_m', s.elevation_mean_m, 'slope_mean_pct', s.slope_mean_pct,
                 'slope_p90_pct', s.slope_p90_pct, 'aspect', s.aspect, 'dem_resolution_m', s.dem_resolution_m)
        FROM layer_pub.terrain_stats s WHERE s.id = t.id) AS raw
FROM t;

-- rawFacts, proximity
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
WITH t AS (
  SELECT p.id, p.teryt, p.geom, p.land_use_classes, p.area_sqm, greatest(ST_Area(p.geom), 1) AS area
  FROM layer_pub.parcels p
  WHERE p.id = ANY($1::text[])
),
parcel_cells AS MATERIALIZED (
  SELECT t.id, t.teryt, t.geom,
         floor((ST_XMin(t.geom) + ST_XMax(t.geom)) / 500)::int AS cx,
         floor((ST_YMin(t.geom) + ST_YMax(t.geom)) / 500)::int AS cy
  FROM t
),
cells AS MATERIALIZED (
  SELECT g.cx, g.cy, g.box, ST_Centroid(g.box) AS centre
  FROM (SELECT p.cx, p.cy, ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM parcel_cells p GROUP BY p.cx, p.cy) g
),
power_substation_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.power_substations f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
power_substation_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN power_substation_seed s ON s.cx = p.cx AND s.cy = p.cy
),
power_substation_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('voltage_kv', f.voltage_kv, 'voltages', f.voltages, 'operator', f.operator)) AS attributes
  FROM power_substation_seed s JOIN layer_pub.power_substations f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE true
),
hv_substation_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.power_substations f
    WHERE f.voltage_kv >= 110 ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
hv_substation_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN hv_substation_seed s ON s.cx = p.cx AND s.cy = p.cy
),
hv_substation_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('voltage_kv', f.voltage_kv, 'voltages', f.voltages, 'operator', f.operator)) AS attributes
  FROM hv_substation_seed s JOIN layer_pub.power_substations f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE f.voltage_kv >= 110
),
grid_capacity_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.grid_capacity f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
grid_capacity_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN grid_capacity_seed s ON s.cx = p.cx AND s.cy = p.cy
),
grid_capacity_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('substation_name', f.substation_name, 'available_mw', f.available_mw, 'voltage_kv', f.voltage_kv, 'operator', f.operator, 'published_on', f.published_on)) AS attributes
  FROM grid_capacity_seed s JOIN layer_pub.grid_capacity f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE true
),
hv_line_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.power_lines f
    WHERE f.kind IN ('ehv_line', 'hv_line') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
hv_line_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN hv_line_seed s ON s.cx = p.cx AND s.cy = p.cy
),
hv_line_near AS MATERIALIZED (
  SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > 64 AS long, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('voltage_kv', f.voltage_kv, 'operator', f.operator)) AS attributes
  FROM hv_line_seed s JOIN layer_pub.power_lines f ON f.geom && ST_Expand(s.box, s.reach)
  WHERE f.kind IN ('ehv_line', 'hv_line')
),
hv_line_pieces AS MATERIALIZED (
  SELECT l.id, ST_Subdivide(l.geom, 16) AS geom
  FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM hv_line_near n WHERE n.long) l
),
hv_line_candidates AS MATERIALIZED (
  SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM hv_line_near n
  WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
  UNION ALL
  SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM hv_line_near n JOIN hv_line_pieces pc ON pc.id = n.id
  WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
),
mv_line_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.power_lines f
    WHERE f.kind IN ('mv_line', 'mv_cable') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
mv_line_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN mv_line_seed s ON s.cx = p.cx AND s.cy = p.cy
),
mv_line_near AS MATERIALIZED (
  SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > 64 AS long, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('voltage_kv', f.voltage_kv, 'operator', f.operator)) AS attributes
  FROM mv_line_seed s JOIN layer_pub.power_lines f ON f.geom && ST_Expand(s.box, s.reach)
  WHERE f.kind IN ('mv_line', 'mv_cable')
),
mv_line_pieces AS MATERIALIZED (
  SELECT l.id, ST_Subdivide(l.geom, 16) AS geom
  FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM mv_line_near n WHERE n.long) l
),
mv_line_candidates AS MATERIALIZED (
  SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM mv_line_near n
  WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
  UNION ALL
  SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM mv_line_near n JOIN mv_line_pieces pc ON pc.id = n.id
  WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
),
transit_stop_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.transport_stops f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
transit_stop_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN transit_stop_seed s ON s.cx = p.cx AND s.cy = p.cy
),
transit_stop_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('departures_per_day', f.departures_per_day, 'routes', f.routes)) AS attributes
  FROM transit_stop_seed s JOIN layer_pub.transport_stops f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE true
),
rail_station_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.transport_stops f
    WHERE f.kind IN ('rail') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
rail_station_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN rail_station_seed s ON s.cx = p.cx AND s.cy = p.cy
),
rail_station_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('departures_per_day', f.departures_per_day, 'plk_ref', f.plk_ref)) AS attributes
  FROM rail_station_seed s JOIN layer_pub.transport_stops f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE f.kind IN ('rail')
),
school_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.services_poi f
    WHERE f.kind IN ('school') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
school_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN school_seed s ON s.cx = p.cx AND s.cy = p.cy
),
school_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('public', f.public)) AS attributes
  FROM school_seed s JOIN layer_pub.services_poi f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE f.kind IN ('school')
),
kindergarten_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.services_poi f
    WHERE f.kind IN ('kindergarten') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
kindergarten_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN kindergarten_seed s ON s.cx = p.cx AND s.cy = p.cy
),
kindergarten_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('public', f.public)) AS attributes
  FROM kindergarten_seed s JOIN layer_pub.services_poi f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE f.kind IN ('kindergarten')
),
healthcare_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.services_poi f
    WHERE f.kind IN ('clinic', 'hospital') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
healthcare_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN healthcare_seed s ON s.cx = p.cx AND s.cy = p.cy
),
healthcare_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('public', f.public)) AS attributes
  FROM healthcare_seed s JOIN layer_pub.services_poi f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE f.kind IN ('clinic', 'hospital')
),
shop_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.services_poi f
    WHERE f.kind IN ('shop', 'supermarket') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
shop_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN shop_seed s ON s.cx = p.cx AND s.cy = p.cy
),
shop_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object()) AS attributes
  FROM shop_seed s JOIN layer_pub.services_poi f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE f.kind IN ('shop', 'supermarket')
),
water_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.waterways f
    WHERE f.kind IN ('river', 'stream', 'canal', 'lake', 'reservoir') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
water_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN water_seed s ON s.cx = p.cx AND s.cy = p.cy
),
water_near AS MATERIALIZED (
  SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > 64 AS long, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('navigable', f.navigable)) AS attributes
  FROM water_seed s JOIN layer_pub.waterways f ON f.geom && ST_Expand(s.box, s.reach)
  WHERE f.kind IN ('river', 'stream', 'canal', 'lake', 'reservoir')
),
water_pieces AS MATERIALIZED (
  SELECT l.id, ST_Subdivide(l.geom, 16) AS geom
  FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM water_near n WHERE n.long) l
),
water_candidates AS MATERIALIZED (
  SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM water_near n
  WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
  UNION ALL
  SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM water_near n JOIN water_pieces pc ON pc.id = n.id
  WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
),
hydrant_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.hydrants f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
hydrant_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN hydrant_seed s ON s.cx = p.cx AND s.cy = p.cy
),
hydrant_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('flow_lps', f.flow_lps, 'volume_m3', f.volume_m3)) AS attributes
  FROM hydrant_seed s JOIN layer_pub.hydrants f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE true
),
public_road_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.roads f
    WHERE f.kind IN ('motorway', 'expressway', 'trunk', 'main', 'collective', 'local', 'access') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
public_road_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN public_road_seed s ON s.cx = p.cx AND s.cy = p.cy
),
public_road_near AS MATERIALIZED (
  SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > 64 AS long, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('road_number', f.road_number, 'road_category', f.road_category)) AS attributes
  FROM public_road_seed s JOIN layer_pub.roads f ON f.geom && ST_Expand(s.box, s.reach)
  WHERE f.kind IN ('motorway', 'expressway', 'trunk', 'main', 'collective', 'local', 'access')
),
public_road_pieces AS MATERIALIZED (
  SELECT l.id, ST_Subdivide(l.geom, 16) AS geom
  FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM public_road_near n WHERE n.long) l
),
public_road_candidates AS MATERIALIZED (
  SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM public_road_near n
  WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
  UNION ALL
  SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM public_road_near n JOIN public_road_pieces pc ON pc.id = n.id
  WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
),
major_road_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.roads f
    WHERE f.kind IN ('motorway', 'expressway', 'trunk') ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
major_road_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN major_road_seed s ON s.cx = p.cx AND s.cy = p.cy
),
major_road_near AS MATERIALIZED (
  SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > 64 AS long, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('road_number', f.road_number, 'road_category', f.road_category)) AS attributes
  FROM major_road_seed s JOIN layer_pub.roads f ON f.geom && ST_Expand(s.box, s.reach)
  WHERE f.kind IN ('motorway', 'expressway', 'trunk')
),
major_road_pieces AS MATERIALIZED (
  SELECT l.id, ST_Subdivide(l.geom, 16) AS geom
  FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM major_road_near n WHERE n.long) l
),
major_road_candidates AS MATERIALIZED (
  SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM major_road_near n
  WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
  UNION ALL
  SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM major_road_near n JOIN major_road_pieces pc ON pc.id = n.id
  WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
),
planned_road_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.planned_roads f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
planned_road_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN planned_road_seed s ON s.cx = p.cx AND s.cy = p.cy
),
planned_road_near AS MATERIALIZED (
  SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > 64 AS long, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('road_number', f.road_number, 'status', f.status, 'expected_completion_year', f.expected_completion_year)) AS attributes
  FROM planned_road_seed s JOIN layer_pub.planned_roads f ON f.geom && ST_Expand(s.box, s.reach)
  WHERE true
),
planned_road_pieces AS MATERIALIZED (
  SELECT l.id, ST_Subdivide(l.geom, 16) AS geom
  FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM planned_road_near n WHERE n.long) l
),
planned_road_candidates AS MATERIALIZED (
  SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM planned_road_near n
  WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
  UNION ALL
  SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM planned_road_near n JOIN planned_road_pieces pc ON pc.id = n.id
  WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
),
planned_railway_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.planned_railways f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
planned_railway_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN planned_railway_seed s ON s.cx = p.cx AND s.cy = p.cy
),
planned_railway_near AS MATERIALIZED (
  SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > 64 AS long, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('line_number', f.line_number, 'status', f.status, 'expected_completion_year', f.expected_completion_year)) AS attributes
  FROM planned_railway_seed s JOIN layer_pub.planned_railways f ON f.geom && ST_Expand(s.box, s.reach)
  WHERE true
),
planned_railway_pieces AS MATERIALIZED (
  SELECT l.id, ST_Subdivide(l.geom, 16) AS geom
  FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM planned_railway_near n WHERE n.long) l
),
planned_railway_candidates AS MATERIALIZED (
  SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM planned_railway_near n
  WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
  UNION ALL
  SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM planned_railway_near n JOIN planned_railway_pieces pc ON pc.id = n.id
  WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
),
ev_charger_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.ev_chargers f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
ev_charger_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN ev_charger_seed s ON s.cx = p.cx AND s.cy = p.cy
),
ev_charger_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('max_power_kw', f.max_power_kw, 'charging_points', f.charging_points, 'operator', f.operator)) AS attributes
  FROM ev_charger_seed s JOIN layer_pub.ev_chargers f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE true
),
data_center_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.data_centers f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
data_center_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN data_center_seed s ON s.cx = p.cx AND s.cy = p.cy
),
data_center_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('operator', f.operator, 'it_power_mw', f.it_power_mw)) AS attributes
  FROM data_center_seed s JOIN layer_pub.data_centers f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE true
),
industrial_area_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.industrial_areas f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
industrial_area_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN industrial_area_seed s ON s.cx = p.cx AND s.cy = p.cy
),
industrial_area_near AS MATERIALIZED (
  SELECT s.cx, s.cy, s.box, s.reach, f.geom, ST_NPoints(f.geom) > 64 AS long, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('available_area_sqm', f.available_area_sqm, 'rail_siding', f.rail_siding)) AS attributes
  FROM industrial_area_seed s JOIN layer_pub.industrial_areas f ON f.geom && ST_Expand(s.box, s.reach)
  WHERE true
),
industrial_area_pieces AS MATERIALIZED (
  SELECT l.id, ST_Subdivide(l.geom, 16) AS geom
  FROM (SELECT DISTINCT ON (n.id) n.id, n.geom FROM industrial_area_near n WHERE n.long) l
),
industrial_area_candidates AS MATERIALIZED (
  SELECT n.cx, n.cy, n.geom, n.id, n.name, n.feature_kind, n.attributes FROM industrial_area_near n
  WHERE NOT n.long AND ST_DWithin(n.geom, n.box, n.reach)
  UNION ALL
  SELECT n.cx, n.cy, pc.geom, n.id, n.name, n.feature_kind, n.attributes FROM industrial_area_near n JOIN industrial_area_pieces pc ON pc.id = n.id
  WHERE n.long AND ST_DWithin(pc.geom, n.box, n.reach)
),
renewable_installation_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y), 50000) + 1 AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(f.geom, c.centre) AS y FROM layer_pub.oze_installations f
    WHERE true ORDER BY f.geom <-> c.centre LIMIT 1
  ) n
),
renewable_installation_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom), 50000) + 1) AS reach
  FROM parcel_cells p JOIN renewable_installation_seed s ON s.cx = p.cx AND s.cy = p.cy
),
renewable_installation_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.kind AS feature_kind, json_strip_nulls(json_build_object('capacity_mw', f.capacity_mw, 'turbine_count', f.turbine_count)) AS attributes
  FROM renewable_installation_seed s JOIN layer_pub.oze_installations f ON ST_DWithin(f.geom, s.box, s.reach)
  WHERE true
),
gap_cells AS MATERIALIZED (
  SELECT c.cx, c.cy, (
    SELECT ST_SetSRID(ST_Extent(q.geom)::geometry, 2180) FROM layer_pub.parcels q
    WHERE q.geom && ST_MakeEnvelope(c.cx * 250, c.cy * 250, (c.cx + 1) * 250, (c.cy + 1) * 250, 2180)
      AND floor((ST_XMin(q.geom) + ST_XMax(q.geom)) / 500)::int = c.cx AND floor((ST_YMin(q.geom) + ST_YMax(q.geom)) / 500)::int = c.cy) AS box
  FROM cells c
),
lacking AS MATERIALIZED (
  SELECT l.layer, array_agg(g.fid ORDER BY g.fid) AS fids
  FROM (VALUES ('power_substations'), ('grid_capacity'), ('power_lines'), ('transport_stops'), ('services_poi'), ('waterways'), ('hydrants'), ('roads'), ('planned_roads'), ('planned_railways'), ('ev_chargers'), ('data_centers'), ('industrial_areas'), ('oze_installations')) l(layer)
  JOIN layer_pub.admin_bounds g ON g.kind = 'gmina'
    AND ST_DWithin(g.geom, (SELECT ST_SetSRID(ST_Extent(gc.box)::geometry, 2180) FROM gap_cells gc), 50000)
  WHERE NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage rc
                    WHERE rc.level = 'gmina' AND rc.layer_id = l.layer AND rc.teryt = g.id AND rc.status = 'available')
  GROUP BY l.layer
),
lacking_sets AS MATERIALIZED (
  SELECT array_agg(x.layer) AS layers, x.fids FROM lacking x GROUP BY x.fids
),
data_gaps AS (
  SELECT gc.cx, gc.cy, json_object_agg(l.layer, round(d.m::numeric, 1)) AS gaps
  FROM gap_cells gc CROSS JOIN lacking_sets ls
  CROSS JOIN LATERAL (
    SELECT ST_Distance(s.geom, gc.box) AS m FROM layer_pub.admin_bounds_subdivided s
    WHERE s.kind = 'gmina' AND s.fid = ANY(ls.fids) AND s.geom && ST_Expand(gc.box, 50000)
    ORDER BY s.geom <-> gc.box LIMIT 1
  ) d
  CROSS JOIN LATERAL unnest(ls.layers) l(layer)
  WHERE d.m <= 50000
  GROUP BY gc.cx, gc.cy
),
items AS (
  SELECT n.parcel_id, 'power_substation' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM power_substation_bound b JOIN power_substation_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'hv_substation' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM hv_substation_bound b JOIN hv_substation_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'grid_capacity' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM grid_capacity_bound b JOIN grid_capacity_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'hv_line' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM hv_line_bound b JOIN hv_line_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'mv_line' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM mv_line_bound b JOIN mv_line_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'transit_stop' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM transit_stop_bound b JOIN transit_stop_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'rail_station' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM rail_station_bound b JOIN rail_station_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'school' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM school_bound b JOIN school_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'kindergarten' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM kindergarten_bound b JOIN kindergarten_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'healthcare' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM healthcare_bound b JOIN healthcare_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'shop' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM shop_bound b JOIN shop_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'water' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM water_bound b JOIN water_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'hydrant' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM hydrant_bound b JOIN hydrant_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'public_road' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM public_road_bound b JOIN public_road_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'major_road' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM major_road_bound b JOIN major_road_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'planned_road' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM planned_road_bound b JOIN planned_road_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'planned_railway' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM planned_railway_bound b JOIN planned_railway_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'ev_charger' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM ev_charger_bound b JOIN ev_charger_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'data_center' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM data_center_bound b JOIN data_center_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'industrial_area' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM industrial_area_bound b JOIN industrial_area_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT n.parcel_id, 'renewable_installation' AS kind,
         json_build_object('id', n.id, 'name', n.name, 'feature_kind', n.feature_kind,
                           'distance_m', round(n.distance::numeric, 1), 'attributes', n.attributes) AS item
  FROM (
    SELECT DISTINCT ON (b.id) b.id AS parcel_id, c.id, c.name, c.feature_kind, c.attributes, ST_Distance(c.geom, b.geom) AS distance
    FROM renewable_installation_bound b JOIN renewable_installation_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    ORDER BY b.id, ST_Distance(c.geom, b.geom), c.id COLLATE "C"
  ) n
  WHERE round(n.distance::numeric, 1) <= 50000
  UNION ALL
  SELECT p.id, 'data_gaps', g.gaps FROM parcel_cells p JOIN data_gaps g ON g.cx = p.cx AND g.cy = p.cy
)
SELECT p.id AS parcel_id, p.teryt, COALESCE(i.found, '{}'::json) AS raw
FROM parcel_cells p
LEFT JOIN (SELECT items.parcel_id, json_object_agg(items.kind, items.item) AS found FROM items GROUP BY items.parcel_id) i ON i.parcel_id = p.id;

-- rawFactPages, terrain of a gmina (one short page) (1 of 4)
SET LOCAL cursor_tuple_fraction = 1;

-- rawFactPages, terrain of a gmina (one short page) (2 of 4)
-- $1 = "3021093"
DECLARE raw_facts NO SCROLL CURSOR FOR WITH t AS (
  SELECT p.id, p.teryt, p.geom, p.land_use_classes, p.area_sqm, greatest(ST_Area(p.geom), 1) AS area
  FROM layer_pub.parcels p
  WHERE p.teryt = $1
)
SELECT t.id AS parcel_id, t.teryt,
       (SELECT json_build_object(
                 'elevation_min_m', s.elevation_min_m, 'elevation_max_m', s.elevation_max_m,
                 'elevation_mean_m', s.elevation_mean_m, 'slope_mean_pct', s.slope_mean_pct,
                 'slope_p90_pct', s.slope_p90_pct, 'aspect', s.aspect, 'dem_resolution_m', s.dem_resolution_m)
        FROM layer_pub.terrain_stats s WHERE s.id = t.id) AS raw
FROM t;

-- rawFactPages, terrain of a gmina (one short page) (3 of 4)
FETCH FORWARD 500 FROM raw_facts;

-- rawFactPages, terrain of a gmina (one short page) (4 of 4)
CLOSE raw_facts;

-- coverage
-- $1 = ["3021093"]
-- $2 = ["mpzp_plans","dem"]
SELECT teryt, layer_id, status FROM layer_pub.region_coverage
WHERE level = 'gmina' AND teryt = ANY($1::text[]) AND layer_id = ANY($2::text[]);

-- layerSources
SELECT layer_id AS layer, version, run_id AS source_run_id,
       to_char(refreshed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS refreshed_at
FROM layer_pub.layer_versions WHERE version > 0 ORDER BY layer_id;

-- storedBlocks
-- $1 = ["302109_2.0001.12/3","302109_2.0001.13"]
SELECT f.parcel_id,
       CASE WHEN NOT f."regulations" ? '#shared' THEN f."regulations"
              WHEN s_regulations.part IS NOT NULL THEN (f."regulations" - '#shared') || s_regulations.part END AS "regulations",
       CASE WHEN NOT f."terrain" ? '#shared' THEN f."terrain"
              WHEN s_terrain.part IS NOT NULL THEN (f."terrain" - '#shared') || s_terrain.part END AS "terrain"
FROM parcel.facts f
LEFT JOIN parcel.fact_shared s_regulations ON s_regulations.id = (f."regulations"->>'#shared')::bigint
LEFT JOIN parcel.fact_shared s_terrain ON s_terrain.id = (f."terrain"->>'#shared')::bigint
WHERE f.parcel_id = ANY($1::text[]);

-- saveBlock (two parcels, one chunk) (1 of 6)
-- $1 = "3021093"
DELETE FROM parcel.facts f WHERE f.teryt = $1
AND NOT EXISTS (SELECT 1 FROM layer_pub.parcels p WHERE p.id = f.parcel_id AND p.teryt = $1);

-- saveBlock (two parcels, one chunk) (2 of 6)
-- $1 = "3021093"
-- $2 = "terrain"
DELETE FROM parcel.fact_shared WHERE teryt = $1 AND block = $2;

-- saveBlock (two parcels, one chunk) (3 of 6)
-- $1 = 1
SELECT nextval(pg_get_serial_sequence('parcel.fact_shared', 'id'))::text AS id FROM generate_series(1, $1);

-- saveBlock (two parcels, one chunk) (4 of 6)
-- $1 = "3021093"
-- $2 = "terrain"
-- $3 = "[{\"id\":41,\"part\":{\"coverage\":[{\"layer\":\"dem\",\"status\":\"available\"}],\"sources\":[]}}]"
INSERT INTO parcel.fact_shared (id, teryt, block, part)
SELECT x.id, $1, $2, x.part FROM jsonb_to_recordset($3::jsonb) AS x(id bigint, part jsonb);

-- saveBlock (two parcels, one chunk) (5 of 6)
-- $1 = "3021093"
-- $2 = "[{\"parcel_id\":\"302109_2.0001.12/3\",\"body\":{\"slope_pct\":2.5,\"#shared\":41}},{\"parcel_id\":\"302109_2.0001.13\",\"body\":{\"slope_pct\":4,\"#shared\":41}}]"
INSERT INTO parcel.facts (parcel_id, teryt, "terrain")
SELECT x.parcel_id, $1, x.body FROM jsonb_to_recordset($2::jsonb) AS x(parcel_id text, body jsonb)
ON CONFLICT (parcel_id) DO UPDATE SET teryt = EXCLUDED.teryt, "terrain" = EXCLUDED."terrain";

-- saveBlock (two parcels, one chunk) (6 of 6)
-- $1 = "3021093"
-- $2 = "terrain"
-- $3 = "{\"dem\":3}"
-- $4 = 2
-- $5 = 120
INSERT INTO parcel.fact_builds (teryt, block, versions, parcels, duration_ms, built_at)
VALUES ($1, $2, $3::jsonb, $4, $5, now())
ON CONFLICT (teryt, block) DO UPDATE SET versions = EXCLUDED.versions, parcels = EXCLUDED.parcels,
  duration_ms = EXCLUDED.duration_ms, built_at = EXCLUDED.built_at;

-- builds
SELECT teryt, block, versions FROM parcel.fact_builds ORDER BY teryt, block;

-- markCurrent
-- $1 = ["3021093"]
-- $2 = "terrain"
-- $3 = "dem"
-- $4 = 4
UPDATE parcel.fact_builds SET versions = versions || jsonb_build_object($3::text, $4::int)
WHERE teryt = ANY($1::text[]) AND block = $2 AND COALESCE((versions->>$3)::int, 0) < $4;

-- dropGminas (1 of 3)
-- $1 = ["3021093"]
DELETE FROM parcel.facts WHERE teryt = ANY($1::text[]);

-- dropGminas (2 of 3)
-- $1 = ["3021093"]
DELETE FROM parcel.fact_shared WHERE teryt = ANY($1::text[]);

-- dropGminas (3 of 3)
-- $1 = ["3021093"]
DELETE FROM parcel.fact_builds WHERE teryt = ANY($1::text[]);
