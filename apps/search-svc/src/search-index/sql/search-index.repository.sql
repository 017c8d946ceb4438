-- The SQL search-index.repository.ts sends, printed by its .sql.spec.ts on a recording stand-in for the database.
-- Regenerate with LP_UPDATE_SQL_SNAPSHOTS=1 when a change is meant, and review the diff.

-- buildGmina (1 of 15)
-- $1 = ["3021093"]
INSERT INTO search.parcel_keys (parcel_id)
SELECT p.id FROM layer_pub.parcels p
WHERE p.teryt = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM search.parcel_keys k WHERE k.parcel_id = p.id)
ORDER BY p.id COLLATE "C"
ON CONFLICT (parcel_id) DO NOTHING;

-- buildGmina (2 of 15)
-- $1 = ["admin_bounds","buildings","env_layers","ev_chargers","grid_capacity","groundwater","heritage_sites","kowr_land","land_cover","mpzp_plans","mpzp_zones","parcels","plan_ogolny_zones","planned_roads","power_lines","power_substations","services_poi","solar_irradiance","terrain_stats","transactions","transport_stops","waterways"]
SELECT layer_id, version FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[]);

-- buildGmina (3 of 15)
-- $1 = "3021093"
SELECT EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'buildings' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS buildings, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'mpzp_plans' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS mpzp_plans, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'plan_ogolny_zones' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS plan_ogolny_zones, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'land_cover' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS land_cover;

-- buildGmina (4 of 15)
-- $1 = "3021093"
WITH gone AS (DELETE FROM search.parcel_index WHERE parcel_id = ANY(ARRAY(SELECT x.parcel_id FROM search.parcel_index x WHERE x.teryt = $1
                 UNION SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1)) RETURNING teryt)
UPDATE search.index_builds SET built_at = now() WHERE teryt IN (SELECT teryt FROM gone WHERE teryt <> $1);

-- buildGmina (5 of 15)
-- $1 = "3021093"
DELETE FROM search.parcel_geometry WHERE parcel_id = ANY(ARRAY(SELECT x.parcel_id FROM search.parcel_geometry x WHERE x.teryt = $1
UNION SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1));

-- buildGmina (6 of 15)
-- $1 = "3021093"
WITH e AS (SELECT ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM layer_pub.parcels p WHERE p.teryt = $1)
SELECT array_remove(ARRAY[CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_substations f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'substation' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_substations f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.voltage_kv >= 110)
             THEN 'substation_110' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.grid_capacity f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'grid_node' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.transport_stops f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'transit' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.services_poi f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('school'))
             THEN 'school' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.waterways f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('river', 'canal', 'lake', 'reservoir'))
             THEN 'water' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_lines f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('mv_line', 'mv_cable'))
             THEN 'mv_line' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.planned_roads f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'planned_road' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.ev_chargers f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'ev_charger' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.grid_capacity f
                    WHERE ST_DWithin(f.geom, e.box, 30000))
             THEN 'grid_front' END]::text[], NULL) AS columns FROM e;

-- buildGmina (7 of 15)
-- $1 = "3021093"
-- $2 = true
-- $3 = true
-- $4 = false
-- $5 = true
-- $6 = ["substation","transit"]
INSERT INTO search.parcel_index (
  parcel_id, parcel_key, teryt, gmina_name, area_sqm, zoning_source, zoning_category, zoning_symbol_raw,
  local_plan, zoning_missing_plan, general_plan_allows_building, land_use_kinds, land_use_source, slope_pct,
  building_count, max_floors, min_floors,
  substation_m, substation_name, substation_110_m, substation_110_name, grid_node_m, grid_node_name, transit_m, transit_name, school_m, school_name, water_m, water_name, mv_line_m, mv_line_name, planned_road_m, planned_road_name, ev_charger_m, ev_charger_name,
  grid_node_mw, solar_yield, land_cover_kinds, kowr_overlap, blocking_overlaps,
  env_natura2000_habitat_m, env_natura2000_birds_m, env_national_park_m, env_national_park_buffer_m, env_landscape_park_m, env_protected_landscape_area_m, env_nature_reserve_m, env_nature_landscape_complex_m, env_ecological_site_m, env_natural_monument_m, env_ramsar_wetland_m, env_biosphere_reserve_m, env_forest_promotional_complex_m, env_flood_risk_10pct_m, env_flood_risk_1pct_m, env_flood_risk_02pct_m, env_flood_embankment_failure_m, env_wetland_m,
  grid_front_m, grid_front_value,
  price_per_sqm_pln)
WITH t AS (
  -- the key given before the build's transaction (a scalar subquery: one probe of its primary key per parcel)
  SELECT p.id, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS parcel_key, p.teryt, p.geom, COALESCE(p.area_sqm, ST_Area(p.geom)) AS area_sqm, greatest(ST_Area(p.geom), 1) AS area,
         p.land_use_classes, COALESCE(btrim(p.land_use_classes), '') <> '' AS has_classes
  FROM layer_pub.parcels p WHERE p.teryt = $1
), extent AS MATERIALIZED (
  SELECT ST_SetSRID(ST_Extent(t.geom)::geometry, 2180) AS box FROM t
),
mz AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.symbol, f.category
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.mpzp_zones_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e)
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.mpzp_zones f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
mp AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.plan_name
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.mpzp_plans_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e)
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.mpzp_plans f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
po AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.kind, f.status, f.allows_building
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.plan_ogolny_zones_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e) AND s.kind IN ('multifunctional_multi_family', 'multifunctional_single_family', 'multifunctional_farmstead', 'services', 'large_retail', 'economic', 'agricultural_production', 'renewable_energy', 'green_recreation', 'cemetery', 'mining', 'open_area', 'transport')
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.plan_ogolny_zones f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
land_cover AS (
  SELECT x.parcel_id, s.kind, sum(x.covered) AS covered, min(x.area) AS area
  FROM layer_pub.land_cover_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
           CASE WHEN NOT $5 OR COALESCE(btrim(p.land_use_classes), '') <> '' OR s.kind NOT IN ('arable', 'grassland', 'orchard', 'forest') THEN NULL
                WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom)
                ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e)
  GROUP BY x.parcel_id, s.kind
),
lc AS (SELECT l.parcel_id, array_agg(l.kind ORDER BY l.kind) AS kinds FROM land_cover l GROUP BY l.parcel_id),
lcu AS (
  SELECT l.parcel_id, array_agg(DISTINCT k ORDER BY k) AS kinds
  FROM land_cover l
  CROSS JOIN LATERAL unnest(CASE l.kind WHEN 'arable' THEN ARRAY['agricultural', 'arable']::text[] WHEN 'grassland' THEN ARRAY['agricultural', 'grassland']::text[] WHEN 'orchard' THEN ARRAY['agricultural', 'orchard']::text[] WHEN 'forest' THEN ARRAY['forest']::text[] END) AS k
  WHERE l.covered >= 0.01 * l.area
  GROUP BY l.parcel_id
),
parcel_cells AS MATERIALIZED (
  SELECT t.id, t.geom,
         floor((ST_XMin(t.geom) + ST_XMax(t.geom)) / 500)::int AS cx,
         floor((ST_YMin(t.geom) + ST_YMax(t.geom)) / 500)::int AS cy
  FROM t
),
cells AS MATERIALIZED (
  SELECT g.cx, g.cy, g.box, ST_Centroid(g.box) AS centre
  FROM (SELECT p.cx, p.cy, ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM parcel_cells p GROUP BY p.cx, p.cy) g
),
substation_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_substations g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'substation' = ANY($6::text[])
),
substation_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN substation_seed s ON s.cx = p.cx AND s.cy = p.cy
),
substation_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM substation_seed s
     JOIN layer_pub.power_substations f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
substation AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM substation_bound b JOIN substation_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
substation_110_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_substations g
    WHERE g.voltage_kv >= 110 ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'substation_110' = ANY($6::text[])
),
substation_110_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN substation_110_seed s ON s.cx = p.cx AND s.cy = p.cy
),
substation_110_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM substation_110_seed s
     JOIN layer_pub.power_substations f ON ST_DWithin(f.geom, s.box, s.reach) AND f.voltage_kv >= 110
),
substation_110 AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM substation_110_bound b JOIN substation_110_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
grid_node_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.grid_capacity g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'grid_node' = ANY($6::text[])
),
grid_node_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN grid_node_seed s ON s.cx = p.cx AND s.cy = p.cy
),
grid_node_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.available_mw AS mw
     FROM grid_node_seed s
     JOIN layer_pub.grid_capacity f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
grid_node AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name, n.mw
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name, c.mw
    FROM grid_node_bound b JOIN grid_node_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
transit_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.transport_stops g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'transit' = ANY($6::text[])
),
transit_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN transit_seed s ON s.cx = p.cx AND s.cy = p.cy
),
transit_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM transit_seed s
     JOIN layer_pub.transport_stops f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
transit AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM transit_bound b JOIN transit_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
school_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.services_poi g
    WHERE g.kind IN ('school') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'school' = ANY($6::text[])
),
school_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN school_seed s ON s.cx = p.cx AND s.cy = p.cy
),
school_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM school_seed s
     JOIN layer_pub.services_poi f ON ST_DWithin(f.geom, s.box, s.reach) AND f.kind IN ('school')
),
school AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM school_bound b JOIN school_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
water_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.waterways_subdivided g
    WHERE g.kind IN ('river', 'canal', 'lake', 'reservoir') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'water' = ANY($6::text[])
),
water_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN water_seed s ON s.cx = p.cx AND s.cy = p.cy
),
water_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM water_seed s
     JOIN layer_pub.waterways_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND g.kind IN ('river', 'canal', 'lake', 'reservoir')
     JOIN layer_pub.waterways f ON f.fid = g.fid
),
water AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM water_bound b JOIN water_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
mv_line_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_lines_subdivided g
    WHERE g.kind IN ('mv_line', 'mv_cable') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'mv_line' = ANY($6::text[])
),
mv_line_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN mv_line_seed s ON s.cx = p.cx AND s.cy = p.cy
),
mv_line_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM mv_line_seed s
     JOIN layer_pub.power_lines_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND g.kind IN ('mv_line', 'mv_cable')
     JOIN layer_pub.power_lines f ON f.fid = g.fid
),
mv_line AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM mv_line_bound b JOIN mv_line_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
planned_road_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.planned_roads_subdivided g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'planned_road' = ANY($6::text[])
),
planned_road_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN planned_road_seed s ON s.cx = p.cx AND s.cy = p.cy
),
planned_road_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM planned_road_seed s
     JOIN layer_pub.planned_roads_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND true
     JOIN layer_pub.planned_roads f ON f.fid = g.fid
),
planned_road AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM planned_road_bound b JOIN planned_road_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
ev_charger_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.ev_chargers g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'ev_charger' = ANY($6::text[])
),
ev_charger_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN ev_charger_seed s ON s.cx = p.cx AND s.cy = p.cy
),
ev_charger_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM ev_charger_seed s
     JOIN layer_pub.ev_chargers f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
ev_charger AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM ev_charger_bound b JOIN ev_charger_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
grid_front_candidates AS MATERIALIZED (
  SELECT c.cx, c.cy, f.geom, f.available_mw::float8 AS v, ST_Distance(f.geom, c.box) AS lo, ST_MaxDistance(f.geom, c.box) AS hi
  FROM cells c
  JOIN layer_pub.grid_capacity f ON ST_DWithin(f.geom, c.box, 30000) AND f.available_mw IS NOT NULL
  WHERE 'grid_front' = ANY($6::text[])
),
grid_front_kept AS MATERIALIZED (
  SELECT a.cx, a.cy, a.geom, a.v
  FROM grid_front_candidates a
  JOIN (SELECT g.cx, g.cy, array_agg(g.hi) AS his, array_agg(g.v) AS vs FROM grid_front_candidates g GROUP BY g.cx, g.cy) cell
    ON cell.cx = a.cx AND cell.cy = a.cy
  WHERE NOT EXISTS (SELECT 1 FROM unnest(cell.his, cell.vs) AS b(hi, v) WHERE b.hi + 1 < a.lo AND b.v >= a.v)
),
grid_front AS (
  SELECT s.parcel_id, array_agg(s.m ORDER BY s.m, s.v) AS m, array_agg(s.v ORDER BY s.m, s.v) AS v
  FROM (
    SELECT r.parcel_id, r.m, r.v,
           max(r.v) OVER (PARTITION BY r.parcel_id ORDER BY r.m, r.v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
    FROM (
      SELECT p.id AS parcel_id, ST_Distance(k.geom, p.geom) AS m, k.v
      FROM parcel_cells p JOIN grid_front_kept k ON k.cx = p.cx AND k.cy = p.cy
      OFFSET 0
    ) r
    WHERE r.m <= 30000
  ) s
  WHERE s.before IS NULL OR s.v > s.before
  GROUP BY s.parcel_id
),
env_candidates AS MATERIALIZED (
  SELECT c.cx, c.cy, s.kind, s.geom, ST_Distance(s.geom, c.box) AS lo,
         ST_Distance(s.geom, c.centre) + ST_MaxDistance(c.box, c.centre) AS hi
  FROM cells c
  JOIN layer_pub.env_layers_subdivided s ON ST_DWithin(s.geom, c.box, 1000) AND s.kind IN ('natura2000_habitat', 'natura2000_birds', 'national_park', 'national_park_buffer', 'landscape_park', 'protected_landscape_area', 'nature_reserve', 'nature_landscape_complex', 'ecological_site', 'natural_monument', 'ramsar_wetland', 'biosphere_reserve', 'forest_promotional_complex', 'flood_risk_10pct', 'flood_risk_1pct', 'flood_risk_02pct', 'flood_embankment_failure', 'wetland')
),
env_kept AS MATERIALIZED (
  SELECT a.cx, a.cy, a.kind, a.geom
  FROM env_candidates a
  JOIN (SELECT g.cx, g.cy, g.kind, min(g.hi) AS hi FROM env_candidates g GROUP BY g.cx, g.cy, g.kind) nearest
    ON nearest.cx = a.cx AND nearest.cy = a.cy AND nearest.kind = a.kind
  WHERE a.lo <= nearest.hi + 1
),
env AS (
  SELECT x.parcel_id,
         min(x.d) FILTER (WHERE x.kind = 'natura2000_habitat') AS env_natura2000_habitat_m,
         min(x.d) FILTER (WHERE x.kind = 'natura2000_birds') AS env_natura2000_birds_m,
         min(x.d) FILTER (WHERE x.kind = 'national_park') AS env_national_park_m,
         min(x.d) FILTER (WHERE x.kind = 'national_park_buffer') AS env_national_park_buffer_m,
         min(x.d) FILTER (WHERE x.kind = 'landscape_park') AS env_landscape_park_m,
         min(x.d) FILTER (WHERE x.kind = 'protected_landscape_area') AS env_protected_landscape_area_m,
         min(x.d) FILTER (WHERE x.kind = 'nature_reserve') AS env_nature_reserve_m,
         min(x.d) FILTER (WHERE x.kind = 'nature_landscape_complex') AS env_nature_landscape_complex_m,
         min(x.d) FILTER (WHERE x.kind = 'ecological_site') AS env_ecological_site_m,
         min(x.d) FILTER (WHERE x.kind = 'natural_monument') AS env_natural_monument_m,
         min(x.d) FILTER (WHERE x.kind = 'ramsar_wetland') AS env_ramsar_wetland_m,
         min(x.d) FILTER (WHERE x.kind = 'biosphere_reserve') AS env_biosphere_reserve_m,
         min(x.d) FILTER (WHERE x.kind = 'forest_promotional_complex') AS env_forest_promotional_complex_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_10pct') AS env_flood_risk_10pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_1pct') AS env_flood_risk_1pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_02pct') AS env_flood_risk_02pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_embankment_failure') AS env_flood_embankment_failure_m,
         min(x.d) FILTER (WHERE x.kind = 'wetland') AS env_wetland_m
  FROM (
    SELECT p.id AS parcel_id, k.kind, ST_Distance(k.geom, p.geom) AS d
    FROM parcel_cells p JOIN env_kept k ON k.cx = p.cx AND k.cy = p.cy AND k.geom && ST_Expand(p.geom, 1000)
    OFFSET 0
  ) x
  WHERE x.d <= 1000
  GROUP BY x.parcel_id
),
price AS (
  SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x.price_per_sqm_pln) AS median
  FROM layer_pub.transactions x WHERE x.kind = 'land' AND x.teryt = $1 AND x.price_per_sqm_pln > 0
)
SELECT t.id, t.parcel_key, t.teryt, (SELECT g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND g.id = $1 LIMIT 1), t.area_sqm,
       zs.source,
       CASE zs.source WHEN 'mpzp' THEN mz.category WHEN 'plan_ogolny' THEN CASE po.kind WHEN 'multifunctional_multi_family' THEN 'residential_multi' WHEN 'multifunctional_single_family' THEN 'residential_single' WHEN 'multifunctional_farmstead' THEN 'residential_single' WHEN 'services' THEN 'commercial_services' WHEN 'large_retail' THEN 'commercial_services' WHEN 'agricultural_production' THEN 'agricultural' WHEN 'renewable_energy' THEN 'infrastructure' WHEN 'green_recreation' THEN 'green_recreation' WHEN 'cemetery' THEN 'cemetery' WHEN 'mining' THEN 'mining' WHEN 'open_area' THEN 'other' WHEN 'transport' THEN 'transport' END END,
       CASE WHEN zs.source = 'mpzp' THEN mz.symbol END,
       lp.local_plan,
       CASE WHEN lp.local_plan = 'zones_missing' THEN mp.plan_name END,
       CASE WHEN zs.source = 'plan_ogolny' THEN COALESCE(po.allows_building, false) END,
       CASE WHEN t.has_classes THEN ARRAY(
  SELECT DISTINCT k FROM unnest(string_to_array(t.land_use_classes, ',')) AS c(v)
  CROSS JOIN LATERAL unnest(CASE WHEN btrim(c.v) ~ '^R(\s|$)' THEN ARRAY['agricultural', 'arable']::text[] WHEN btrim(c.v) ~ '^(Ł|Ps)(\s|$)' THEN ARRAY['agricultural', 'grassland']::text[] WHEN btrim(c.v) ~ '^S-' THEN ARRAY['agricultural', 'orchard']::text[] WHEN btrim(c.v) ~ '^(Br|Wsr|W|Lzr)(\s|-|$)' THEN ARRAY['agricultural']::text[] WHEN btrim(c.v) ~ '^Lz-(R|Ł|Ps)' THEN ARRAY['agricultural']::text[] WHEN btrim(c.v) ~ '^Ls(\s|$)' THEN ARRAY['forest']::text[]
                            ELSE ARRAY[]::text[] END) AS k
  ORDER BY k) WHEN $5 THEN COALESCE(lcu.kinds, '{}'::text[]) END,
       CASE WHEN t.has_classes THEN 'egib' WHEN $5 THEN 'land_cover' END,
       ts.slope_mean_pct,
       CASE WHEN $2 THEN b.count END, CASE WHEN $2 THEN COALESCE(b.max_floors, 0) END, b.min_floors,
       substation.m, substation.name, substation_110.m, substation_110.name, grid_node.m, grid_node.name, transit.m, transit.name, school.m, school.name, water.m, water.name, mv_line.m, mv_line.name, planned_road.m, planned_road.name, ev_charger.m, ev_charger.name,
       grid_node.mw, solar.yield, lc.kinds, kowr.overlap, blocking.layers,
       env.env_natura2000_habitat_m, env.env_natura2000_birds_m, env.env_national_park_m, env.env_national_park_buffer_m, env.env_landscape_park_m, env.env_protected_landscape_area_m, env.env_nature_reserve_m, env.env_nature_landscape_complex_m, env.env_ecological_site_m, env.env_natural_monument_m, env.env_ramsar_wetland_m, env.env_biosphere_reserve_m, env.env_forest_promotional_complex_m, env.env_flood_risk_10pct_m, env.env_flood_risk_1pct_m, env.env_flood_risk_02pct_m, env.env_flood_embankment_failure_m, env.env_wetland_m,
       COALESCE(grid_front.m, '{}'), COALESCE(grid_front.v, '{}'),
       (SELECT median FROM price)
FROM t
LEFT JOIN mz ON mz.parcel_id = t.id
LEFT JOIN mp ON mp.parcel_id = t.id
LEFT JOIN po ON po.parcel_id = t.id
CROSS JOIN LATERAL (
  SELECT CASE WHEN mz.symbol IS NOT NULL OR mz.category IS NOT NULL THEN 'zone'
              WHEN mp.plan_name IS NOT NULL THEN 'zones_missing'
              WHEN NOT $3 THEN 'boundaries_missing'
              ELSE 'none' END AS local_plan) lp
CROSS JOIN LATERAL (
  SELECT CASE WHEN lp.local_plan = 'zone' THEN 'mpzp'
              WHEN lp.local_plan <> 'none' THEN 'unknown'
              WHEN po.kind IS NOT NULL AND po.status IN ('in_force') THEN 'plan_ogolny'
              WHEN po.kind IS NULL AND NOT $4 THEN 'unknown'
              ELSE 'none' END AS source) zs
LEFT JOIN lcu ON lcu.parcel_id = t.id
LEFT JOIN lc ON lc.parcel_id = t.id
LEFT JOIN layer_pub.terrain_stats ts ON ts.id = t.id
LEFT JOIN LATERAL (
  SELECT count(*)::int AS count, max(f.floors)::int AS max_floors, min(f.floors)::int AS min_floors
  FROM layer_pub.buildings f WHERE ST_Intersects(f.geom, t.geom)) b ON true
LEFT JOIN substation ON substation.parcel_id = t.id
LEFT JOIN substation_110 ON substation_110.parcel_id = t.id
LEFT JOIN grid_node ON grid_node.parcel_id = t.id
LEFT JOIN transit ON transit.parcel_id = t.id
LEFT JOIN school ON school.parcel_id = t.id
LEFT JOIN water ON water.parcel_id = t.id
LEFT JOIN mv_line ON mv_line.parcel_id = t.id
LEFT JOIN planned_road ON planned_road.parcel_id = t.id
LEFT JOIN ev_charger ON ev_charger.parcel_id = t.id
LEFT JOIN grid_front ON grid_front.parcel_id = t.id
LEFT JOIN env ON env.parcel_id = t.id
LEFT JOIN LATERAL (
  SELECT max(f.yield_kwh_kwp) AS yield FROM layer_pub.solar_irradiance f WHERE ST_Intersects(f.geom, t.geom)) solar ON true
LEFT JOIN LATERAL (
  SELECT EXISTS (SELECT 1 FROM layer_pub.kowr_land_subdivided s WHERE ST_Intersects(s.geom, t.geom)) AS overlap) kowr ON true
LEFT JOIN LATERAL (SELECT COALESCE(array_agg(b.layer ORDER BY b.layer), '{}'::text[]) AS layers FROM (SELECT 'heritage_sites'::text AS layer WHERE EXISTS (SELECT 1 FROM layer_pub.heritage_sites_subdivided s WHERE s.kind IN ('registered_monument') AND ST_Intersects(s.geom, t.geom)) UNION ALL SELECT 'groundwater'::text AS layer WHERE EXISTS (SELECT 1 FROM layer_pub.groundwater_subdivided s WHERE s.kind IN ('intake_direct_protection') AND ST_Intersects(s.geom, t.geom))) b) blocking ON true;

-- buildGmina (8 of 15)
-- $1 = "3021093"
INSERT INTO search.parcel_geometry (parcel_id, teryt, geom) SELECT p.id, p.teryt, p.geom FROM layer_pub.parcels p WHERE p.teryt = $1;

-- buildGmina (9 of 15)
-- $1 = "3021093"
DELETE FROM search.parcel_adjacency WHERE teryt = $1;

-- buildGmina (10 of 15)
-- $1 = "3021093"
WITH a AS MATERIALIZED (
       SELECT p.id, p.teryt, p.geom, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS key
       FROM layer_pub.parcels p WHERE p.teryt = $1),
     near AS MATERIALIZED (
       SELECT x.a_id, x.b_id, x.teryt, x.gap_m, x.a_key,
              CASE WHEN x.b_teryt = x.teryt THEN inside.key
                   ELSE (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = x.b_id) END AS b_key
       FROM (
         SELECT a.id AS a_id, b.id AS b_id, a.teryt, b.teryt AS b_teryt, a.key AS a_key, ST_Distance(a.geom, b.geom) AS gap_m
         FROM a
         JOIN layer_pub.parcels b ON b.geom && ST_Expand(a.geom, 50) AND b.id <> a.id
                                 AND (b.teryt <> a.teryt OR a.id < b.id COLLATE "C")
         OFFSET 0 -- each distance measured once, not again in the filter
       ) x
       LEFT JOIN a inside ON inside.id = x.b_id
       WHERE x.gap_m <= 50),
     written AS (
       INSERT INTO search.parcel_adjacency (parcel_key, neighbour_key, teryt, gap_m)
       SELECT a_key, b_key, teryt, gap_m FROM near WHERE a_key IS NOT NULL AND b_key IS NOT NULL)
SELECT COALESCE(array_agg(DISTINCT u.id), '{}') AS unkeyed
FROM near CROSS JOIN LATERAL (VALUES (CASE WHEN a_key IS NULL THEN a_id END), (CASE WHEN b_key IS NULL THEN b_id END)) AS u(id)
WHERE u.id IS NOT NULL;

-- buildGmina (11 of 15)
-- $1 = "3021093"
SELECT COALESCE(array_agg(parcel_id), '{}') AS ids FROM search.parcel_index WHERE teryt = $1 AND parcel_key IS NULL;

-- buildGmina (12 of 15)
-- $1 = "3021093"
SELECT DISTINCT zoning_symbol_raw AS raw FROM search.parcel_index WHERE teryt = $1 AND zoning_symbol_raw IS NOT NULL;

-- buildGmina (13 of 15)
-- $1 = "3021093"
-- $2 = "{\"1MN\":\"MN\",\"U/MN\":\"U/MN\"}"
UPDATE search.parcel_index i SET zoning_symbol = m.value
FROM jsonb_each_text($2::jsonb) m WHERE i.teryt = $1 AND i.zoning_symbol_raw = m.key;

-- buildGmina (14 of 15)
-- $1 = "3021093"
SELECT count(*)::int AS parcels FROM search.parcel_index WHERE teryt = $1;

-- buildGmina (15 of 15)
-- $1 = "3021093"
-- $2 = "{\"admin_bounds\":0,\"buildings\":0,\"env_layers\":0,\"ev_chargers\":0,\"grid_capacity\":0,\"groundwater\":0,\"heritage_sites\":0,\"kowr_land\":0,\"land_cover\":0,\"mpzp_plans\":0,\"mpzp_zones\":0,\"parcels\":0,\"plan_ogolny_zones\":0,\"planned_roads\":0,\"power_lines\":0,\"power_substations\":0,\"services_poi\":0,\"solar_irradiance\":0,\"terrain_stats\":0,\"transactions\":0,\"transport_stops\":0,\"waterways\":0}"
-- $3 = 42
-- $4 = 0
-- $5 = 4
INSERT INTO search.index_builds (teryt, versions, parcels, duration_ms, built_at, evidence, adjacency, format)
       VALUES ($1, $2::jsonb, $3, $4, now(), (
SELECT jsonb_build_object(
         'zoning_unknown_local', count(*) FILTER (WHERE local_plan IN ('zones_missing', 'boundaries_missing')),
         'zoning_unknown_general', count(*) FILTER (WHERE zoning_source = 'unknown' AND local_plan = 'none'),
         'plan_boundaries_missing', bool_or(local_plan = 'boundaries_missing'),
         'land_use_unknown', count(*) FILTER (WHERE land_use_kinds IS NULL),
         'ownership_unknown', (SELECT count(*) FROM layer_pub.parcels p WHERE p.teryt = $1 AND p.registration_group IS NULL),
         'missing_plans', COALESCE(to_jsonb(array_agg(DISTINCT zoning_missing_plan ORDER BY zoning_missing_plan)
                                     FILTER (WHERE zoning_missing_plan IS NOT NULL)), '[]'::jsonb))
FROM search.parcel_index WHERE teryt = $1), true, $5)
       ON CONFLICT (teryt) DO UPDATE SET versions = EXCLUDED.versions, parcels = EXCLUDED.parcels,
         duration_ms = EXCLUDED.duration_ms, built_at = EXCLUDED.built_at, evidence = EXCLUDED.evidence, adjacency = true, format = EXCLUDED.format;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (1 of 26)
-- $1 = ["3021093"]
INSERT INTO search.parcel_keys (parcel_id)
SELECT p.id FROM layer_pub.parcels p
WHERE p.teryt = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM search.parcel_keys k WHERE k.parcel_id = p.id)
ORDER BY p.id COLLATE "C"
ON CONFLICT (parcel_id) DO NOTHING;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (2 of 26)
-- $1 = ["admin_bounds","buildings","env_layers","ev_chargers","grid_capacity","groundwater","heritage_sites","kowr_land","land_cover","mpzp_plans","mpzp_zones","parcels","plan_ogolny_zones","planned_roads","power_lines","power_substations","services_poi","solar_irradiance","terrain_stats","transactions","transport_stops","waterways"]
SELECT layer_id, version FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[]);

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (3 of 26)
-- $1 = "3021093"
SELECT EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'buildings' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS buildings, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'mpzp_plans' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS mpzp_plans, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'plan_ogolny_zones' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS plan_ogolny_zones, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'land_cover' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS land_cover;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (4 of 26)
-- $1 = "3021093"
WITH gone AS (DELETE FROM search.parcel_index WHERE parcel_id = ANY(ARRAY(SELECT x.parcel_id FROM search.parcel_index x WHERE x.teryt = $1
                 UNION SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1)) RETURNING teryt)
UPDATE search.index_builds SET built_at = now() WHERE teryt IN (SELECT teryt FROM gone WHERE teryt <> $1);

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (5 of 26)
-- $1 = "3021093"
DELETE FROM search.parcel_geometry WHERE parcel_id = ANY(ARRAY(SELECT x.parcel_id FROM search.parcel_geometry x WHERE x.teryt = $1
UNION SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1));

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (6 of 26)
-- $1 = "3021093"
WITH e AS (SELECT ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM layer_pub.parcels p WHERE p.teryt = $1)
SELECT array_remove(ARRAY[CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_substations f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'substation' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_substations f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.voltage_kv >= 110)
             THEN 'substation_110' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.grid_capacity f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'grid_node' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.transport_stops f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'transit' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.services_poi f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('school'))
             THEN 'school' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.waterways f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('river', 'canal', 'lake', 'reservoir'))
             THEN 'water' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_lines f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('mv_line', 'mv_cable'))
             THEN 'mv_line' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.planned_roads f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'planned_road' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.ev_chargers f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'ev_charger' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.grid_capacity f
                    WHERE ST_DWithin(f.geom, e.box, 30000))
             THEN 'grid_front' END]::text[], NULL) AS columns FROM e;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (7 of 26)
-- $1 = "3021093"
-- $2 = true
-- $3 = true
-- $4 = false
-- $5 = true
-- $6 = ["substation","transit"]
INSERT INTO search.parcel_index (
  parcel_id, parcel_key, teryt, gmina_name, area_sqm, zoning_source, zoning_category, zoning_symbol_raw,
  local_plan, zoning_missing_plan, general_plan_allows_building, land_use_kinds, land_use_source, slope_pct,
  building_count, max_floors, min_floors,
  substation_m, substation_name, substation_110_m, substation_110_name, grid_node_m, grid_node_name, transit_m, transit_name, school_m, school_name, water_m, water_name, mv_line_m, mv_line_name, planned_road_m, planned_road_name, ev_charger_m, ev_charger_name,
  grid_node_mw, solar_yield, land_cover_kinds, kowr_overlap, blocking_overlaps,
  env_natura2000_habitat_m, env_natura2000_birds_m, env_national_park_m, env_national_park_buffer_m, env_landscape_park_m, env_protected_landscape_area_m, env_nature_reserve_m, env_nature_landscape_complex_m, env_ecological_site_m, env_natural_monument_m, env_ramsar_wetland_m, env_biosphere_reserve_m, env_forest_promotional_complex_m, env_flood_risk_10pct_m, env_flood_risk_1pct_m, env_flood_risk_02pct_m, env_flood_embankment_failure_m, env_wetland_m,
  grid_front_m, grid_front_value,
  price_per_sqm_pln)
WITH t AS (
  -- the key given before the build's transaction (a scalar subquery: one probe of its primary key per parcel)
  SELECT p.id, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS parcel_key, p.teryt, p.geom, COALESCE(p.area_sqm, ST_Area(p.geom)) AS area_sqm, greatest(ST_Area(p.geom), 1) AS area,
         p.land_use_classes, COALESCE(btrim(p.land_use_classes), '') <> '' AS has_classes
  FROM layer_pub.parcels p WHERE p.teryt = $1
), extent AS MATERIALIZED (
  SELECT ST_SetSRID(ST_Extent(t.geom)::geometry, 2180) AS box FROM t
),
mz AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.symbol, f.category
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.mpzp_zones_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e)
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.mpzp_zones f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
mp AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.plan_name
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.mpzp_plans_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e)
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.mpzp_plans f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
po AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.kind, f.status, f.allows_building
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.plan_ogolny_zones_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e) AND s.kind IN ('multifunctional_multi_family', 'multifunctional_single_family', 'multifunctional_farmstead', 'services', 'large_retail', 'economic', 'agricultural_production', 'renewable_energy', 'green_recreation', 'cemetery', 'mining', 'open_area', 'transport')
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.plan_ogolny_zones f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
land_cover AS (
  SELECT x.parcel_id, s.kind, sum(x.covered) AS covered, min(x.area) AS area
  FROM layer_pub.land_cover_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
           CASE WHEN NOT $5 OR COALESCE(btrim(p.land_use_classes), '') <> '' OR s.kind NOT IN ('arable', 'grassland', 'orchard', 'forest') THEN NULL
                WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom)
                ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e)
  GROUP BY x.parcel_id, s.kind
),
lc AS (SELECT l.parcel_id, array_agg(l.kind ORDER BY l.kind) AS kinds FROM land_cover l GROUP BY l.parcel_id),
lcu AS (
  SELECT l.parcel_id, array_agg(DISTINCT k ORDER BY k) AS kinds
  FROM land_cover l
  CROSS JOIN LATERAL unnest(CASE l.kind WHEN 'arable' THEN ARRAY['agricultural', 'arable']::text[] WHEN 'grassland' THEN ARRAY['agricultural', 'grassland']::text[] WHEN 'orchard' THEN ARRAY['agricultural', 'orchard']::text[] WHEN 'forest' THEN ARRAY['forest']::text[] END) AS k
  WHERE l.covered >= 0.01 * l.area
  GROUP BY l.parcel_id
),
parcel_cells AS MATERIALIZED (
  SELECT t.id, t.geom,
         floor((ST_XMin(t.geom) + ST_XMax(t.geom)) / 500)::int AS cx,
         floor((ST_YMin(t.geom) + ST_YMax(t.geom)) / 500)::int AS cy
  FROM t
),
cells AS MATERIALIZED (
  SELECT g.cx, g.cy, g.box, ST_Centroid(g.box) AS centre
  FROM (SELECT p.cx, p.cy, ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM parcel_cells p GROUP BY p.cx, p.cy) g
),
substation_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_substations g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'substation' = ANY($6::text[])
),
substation_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN substation_seed s ON s.cx = p.cx AND s.cy = p.cy
),
substation_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM substation_seed s
     JOIN layer_pub.power_substations f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
substation AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM substation_bound b JOIN substation_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
substation_110_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_substations g
    WHERE g.voltage_kv >= 110 ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'substation_110' = ANY($6::text[])
),
substation_110_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN substation_110_seed s ON s.cx = p.cx AND s.cy = p.cy
),
substation_110_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM substation_110_seed s
     JOIN layer_pub.power_substations f ON ST_DWithin(f.geom, s.box, s.reach) AND f.voltage_kv >= 110
),
substation_110 AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM substation_110_bound b JOIN substation_110_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
grid_node_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.grid_capacity g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'grid_node' = ANY($6::text[])
),
grid_node_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN grid_node_seed s ON s.cx = p.cx AND s.cy = p.cy
),
grid_node_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.available_mw AS mw
     FROM grid_node_seed s
     JOIN layer_pub.grid_capacity f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
grid_node AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name, n.mw
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name, c.mw
    FROM grid_node_bound b JOIN grid_node_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
transit_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.transport_stops g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'transit' = ANY($6::text[])
),
transit_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN transit_seed s ON s.cx = p.cx AND s.cy = p.cy
),
transit_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM transit_seed s
     JOIN layer_pub.transport_stops f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
transit AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM transit_bound b JOIN transit_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
school_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.services_poi g
    WHERE g.kind IN ('school') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'school' = ANY($6::text[])
),
school_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN school_seed s ON s.cx = p.cx AND s.cy = p.cy
),
school_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM school_seed s
     JOIN layer_pub.services_poi f ON ST_DWithin(f.geom, s.box, s.reach) AND f.kind IN ('school')
),
school AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM school_bound b JOIN school_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
water_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.waterways_subdivided g
    WHERE g.kind IN ('river', 'canal', 'lake', 'reservoir') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'water' = ANY($6::text[])
),
water_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN water_seed s ON s.cx = p.cx AND s.cy = p.cy
),
water_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM water_seed s
     JOIN layer_pub.waterways_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND g.kind IN ('river', 'canal', 'lake', 'reservoir')
     JOIN layer_pub.waterways f ON f.fid = g.fid
),
water AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM water_bound b JOIN water_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
mv_line_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_lines_subdivided g
    WHERE g.kind IN ('mv_line', 'mv_cable') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'mv_line' = ANY($6::text[])
),
mv_line_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN mv_line_seed s ON s.cx = p.cx AND s.cy = p.cy
),
mv_line_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM mv_line_seed s
     JOIN layer_pub.power_lines_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND g.kind IN ('mv_line', 'mv_cable')
     JOIN layer_pub.power_lines f ON f.fid = g.fid
),
mv_line AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM mv_line_bound b JOIN mv_line_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
planned_road_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.planned_roads_subdivided g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'planned_road' = ANY($6::text[])
),
planned_road_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN planned_road_seed s ON s.cx = p.cx AND s.cy = p.cy
),
planned_road_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM planned_road_seed s
     JOIN layer_pub.planned_roads_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND true
     JOIN layer_pub.planned_roads f ON f.fid = g.fid
),
planned_road AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM planned_road_bound b JOIN planned_road_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
ev_charger_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.ev_chargers g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'ev_charger' = ANY($6::text[])
),
ev_charger_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN ev_charger_seed s ON s.cx = p.cx AND s.cy = p.cy
),
ev_charger_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM ev_charger_seed s
     JOIN layer_pub.ev_chargers f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
ev_charger AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM ev_charger_bound b JOIN ev_charger_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
grid_front_candidates AS MATERIALIZED (
  SELECT c.cx, c.cy, f.geom, f.available_mw::float8 AS v, ST_Distance(f.geom, c.box) AS lo, ST_MaxDistance(f.geom, c.box) AS hi
  FROM cells c
  JOIN layer_pub.grid_capacity f ON ST_DWithin(f.geom, c.box, 30000) AND f.available_mw IS NOT NULL
  WHERE 'grid_front' = ANY($6::text[])
),
grid_front_kept AS MATERIALIZED (
  SELECT a.cx, a.cy, a.geom, a.v
  FROM grid_front_candidates a
  JOIN (SELECT g.cx, g.cy, array_agg(g.hi) AS his, array_agg(g.v) AS vs FROM grid_front_candidates g GROUP BY g.cx, g.cy) cell
    ON cell.cx = a.cx AND cell.cy = a.cy
  WHERE NOT EXISTS (SELECT 1 FROM unnest(cell.his, cell.vs) AS b(hi, v) WHERE b.hi + 1 < a.lo AND b.v >= a.v)
),
grid_front AS (
  SELECT s.parcel_id, array_agg(s.m ORDER BY s.m, s.v) AS m, array_agg(s.v ORDER BY s.m, s.v) AS v
  FROM (
    SELECT r.parcel_id, r.m, r.v,
           max(r.v) OVER (PARTITION BY r.parcel_id ORDER BY r.m, r.v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
    FROM (
      SELECT p.id AS parcel_id, ST_Distance(k.geom, p.geom) AS m, k.v
      FROM parcel_cells p JOIN grid_front_kept k ON k.cx = p.cx AND k.cy = p.cy
      OFFSET 0
    ) r
    WHERE r.m <= 30000
  ) s
  WHERE s.before IS NULL OR s.v > s.before
  GROUP BY s.parcel_id
),
env_candidates AS MATERIALIZED (
  SELECT c.cx, c.cy, s.kind, s.geom, ST_Distance(s.geom, c.box) AS lo,
         ST_Distance(s.geom, c.centre) + ST_MaxDistance(c.box, c.centre) AS hi
  FROM cells c
  JOIN layer_pub.env_layers_subdivided s ON ST_DWithin(s.geom, c.box, 1000) AND s.kind IN ('natura2000_habitat', 'natura2000_birds', 'national_park', 'national_park_buffer', 'landscape_park', 'protected_landscape_area', 'nature_reserve', 'nature_landscape_complex', 'ecological_site', 'natural_monument', 'ramsar_wetland', 'biosphere_reserve', 'forest_promotional_complex', 'flood_risk_10pct', 'flood_risk_1pct', 'flood_risk_02pct', 'flood_embankment_failure', 'wetland')
),
env_kept AS MATERIALIZED (
  SELECT a.cx, a.cy, a.kind, a.geom
  FROM env_candidates a
  JOIN (SELECT g.cx, g.cy, g.kind, min(g.hi) AS hi FROM env_candidates g GROUP BY g.cx, g.cy, g.kind) nearest
    ON nearest.cx = a.cx AND nearest.cy = a.cy AND nearest.kind = a.kind
  WHERE a.lo <= nearest.hi + 1
),
env AS (
  SELECT x.parcel_id,
         min(x.d) FILTER (WHERE x.kind = 'natura2000_habitat') AS env_natura2000_habitat_m,
         min(x.d) FILTER (WHERE x.kind = 'natura2000_birds') AS env_natura2000_birds_m,
         min(x.d) FILTER (WHERE x.kind = 'national_park') AS env_national_park_m,
         min(x.d) FILTER (WHERE x.kind = 'national_park_buffer') AS env_national_park_buffer_m,
         min(x.d) FILTER (WHERE x.kind = 'landscape_park') AS env_landscape_park_m,
         min(x.d) FILTER (WHERE x.kind = 'protected_landscape_area') AS env_protected_landscape_area_m,
         min(x.d) FILTER (WHERE x.kind = 'nature_reserve') AS env_nature_reserve_m,
         min(x.d) FILTER (WHERE x.kind = 'nature_landscape_complex') AS env_nature_landscape_complex_m,
         min(x.d) FILTER (WHERE x.kind = 'ecological_site') AS env_ecological_site_m,
         min(x.d) FILTER (WHERE x.kind = 'natural_monument') AS env_natural_monument_m,
         min(x.d) FILTER (WHERE x.kind = 'ramsar_wetland') AS env_ramsar_wetland_m,
         min(x.d) FILTER (WHERE x.kind = 'biosphere_reserve') AS env_biosphere_reserve_m,
         min(x.d) FILTER (WHERE x.kind = 'forest_promotional_complex') AS env_forest_promotional_complex_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_10pct') AS env_flood_risk_10pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_1pct') AS env_flood_risk_1pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_02pct') AS env_flood_risk_02pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_embankment_failure') AS env_flood_embankment_failure_m,
         min(x.d) FILTER (WHERE x.kind = 'wetland') AS env_wetland_m
  FROM (
    SELECT p.id AS parcel_id, k.kind, ST_Distance(k.geom, p.geom) AS d
    FROM parcel_cells p JOIN env_kept k ON k.cx = p.cx AND k.cy = p.cy AND k.geom && ST_Expand(p.geom, 1000)
    OFFSET 0
  ) x
  WHERE x.d <= 1000
  GROUP BY x.parcel_id
),
price AS (
  SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x.price_per_sqm_pln) AS median
  FROM layer_pub.transactions x WHERE x.kind = 'land' AND x.teryt = $1 AND x.price_per_sqm_pln > 0
)
SELECT t.id, t.parcel_key, t.teryt, (SELECT g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND g.id = $1 LIMIT 1), t.area_sqm,
       zs.source,
       CASE zs.source WHEN 'mpzp' THEN mz.category WHEN 'plan_ogolny' THEN CASE po.kind WHEN 'multifunctional_multi_family' THEN 'residential_multi' WHEN 'multifunctional_single_family' THEN 'residential_single' WHEN 'multifunctional_farmstead' THEN 'residential_single' WHEN 'services' THEN 'commercial_services' WHEN 'large_retail' THEN 'commercial_services' WHEN 'agricultural_production' THEN 'agricultural' WHEN 'renewable_energy' THEN 'infrastructure' WHEN 'green_recreation' THEN 'green_recreation' WHEN 'cemetery' THEN 'cemetery' WHEN 'mining' THEN 'mining' WHEN 'open_area' THEN 'other' WHEN 'transport' THEN 'transport' END END,
       CASE WHEN zs.source = 'mpzp' THEN mz.symbol END,
       lp.local_plan,
       CASE WHEN lp.local_plan = 'zones_missing' THEN mp.plan_name END,
       CASE WHEN zs.source = 'plan_ogolny' THEN COALESCE(po.allows_building, false) END,
       CASE WHEN t.has_classes THEN ARRAY(
  SELECT DISTINCT k FROM unnest(string_to_array(t.land_use_classes, ',')) AS c(v)
  CROSS JOIN LATERAL unnest(CASE WHEN btrim(c.v) ~ '^R(\s|$)' THEN ARRAY['agricultural', 'arable']::text[] WHEN btrim(c.v) ~ '^(Ł|Ps)(\s|$)' THEN ARRAY['agricultural', 'grassland']::text[] WHEN btrim(c.v) ~ '^S-' THEN ARRAY['agricultural', 'orchard']::text[] WHEN btrim(c.v) ~ '^(Br|Wsr|W|Lzr)(\s|-|$)' THEN ARRAY['agricultural']::text[] WHEN btrim(c.v) ~ '^Lz-(R|Ł|Ps)' THEN ARRAY['agricultural']::text[] WHEN btrim(c.v) ~ '^Ls(\s|$)' THEN ARRAY['forest']::text[]
                            ELSE ARRAY[]::text[] END) AS k
  ORDER BY k) WHEN $5 THEN COALESCE(lcu.kinds, '{}'::text[]) END,
       CASE WHEN t.has_classes THEN 'egib' WHEN $5 THEN 'land_cover' END,
       ts.slope_mean_pct,
       CASE WHEN $2 THEN b.count END, CASE WHEN $2 THEN COALESCE(b.max_floors, 0) END, b.min_floors,
       substation.m, substation.name, substation_110.m, substation_110.name, grid_node.m, grid_node.name, transit.m, transit.name, school.m, school.name, water.m, water.name, mv_line.m, mv_line.name, planned_road.m, planned_road.name, ev_charger.m, ev_charger.name,
       grid_node.mw, solar.yield, lc.kinds, kowr.overlap, blocking.layers,
       env.env_natura2000_habitat_m, env.env_natura2000_birds_m, env.env_national_park_m, env.env_national_park_buffer_m, env.env_landscape_park_m, env.env_protected_landscape_area_m, env.env_nature_reserve_m, env.env_nature_landscape_complex_m, env.env_ecological_site_m, env.env_natural_monument_m, env.env_ramsar_wetland_m, env.env_biosphere_reserve_m, env.env_forest_promotional_complex_m, env.env_flood_risk_10pct_m, env.env_flood_risk_1pct_m, env.env_flood_risk_02pct_m, env.env_flood_embankment_failure_m, env.env_wetland_m,
       COALESCE(grid_front.m, '{}'), COALESCE(grid_front.v, '{}'),
       (SELECT median FROM price)
FROM t
LEFT JOIN mz ON mz.parcel_id = t.id
LEFT JOIN mp ON mp.parcel_id = t.id
LEFT JOIN po ON po.parcel_id = t.id
CROSS JOIN LATERAL (
  SELECT CASE WHEN mz.symbol IS NOT NULL OR mz.category IS NOT NULL THEN 'zone'
              WHEN mp.plan_name IS NOT NULL THEN 'zones_missing'
              WHEN NOT $3 THEN 'boundaries_missing'
              ELSE 'none' END AS local_plan) lp
CROSS JOIN LATERAL (
  SELECT CASE WHEN lp.local_plan = 'zone' THEN 'mpzp'
              WHEN lp.local_plan <> 'none' THEN 'unknown'
              WHEN po.kind IS NOT NULL AND po.status IN ('in_force') THEN 'plan_ogolny'
              WHEN po.kind IS NULL AND NOT $4 THEN 'unknown'
              ELSE 'none' END AS source) zs
LEFT JOIN lcu ON lcu.parcel_id = t.id
LEFT JOIN lc ON lc.parcel_id = t.id
LEFT JOIN layer_pub.terrain_stats ts ON ts.id = t.id
LEFT JOIN LATERAL (
  SELECT count(*)::int AS count, max(f.floors)::int AS max_floors, min(f.floors)::int AS min_floors
  FROM layer_pub.buildings f WHERE ST_Intersects(f.geom, t.geom)) b ON true
LEFT JOIN substation ON substation.parcel_id = t.id
LEFT JOIN substation_110 ON substation_110.parcel_id = t.id
LEFT JOIN grid_node ON grid_node.parcel_id = t.id
LEFT JOIN transit ON transit.parcel_id = t.id
LEFT JOIN school ON school.parcel_id = t.id
LEFT JOIN water ON water.parcel_id = t.id
LEFT JOIN mv_line ON mv_line.parcel_id = t.id
LEFT JOIN planned_road ON planned_road.parcel_id = t.id
LEFT JOIN ev_charger ON ev_charger.parcel_id = t.id
LEFT JOIN grid_front ON grid_front.parcel_id = t.id
LEFT JOIN env ON env.parcel_id = t.id
LEFT JOIN LATERAL (
  SELECT max(f.yield_kwh_kwp) AS yield FROM layer_pub.solar_irradiance f WHERE ST_Intersects(f.geom, t.geom)) solar ON true
LEFT JOIN LATERAL (
  SELECT EXISTS (SELECT 1 FROM layer_pub.kowr_land_subdivided s WHERE ST_Intersects(s.geom, t.geom)) AS overlap) kowr ON true
LEFT JOIN LATERAL (SELECT COALESCE(array_agg(b.layer ORDER BY b.layer), '{}'::text[]) AS layers FROM (SELECT 'heritage_sites'::text AS layer WHERE EXISTS (SELECT 1 FROM layer_pub.heritage_sites_subdivided s WHERE s.kind IN ('registered_monument') AND ST_Intersects(s.geom, t.geom)) UNION ALL SELECT 'groundwater'::text AS layer WHERE EXISTS (SELECT 1 FROM layer_pub.groundwater_subdivided s WHERE s.kind IN ('intake_direct_protection') AND ST_Intersects(s.geom, t.geom))) b) blocking ON true;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (8 of 26)
-- $1 = "3021093"
INSERT INTO search.parcel_geometry (parcel_id, teryt, geom) SELECT p.id, p.teryt, p.geom FROM layer_pub.parcels p WHERE p.teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (9 of 26)
-- $1 = "3021093"
DELETE FROM search.parcel_adjacency WHERE teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (10 of 26)
-- $1 = "3021093"
WITH a AS MATERIALIZED (
       SELECT p.id, p.teryt, p.geom, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS key
       FROM layer_pub.parcels p WHERE p.teryt = $1),
     near AS MATERIALIZED (
       SELECT x.a_id, x.b_id, x.teryt, x.gap_m, x.a_key,
              CASE WHEN x.b_teryt = x.teryt THEN inside.key
                   ELSE (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = x.b_id) END AS b_key
       FROM (
         SELECT a.id AS a_id, b.id AS b_id, a.teryt, b.teryt AS b_teryt, a.key AS a_key, ST_Distance(a.geom, b.geom) AS gap_m
         FROM a
         JOIN layer_pub.parcels b ON b.geom && ST_Expand(a.geom, 50) AND b.id <> a.id
                                 AND (b.teryt <> a.teryt OR a.id < b.id COLLATE "C")
         OFFSET 0 -- each distance measured once, not again in the filter
       ) x
       LEFT JOIN a inside ON inside.id = x.b_id
       WHERE x.gap_m <= 50),
     written AS (
       INSERT INTO search.parcel_adjacency (parcel_key, neighbour_key, teryt, gap_m)
       SELECT a_key, b_key, teryt, gap_m FROM near WHERE a_key IS NOT NULL AND b_key IS NOT NULL)
SELECT COALESCE(array_agg(DISTINCT u.id), '{}') AS unkeyed
FROM near CROSS JOIN LATERAL (VALUES (CASE WHEN a_key IS NULL THEN a_id END), (CASE WHEN b_key IS NULL THEN b_id END)) AS u(id)
WHERE u.id IS NOT NULL;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (11 of 26)
-- $1 = "3021093"
SELECT COALESCE(array_agg(parcel_id), '{}') AS ids FROM search.parcel_index WHERE teryt = $1 AND parcel_key IS NULL;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (12 of 26)
-- $1 = ["306401_1.0001.5"]
INSERT INTO search.parcel_keys (parcel_id)
SELECT u.id FROM unnest($1::text[]) AS u(id)
WHERE NOT EXISTS (SELECT 1 FROM search.parcel_keys k WHERE k.parcel_id = u.id)
ORDER BY u.id COLLATE "C"
ON CONFLICT (parcel_id) DO NOTHING;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (13 of 26)
-- $1 = ["admin_bounds","buildings","env_layers","ev_chargers","grid_capacity","groundwater","heritage_sites","kowr_land","land_cover","mpzp_plans","mpzp_zones","parcels","plan_ogolny_zones","planned_roads","power_lines","power_substations","services_poi","solar_irradiance","terrain_stats","transactions","transport_stops","waterways"]
SELECT layer_id, version FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[]);

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (14 of 26)
-- $1 = "3021093"
SELECT EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'buildings' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS buildings, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'mpzp_plans' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS mpzp_plans, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'plan_ogolny_zones' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS plan_ogolny_zones, EXISTS (SELECT 1 FROM layer_pub.region_coverage
WHERE layer_id = 'land_cover' AND level = 'gmina' AND teryt = $1 AND status <> 'missing') AS land_cover;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (15 of 26)
-- $1 = "3021093"
WITH gone AS (DELETE FROM search.parcel_index WHERE parcel_id = ANY(ARRAY(SELECT x.parcel_id FROM search.parcel_index x WHERE x.teryt = $1
                 UNION SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1)) RETURNING teryt)
UPDATE search.index_builds SET built_at = now() WHERE teryt IN (SELECT teryt FROM gone WHERE teryt <> $1);

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (16 of 26)
-- $1 = "3021093"
DELETE FROM search.parcel_geometry WHERE parcel_id = ANY(ARRAY(SELECT x.parcel_id FROM search.parcel_geometry x WHERE x.teryt = $1
UNION SELECT p.id FROM layer_pub.parcels p WHERE p.teryt = $1));

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (17 of 26)
-- $1 = "3021093"
WITH e AS (SELECT ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM layer_pub.parcels p WHERE p.teryt = $1)
SELECT array_remove(ARRAY[CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_substations f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'substation' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_substations f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.voltage_kv >= 110)
             THEN 'substation_110' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.grid_capacity f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'grid_node' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.transport_stops f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'transit' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.services_poi f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('school'))
             THEN 'school' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.waterways f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('river', 'canal', 'lake', 'reservoir'))
             THEN 'water' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.power_lines f
                    WHERE ST_DWithin(f.geom, e.box, 50000) AND f.kind IN ('mv_line', 'mv_cable'))
             THEN 'mv_line' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.planned_roads f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'planned_road' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.ev_chargers f
                    WHERE ST_DWithin(f.geom, e.box, 50000))
             THEN 'ev_charger' END,
  CASE WHEN EXISTS (SELECT 1 FROM layer_pub.grid_capacity f
                    WHERE ST_DWithin(f.geom, e.box, 30000))
             THEN 'grid_front' END]::text[], NULL) AS columns FROM e;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (18 of 26)
-- $1 = "3021093"
-- $2 = true
-- $3 = true
-- $4 = false
-- $5 = true
-- $6 = ["substation","transit"]
INSERT INTO search.parcel_index (
  parcel_id, parcel_key, teryt, gmina_name, area_sqm, zoning_source, zoning_category, zoning_symbol_raw,
  local_plan, zoning_missing_plan, general_plan_allows_building, land_use_kinds, land_use_source, slope_pct,
  building_count, max_floors, min_floors,
  substation_m, substation_name, substation_110_m, substation_110_name, grid_node_m, grid_node_name, transit_m, transit_name, school_m, school_name, water_m, water_name, mv_line_m, mv_line_name, planned_road_m, planned_road_name, ev_charger_m, ev_charger_name,
  grid_node_mw, solar_yield, land_cover_kinds, kowr_overlap, blocking_overlaps,
  env_natura2000_habitat_m, env_natura2000_birds_m, env_national_park_m, env_national_park_buffer_m, env_landscape_park_m, env_protected_landscape_area_m, env_nature_reserve_m, env_nature_landscape_complex_m, env_ecological_site_m, env_natural_monument_m, env_ramsar_wetland_m, env_biosphere_reserve_m, env_forest_promotional_complex_m, env_flood_risk_10pct_m, env_flood_risk_1pct_m, env_flood_risk_02pct_m, env_flood_embankment_failure_m, env_wetland_m,
  grid_front_m, grid_front_value,
  price_per_sqm_pln)
WITH t AS (
  -- the key given before the build's transaction (a scalar subquery: one probe of its primary key per parcel)
  SELECT p.id, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS parcel_key, p.teryt, p.geom, COALESCE(p.area_sqm, ST_Area(p.geom)) AS area_sqm, greatest(ST_Area(p.geom), 1) AS area,
         p.land_use_classes, COALESCE(btrim(p.land_use_classes), '') <> '' AS has_classes
  FROM layer_pub.parcels p WHERE p.teryt = $1
), extent AS MATERIALIZED (
  SELECT ST_SetSRID(ST_Extent(t.geom)::geometry, 2180) AS box FROM t
),
mz AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.symbol, f.category
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.mpzp_zones_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e)
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.mpzp_zones f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
mp AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.plan_name
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.mpzp_plans_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e)
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.mpzp_plans f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
po AS (
  SELECT DISTINCT ON (o.parcel_id) o.parcel_id, f.kind, f.status, f.allows_building
  FROM (
    SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
    FROM layer_pub.plan_ogolny_zones_subdivided s
    CROSS JOIN LATERAL (
      SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
             CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
      FROM layer_pub.parcels p
      WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
      OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
    ) x
    WHERE s.geom && (SELECT e.box FROM extent e) AND s.kind IN ('multifunctional_multi_family', 'multifunctional_single_family', 'multifunctional_farmstead', 'services', 'large_retail', 'economic', 'agricultural_production', 'renewable_energy', 'green_recreation', 'cemetery', 'mining', 'open_area', 'transport')
    GROUP BY x.parcel_id, s.fid
  ) o
  JOIN layer_pub.plan_ogolny_zones f ON f.fid = o.fid
  WHERE o.covered >= 0.01 * o.area
  ORDER BY o.parcel_id, o.covered DESC, f.id
),
land_cover AS (
  SELECT x.parcel_id, s.kind, sum(x.covered) AS covered, min(x.area) AS area
  FROM layer_pub.land_cover_subdivided s
  CROSS JOIN LATERAL (
    SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
           CASE WHEN NOT $5 OR COALESCE(btrim(p.land_use_classes), '') <> '' OR s.kind NOT IN ('arable', 'grassland', 'orchard', 'forest') THEN NULL
                WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom)
                ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
    FROM layer_pub.parcels p
    WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
    OFFSET 0
  ) x
  WHERE s.geom && (SELECT e.box FROM extent e)
  GROUP BY x.parcel_id, s.kind
),
lc AS (SELECT l.parcel_id, array_agg(l.kind ORDER BY l.kind) AS kinds FROM land_cover l GROUP BY l.parcel_id),
lcu AS (
  SELECT l.parcel_id, array_agg(DISTINCT k ORDER BY k) AS kinds
  FROM land_cover l
  CROSS JOIN LATERAL unnest(CASE l.kind WHEN 'arable' THEN ARRAY['agricultural', 'arable']::text[] WHEN 'grassland' THEN ARRAY['agricultural', 'grassland']::text[] WHEN 'orchard' THEN ARRAY['agricultural', 'orchard']::text[] WHEN 'forest' THEN ARRAY['forest']::text[] END) AS k
  WHERE l.covered >= 0.01 * l.area
  GROUP BY l.parcel_id
),
parcel_cells AS MATERIALIZED (
  SELECT t.id, t.geom,
         floor((ST_XMin(t.geom) + ST_XMax(t.geom)) / 500)::int AS cx,
         floor((ST_YMin(t.geom) + ST_YMax(t.geom)) / 500)::int AS cy
  FROM t
),
cells AS MATERIALIZED (
  SELECT g.cx, g.cy, g.box, ST_Centroid(g.box) AS centre
  FROM (SELECT p.cx, p.cy, ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM parcel_cells p GROUP BY p.cx, p.cy) g
),
substation_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_substations g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'substation' = ANY($6::text[])
),
substation_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN substation_seed s ON s.cx = p.cx AND s.cy = p.cy
),
substation_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM substation_seed s
     JOIN layer_pub.power_substations f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
substation AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM substation_bound b JOIN substation_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
substation_110_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_substations g
    WHERE g.voltage_kv >= 110 ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'substation_110' = ANY($6::text[])
),
substation_110_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN substation_110_seed s ON s.cx = p.cx AND s.cy = p.cy
),
substation_110_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM substation_110_seed s
     JOIN layer_pub.power_substations f ON ST_DWithin(f.geom, s.box, s.reach) AND f.voltage_kv >= 110
),
substation_110 AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM substation_110_bound b JOIN substation_110_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
grid_node_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.grid_capacity g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'grid_node' = ANY($6::text[])
),
grid_node_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN grid_node_seed s ON s.cx = p.cx AND s.cy = p.cy
),
grid_node_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name, f.available_mw AS mw
     FROM grid_node_seed s
     JOIN layer_pub.grid_capacity f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
grid_node AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name, n.mw
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name, c.mw
    FROM grid_node_bound b JOIN grid_node_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
transit_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.transport_stops g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'transit' = ANY($6::text[])
),
transit_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN transit_seed s ON s.cx = p.cx AND s.cy = p.cy
),
transit_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM transit_seed s
     JOIN layer_pub.transport_stops f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
transit AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM transit_bound b JOIN transit_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
school_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.services_poi g
    WHERE g.kind IN ('school') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'school' = ANY($6::text[])
),
school_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN school_seed s ON s.cx = p.cx AND s.cy = p.cy
),
school_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM school_seed s
     JOIN layer_pub.services_poi f ON ST_DWithin(f.geom, s.box, s.reach) AND f.kind IN ('school')
),
school AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM school_bound b JOIN school_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
water_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.waterways_subdivided g
    WHERE g.kind IN ('river', 'canal', 'lake', 'reservoir') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'water' = ANY($6::text[])
),
water_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN water_seed s ON s.cx = p.cx AND s.cy = p.cy
),
water_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM water_seed s
     JOIN layer_pub.waterways_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND g.kind IN ('river', 'canal', 'lake', 'reservoir')
     JOIN layer_pub.waterways f ON f.fid = g.fid
),
water AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM water_bound b JOIN water_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
mv_line_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.power_lines_subdivided g
    WHERE g.kind IN ('mv_line', 'mv_cable') ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'mv_line' = ANY($6::text[])
),
mv_line_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN mv_line_seed s ON s.cx = p.cx AND s.cy = p.cy
),
mv_line_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM mv_line_seed s
     JOIN layer_pub.power_lines_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND g.kind IN ('mv_line', 'mv_cable')
     JOIN layer_pub.power_lines f ON f.fid = g.fid
),
mv_line AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM mv_line_bound b JOIN mv_line_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
planned_road_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.planned_roads_subdivided g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'planned_road' = ANY($6::text[])
),
planned_road_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN planned_road_seed s ON s.cx = p.cx AND s.cy = p.cy
),
planned_road_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, g.geom, f.id, f.name
     FROM planned_road_seed s
     JOIN layer_pub.planned_roads_subdivided g ON ST_DWithin(g.geom, s.box, s.reach) AND true
     JOIN layer_pub.planned_roads f ON f.fid = g.fid
),
planned_road AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM planned_road_bound b JOIN planned_road_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
ev_charger_seed AS MATERIALIZED (
  SELECT c.cx, c.cy, c.box, n.y, least(ST_MaxDistance(c.box, n.y) + 1, 50000) AS reach
  FROM cells c
  CROSS JOIN LATERAL (
    SELECT ST_ClosestPoint(g.geom, c.centre) AS y FROM layer_pub.ev_chargers g
    WHERE true ORDER BY g.geom <-> c.centre LIMIT 1
  ) n
  WHERE 'ev_charger' = ANY($6::text[])
),
ev_charger_bound AS MATERIALIZED (
  SELECT p.id, p.geom, p.cx, p.cy, ST_Expand(p.geom, least(ST_Distance(s.y, p.geom) + 1, 50000)) AS reach
  FROM parcel_cells p JOIN ev_charger_seed s ON s.cx = p.cx AND s.cy = p.cy
),
ev_charger_candidates AS MATERIALIZED (
  SELECT s.cx, s.cy, f.geom, f.id, f.name
     FROM ev_charger_seed s
     JOIN layer_pub.ev_chargers f ON ST_DWithin(f.geom, s.box, s.reach) AND true
),
ev_charger AS (
  SELECT DISTINCT ON (n.parcel_id) n.parcel_id, n.m, n.name
  FROM (
    SELECT b.id AS parcel_id, ST_Distance(c.geom, b.geom) AS m, c.id, c.name
    FROM ev_charger_bound b JOIN ev_charger_candidates c ON c.cx = b.cx AND c.cy = b.cy AND c.geom && b.reach
    OFFSET 0 -- each distance measured once, not again in the filter
  ) n
  WHERE n.m <= 50000
  ORDER BY n.parcel_id, n.m, n.id COLLATE "C"
),
grid_front_candidates AS MATERIALIZED (
  SELECT c.cx, c.cy, f.geom, f.available_mw::float8 AS v, ST_Distance(f.geom, c.box) AS lo, ST_MaxDistance(f.geom, c.box) AS hi
  FROM cells c
  JOIN layer_pub.grid_capacity f ON ST_DWithin(f.geom, c.box, 30000) AND f.available_mw IS NOT NULL
  WHERE 'grid_front' = ANY($6::text[])
),
grid_front_kept AS MATERIALIZED (
  SELECT a.cx, a.cy, a.geom, a.v
  FROM grid_front_candidates a
  JOIN (SELECT g.cx, g.cy, array_agg(g.hi) AS his, array_agg(g.v) AS vs FROM grid_front_candidates g GROUP BY g.cx, g.cy) cell
    ON cell.cx = a.cx AND cell.cy = a.cy
  WHERE NOT EXISTS (SELECT 1 FROM unnest(cell.his, cell.vs) AS b(hi, v) WHERE b.hi + 1 < a.lo AND b.v >= a.v)
),
grid_front AS (
  SELECT s.parcel_id, array_agg(s.m ORDER BY s.m, s.v) AS m, array_agg(s.v ORDER BY s.m, s.v) AS v
  FROM (
    SELECT r.parcel_id, r.m, r.v,
           max(r.v) OVER (PARTITION BY r.parcel_id ORDER BY r.m, r.v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
    FROM (
      SELECT p.id AS parcel_id, ST_Distance(k.geom, p.geom) AS m, k.v
      FROM parcel_cells p JOIN grid_front_kept k ON k.cx = p.cx AND k.cy = p.cy
      OFFSET 0
    ) r
    WHERE r.m <= 30000
  ) s
  WHERE s.before IS NULL OR s.v > s.before
  GROUP BY s.parcel_id
),
env_candidates AS MATERIALIZED (
  SELECT c.cx, c.cy, s.kind, s.geom, ST_Distance(s.geom, c.box) AS lo,
         ST_Distance(s.geom, c.centre) + ST_MaxDistance(c.box, c.centre) AS hi
  FROM cells c
  JOIN layer_pub.env_layers_subdivided s ON ST_DWithin(s.geom, c.box, 1000) AND s.kind IN ('natura2000_habitat', 'natura2000_birds', 'national_park', 'national_park_buffer', 'landscape_park', 'protected_landscape_area', 'nature_reserve', 'nature_landscape_complex', 'ecological_site', 'natural_monument', 'ramsar_wetland', 'biosphere_reserve', 'forest_promotional_complex', 'flood_risk_10pct', 'flood_risk_1pct', 'flood_risk_02pct', 'flood_embankment_failure', 'wetland')
),
env_kept AS MATERIALIZED (
  SELECT a.cx, a.cy, a.kind, a.geom
  FROM env_candidates a
  JOIN (SELECT g.cx, g.cy, g.kind, min(g.hi) AS hi FROM env_candidates g GROUP BY g.cx, g.cy, g.kind) nearest
    ON nearest.cx = a.cx AND nearest.cy = a.cy AND nearest.kind = a.kind
  WHERE a.lo <= nearest.hi + 1
),
env AS (
  SELECT x.parcel_id,
         min(x.d) FILTER (WHERE x.kind = 'natura2000_habitat') AS env_natura2000_habitat_m,
         min(x.d) FILTER (WHERE x.kind = 'natura2000_birds') AS env_natura2000_birds_m,
         min(x.d) FILTER (WHERE x.kind = 'national_park') AS env_national_park_m,
         min(x.d) FILTER (WHERE x.kind = 'national_park_buffer') AS env_national_park_buffer_m,
         min(x.d) FILTER (WHERE x.kind = 'landscape_park') AS env_landscape_park_m,
         min(x.d) FILTER (WHERE x.kind = 'protected_landscape_area') AS env_protected_landscape_area_m,
         min(x.d) FILTER (WHERE x.kind = 'nature_reserve') AS env_nature_reserve_m,
         min(x.d) FILTER (WHERE x.kind = 'nature_landscape_complex') AS env_nature_landscape_complex_m,
         min(x.d) FILTER (WHERE x.kind = 'ecological_site') AS env_ecological_site_m,
         min(x.d) FILTER (WHERE x.kind = 'natural_monument') AS env_natural_monument_m,
         min(x.d) FILTER (WHERE x.kind = 'ramsar_wetland') AS env_ramsar_wetland_m,
         min(x.d) FILTER (WHERE x.kind = 'biosphere_reserve') AS env_biosphere_reserve_m,
         min(x.d) FILTER (WHERE x.kind = 'forest_promotional_complex') AS env_forest_promotional_complex_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_10pct') AS env_flood_risk_10pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_1pct') AS env_flood_risk_1pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_risk_02pct') AS env_flood_risk_02pct_m,
         min(x.d) FILTER (WHERE x.kind = 'flood_embankment_failure') AS env_flood_embankment_failure_m,
         min(x.d) FILTER (WHERE x.kind = 'wetland') AS env_wetland_m
  FROM (
    SELECT p.id AS parcel_id, k.kind, ST_Distance(k.geom, p.geom) AS d
    FROM parcel_cells p JOIN env_kept k ON k.cx = p.cx AND k.cy = p.cy AND k.geom && ST_Expand(p.geom, 1000)
    OFFSET 0
  ) x
  WHERE x.d <= 1000
  GROUP BY x.parcel_id
),
price AS (
  SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x.price_per_sqm_pln) AS median
  FROM layer_pub.transactions x WHERE x.kind = 'land' AND x.teryt = $1 AND x.price_per_sqm_pln > 0
)
SELECT t.id, t.parcel_key, t.teryt, (SELECT g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND g.id = $1 LIMIT 1), t.area_sqm,
       zs.source,
       CASE zs.source WHEN 'mpzp' THEN mz.category WHEN 'plan_ogolny' THEN CASE po.kind WHEN 'multifunctional_multi_family' THEN 'residential_multi' WHEN 'multifunctional_single_family' THEN 'residential_single' WHEN 'multifunctional_farmstead' THEN 'residential_single' WHEN 'services' THEN 'commercial_services' WHEN 'large_retail' THEN 'commercial_services' WHEN 'agricultural_production' THEN 'agricultural' WHEN 'renewable_energy' THEN 'infrastructure' WHEN 'green_recreation' THEN 'green_recreation' WHEN 'cemetery' THEN 'cemetery' WHEN 'mining' THEN 'mining' WHEN 'open_area' THEN 'other' WHEN 'transport' THEN 'transport' END END,
       CASE WHEN zs.source = 'mpzp' THEN mz.symbol END,
       lp.local_plan,
       CASE WHEN lp.local_plan = 'zones_missing' THEN mp.plan_name END,
       CASE WHEN zs.source = 'plan_ogolny' THEN COALESCE(po.allows_building, false) END,
       CASE WHEN t.has_classes THEN ARRAY(
  SELECT DISTINCT k FROM unnest(string_to_array(t.land_use_classes, ',')) AS c(v)
  CROSS JOIN LATERAL unnest(CASE WHEN btrim(c.v) ~ '^R(\s|$)' THEN ARRAY['agricultural', 'arable']::text[] WHEN btrim(c.v) ~ '^(Ł|Ps)(\s|$)' THEN ARRAY['agricultural', 'grassland']::text[] WHEN btrim(c.v) ~ '^S-' THEN ARRAY['agricultural', 'orchard']::text[] WHEN btrim(c.v) ~ '^(Br|Wsr|W|Lzr)(\s|-|$)' THEN ARRAY['agricultural']::text[] WHEN btrim(c.v) ~ '^Lz-(R|Ł|Ps)' THEN ARRAY['agricultural']::text[] WHEN btrim(c.v) ~ '^Ls(\s|$)' THEN ARRAY['forest']::text[]
                            ELSE ARRAY[]::text[] END) AS k
  ORDER BY k) WHEN $5 THEN COALESCE(lcu.kinds, '{}'::text[]) END,
       CASE WHEN t.has_classes THEN 'egib' WHEN $5 THEN 'land_cover' END,
       ts.slope_mean_pct,
       CASE WHEN $2 THEN b.count END, CASE WHEN $2 THEN COALESCE(b.max_floors, 0) END, b.min_floors,
       substation.m, substation.name, substation_110.m, substation_110.name, grid_node.m, grid_node.name, transit.m, transit.name, school.m, school.name, water.m, water.name, mv_line.m, mv_line.name, planned_road.m, planned_road.name, ev_charger.m, ev_charger.name,
       grid_node.mw, solar.yield, lc.kinds, kowr.overlap, blocking.layers,
       env.env_natura2000_habitat_m, env.env_natura2000_birds_m, env.env_national_park_m, env.env_national_park_buffer_m, env.env_landscape_park_m, env.env_protected_landscape_area_m, env.env_nature_reserve_m, env.env_nature_landscape_complex_m, env.env_ecological_site_m, env.env_natural_monument_m, env.env_ramsar_wetland_m, env.env_biosphere_reserve_m, env.env_forest_promotional_complex_m, env.env_flood_risk_10pct_m, env.env_flood_risk_1pct_m, env.env_flood_risk_02pct_m, env.env_flood_embankment_failure_m, env.env_wetland_m,
       COALESCE(grid_front.m, '{}'), COALESCE(grid_front.v, '{}'),
       (SELECT median FROM price)
FROM t
LEFT JOIN mz ON mz.parcel_id = t.id
LEFT JOIN mp ON mp.parcel_id = t.id
LEFT JOIN po ON po.parcel_id = t.id
CROSS JOIN LATERAL (
  SELECT CASE WHEN mz.symbol IS NOT NULL OR mz.category IS NOT NULL THEN 'zone'
              WHEN mp.plan_name IS NOT NULL THEN 'zones_missing'
              WHEN NOT $3 THEN 'boundaries_missing'
              ELSE 'none' END AS local_plan) lp
CROSS JOIN LATERAL (
  SELECT CASE WHEN lp.local_plan = 'zone' THEN 'mpzp'
              WHEN lp.local_plan <> 'none' THEN 'unknown'
              WHEN po.kind IS NOT NULL AND po.status IN ('in_force') THEN 'plan_ogolny'
              WHEN po.kind IS NULL AND NOT $4 THEN 'unknown'
              ELSE 'none' END AS source) zs
LEFT JOIN lcu ON lcu.parcel_id = t.id
LEFT JOIN lc ON lc.parcel_id = t.id
LEFT JOIN layer_pub.terrain_stats ts ON ts.id = t.id
LEFT JOIN LATERAL (
  SELECT count(*)::int AS count, max(f.floors)::int AS max_floors, min(f.floors)::int AS min_floors
  FROM layer_pub.buildings f WHERE ST_Intersects(f.geom, t.geom)) b ON true
LEFT JOIN substation ON substation.parcel_id = t.id
LEFT JOIN substation_110 ON substation_110.parcel_id = t.id
LEFT JOIN grid_node ON grid_node.parcel_id = t.id
LEFT JOIN transit ON transit.parcel_id = t.id
LEFT JOIN school ON school.parcel_id = t.id
LEFT JOIN water ON water.parcel_id = t.id
LEFT JOIN mv_line ON mv_line.parcel_id = t.id
LEFT JOIN planned_road ON planned_road.parcel_id = t.id
LEFT JOIN ev_charger ON ev_charger.parcel_id = t.id
LEFT JOIN grid_front ON grid_front.parcel_id = t.id
LEFT JOIN env ON env.parcel_id = t.id
LEFT JOIN LATERAL (
  SELECT max(f.yield_kwh_kwp) AS yield FROM layer_pub.solar_irradiance f WHERE ST_Intersects(f.geom, t.geom)) solar ON true
LEFT JOIN LATERAL (
  SELECT EXISTS (SELECT 1 FROM layer_pub.kowr_land_subdivided s WHERE ST_Intersects(s.geom, t.geom)) AS overlap) kowr ON true
LEFT JOIN LATERAL (SELECT COALESCE(array_agg(b.layer ORDER BY b.layer), '{}'::text[]) AS layers FROM (SELECT 'heritage_sites'::text AS layer WHERE EXISTS (SELECT 1 FROM layer_pub.heritage_sites_subdivided s WHERE s.kind IN ('registered_monument') AND ST_Intersects(s.geom, t.geom)) UNION ALL SELECT 'groundwater'::text AS layer WHERE EXISTS (SELECT 1 FROM layer_pub.groundwater_subdivided s WHERE s.kind IN ('intake_direct_protection') AND ST_Intersects(s.geom, t.geom))) b) blocking ON true;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (19 of 26)
-- $1 = "3021093"
INSERT INTO search.parcel_geometry (parcel_id, teryt, geom) SELECT p.id, p.teryt, p.geom FROM layer_pub.parcels p WHERE p.teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (20 of 26)
-- $1 = "3021093"
DELETE FROM search.parcel_adjacency WHERE teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (21 of 26)
-- $1 = "3021093"
WITH a AS MATERIALIZED (
       SELECT p.id, p.teryt, p.geom, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS key
       FROM layer_pub.parcels p WHERE p.teryt = $1),
     near AS MATERIALIZED (
       SELECT x.a_id, x.b_id, x.teryt, x.gap_m, x.a_key,
              CASE WHEN x.b_teryt = x.teryt THEN inside.key
                   ELSE (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = x.b_id) END AS b_key
       FROM (
         SELECT a.id AS a_id, b.id AS b_id, a.teryt, b.teryt AS b_teryt, a.key AS a_key, ST_Distance(a.geom, b.geom) AS gap_m
         FROM a
         JOIN layer_pub.parcels b ON b.geom && ST_Expand(a.geom, 50) AND b.id <> a.id
                                 AND (b.teryt <> a.teryt OR a.id < b.id COLLATE "C")
         OFFSET 0 -- each distance measured once, not again in the filter
       ) x
       LEFT JOIN a inside ON inside.id = x.b_id
       WHERE x.gap_m <= 50),
     written AS (
       INSERT INTO search.parcel_adjacency (parcel_key, neighbour_key, teryt, gap_m)
       SELECT a_key, b_key, teryt, gap_m FROM near WHERE a_key IS NOT NULL AND b_key IS NOT NULL)
SELECT COALESCE(array_agg(DISTINCT u.id), '{}') AS unkeyed
FROM near CROSS JOIN LATERAL (VALUES (CASE WHEN a_key IS NULL THEN a_id END), (CASE WHEN b_key IS NULL THEN b_id END)) AS u(id)
WHERE u.id IS NOT NULL;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (22 of 26)
-- $1 = "3021093"
SELECT COALESCE(array_agg(parcel_id), '{}') AS ids FROM search.parcel_index WHERE teryt = $1 AND parcel_key IS NULL;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (23 of 26)
-- $1 = "3021093"
SELECT DISTINCT zoning_symbol_raw AS raw FROM search.parcel_index WHERE teryt = $1 AND zoning_symbol_raw IS NOT NULL;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (24 of 26)
-- $1 = "3021093"
-- $2 = "{\"1MN\":\"MN\",\"U/MN\":\"U/MN\"}"
UPDATE search.parcel_index i SET zoning_symbol = m.value
FROM jsonb_each_text($2::jsonb) m WHERE i.teryt = $1 AND i.zoning_symbol_raw = m.key;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (25 of 26)
-- $1 = "3021093"
SELECT count(*)::int AS parcels FROM search.parcel_index WHERE teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (26 of 26)
-- $1 = "3021093"
-- $2 = "{\"admin_bounds\":0,\"buildings\":0,\"env_layers\":0,\"ev_chargers\":0,\"grid_capacity\":0,\"groundwater\":0,\"heritage_sites\":0,\"kowr_land\":0,\"land_cover\":0,\"mpzp_plans\":0,\"mpzp_zones\":0,\"parcels\":0,\"plan_ogolny_zones\":0,\"planned_roads\":0,\"power_lines\":0,\"power_substations\":0,\"services_poi\":0,\"solar_irradiance\":0,\"terrain_stats\":0,\"transactions\":0,\"transport_stops\":0,\"waterways\":0}"
-- $3 = 42
-- $4 = 0
-- $5 = 4
INSERT INTO search.index_builds (teryt, versions, parcels, duration_ms, built_at, evidence, adjacency, format)
       VALUES ($1, $2::jsonb, $3, $4, now(), (
SELECT jsonb_build_object(
         'zoning_unknown_local', count(*) FILTER (WHERE local_plan IN ('zones_missing', 'boundaries_missing')),
         'zoning_unknown_general', count(*) FILTER (WHERE zoning_source = 'unknown' AND local_plan = 'none'),
         'plan_boundaries_missing', bool_or(local_plan = 'boundaries_missing'),
         'land_use_unknown', count(*) FILTER (WHERE land_use_kinds IS NULL),
         'ownership_unknown', (SELECT count(*) FROM layer_pub.parcels p WHERE p.teryt = $1 AND p.registration_group IS NULL),
         'missing_plans', COALESCE(to_jsonb(array_agg(DISTINCT zoning_missing_plan ORDER BY zoning_missing_plan)
                                     FILTER (WHERE zoning_missing_plan IS NOT NULL)), '[]'::jsonb))
FROM search.parcel_index WHERE teryt = $1), true, $5)
       ON CONFLICT (teryt) DO UPDATE SET versions = EXCLUDED.versions, parcels = EXCLUDED.parcels,
         duration_ms = EXCLUDED.duration_ms, built_at = EXCLUDED.built_at, evidence = EXCLUDED.evidence, adjacency = true, format = EXCLUDED.format;

-- keyAround (1 of 2)
-- $1 = ["3021093"]
-- $2 = 50
SELECT n.id AS teryt FROM layer_pub.admin_bounds g
JOIN layer_pub.admin_bounds n ON n.kind = 'gmina' AND n.geom && ST_Expand(g.geom, $2::float8)
WHERE g.kind = 'gmina' AND g.id = ANY($1::text[])
UNION SELECT unnest($1::text[]);

-- keyAround (2 of 2)
-- $1 = ["3021093","3021094"]
INSERT INTO search.parcel_keys (parcel_id)
SELECT p.id FROM layer_pub.parcels p
WHERE p.teryt = ANY($1::text[]) AND NOT EXISTS (SELECT 1 FROM search.parcel_keys k WHERE k.parcel_id = p.id)
ORDER BY p.id COLLATE "C"
ON CONFLICT (parcel_id) DO NOTHING;

-- analyze (1 of 3)
ANALYZE search.parcel_index;

-- analyze (2 of 3)
ANALYZE search.parcel_geometry;

-- analyze (3 of 3)
VACUUM (ANALYZE) search.parcel_adjacency;

-- dropGmina (1 of 4)
-- $1 = "3021093"
DELETE FROM search.parcel_index WHERE teryt = $1;

-- dropGmina (2 of 4)
-- $1 = "3021093"
DELETE FROM search.parcel_geometry WHERE teryt = $1;

-- dropGmina (3 of 4)
-- $1 = "3021093"
DELETE FROM search.parcel_adjacency WHERE teryt = $1;

-- dropGmina (4 of 4)
-- $1 = "3021093"
DELETE FROM search.index_builds WHERE teryt = $1;

-- layerVersions
-- $1 = ["admin_bounds","buildings","env_layers","ev_chargers","grid_capacity","groundwater","heritage_sites","kowr_land","land_cover","mpzp_plans","mpzp_zones","parcels","plan_ogolny_zones","planned_roads","power_lines","power_substations","services_poi","solar_irradiance","terrain_stats","transactions","transport_stops","waterways"]
SELECT layer_id, version FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[]);

-- builds
SELECT teryt, versions, adjacency, format FROM search.index_builds ORDER BY teryt;

-- markCurrent
-- $1 = ["3021093","3064011"]
-- $2 = "buildings"
-- $3 = 7
UPDATE search.index_builds SET versions = versions || jsonb_build_object($2::text, $3::int)
WHERE teryt = ANY($1::text[]) AND COALESCE((versions->>$2)::int, 0) < $3;
