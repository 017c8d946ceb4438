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
-- $1 = ["admin_bounds","buildings","env_layers","grid_capacity","kowr_land","land_cover","mpzp_plans","mpzp_zones","parcels","plan_ogolny_zones","planned_roads","power_lines","power_substations","services_poi","solar_irradiance","terrain_stats","transactions","transport_stops","waterways"]
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
  substation_m, substation_name, substation_110_m, substation_110_name, grid_node_m, grid_node_name, transit_m, transit_name, school_m, school_name, water_m, water_name, mv_line_m, mv_line_name, planned_road_m, planned_road_name,
  grid_node_mw, solar_yield, land_cover_kinds, kowr_overlap,
  env_natura2000_habitat_m, env_natura2000_birds_m, env_national_park_m, env_national_park_buffer_m, env_landscape_park_m, env_protected_landscape_area_m, env_nature_reserve_m, env_nature_landscape_complex_m, env_ecological_site_m, env_natural_monument_m, env_ramsar_wetland_m, env_biosphere_reserve_m, env_forest_promotional_complex_m, env_flood_risk_10pct_m, env_flood_risk_1pct_m, env_flood_risk_02pct_m, env_flood_embankment_failure_m, env_wetland_m,
  grid_front_m, grid_front_value,
  price_per_sqm_pln)
WITH t AS (
  -- the key given before the build's transaction (a scalar subquery: one probe of its primary key per parcel)
  SELECT p.id, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS parcel_key, p.teryt, p.geom, COALESCE(p.area_sqm, ST_Area(p.geom)) AS area_sqm, greatest(ST_Area(p.geom), 1) AS area,
         p.land_use_classes, COALESCE(btrim(p.land_use_classes), '') <> '' AS has_classes
  FROM layer_pub.parcels p WHERE p.teryt = $1
), price AS (
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
       substation.m, substation.name, substation_110.m, substation_110.name, grid_node.m, grid_node.name, transit.m, transit.name, school.m, school.name, water.m, water.name, mv_line.m, mv_line.name, planned_road.m, planned_road.name,
       grid_node.mw, solar.yield, lc.kinds, kowr.overlap,
       env.env_natura2000_habitat_m, env.env_natura2000_birds_m, env.env_national_park_m, env.env_national_park_buffer_m, env.env_landscape_park_m, env.env_protected_landscape_area_m, env.env_nature_reserve_m, env.env_nature_landscape_complex_m, env.env_ecological_site_m, env.env_natural_monument_m, env.env_ramsar_wetland_m, env.env_biosphere_reserve_m, env.env_forest_promotional_complex_m, env.env_flood_risk_10pct_m, env.env_flood_risk_1pct_m, env.env_flood_risk_02pct_m, env.env_flood_embankment_failure_m, env.env_wetland_m,
       COALESCE(grid_front.m, '{}'), COALESCE(grid_front.v, '{}'),
       (SELECT median FROM price)
FROM t
LEFT JOIN LATERAL (
       SELECT f.symbol, f.category
       FROM layer_pub.mpzp_zones_subdivided s
       JOIN layer_pub.mpzp_zones f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND true
       GROUP BY f.fid, f.id, f.symbol, f.category
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) mz ON true
LEFT JOIN LATERAL (
       SELECT f.plan_name
       FROM layer_pub.mpzp_plans_subdivided s
       JOIN layer_pub.mpzp_plans f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND true
       GROUP BY f.fid, f.id, f.plan_name
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) mp ON true
LEFT JOIN LATERAL (
       SELECT f.kind, f.status, f.allows_building
       FROM layer_pub.plan_ogolny_zones_subdivided s
       JOIN layer_pub.plan_ogolny_zones f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND f.kind IN ('multifunctional_multi_family', 'multifunctional_single_family', 'multifunctional_farmstead', 'services', 'large_retail', 'economic', 'agricultural_production', 'renewable_energy', 'green_recreation', 'cemetery', 'mining', 'open_area', 'transport')
       GROUP BY f.fid, f.id, f.kind, f.status, f.allows_building
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) po ON true
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
LEFT JOIN LATERAL (
  SELECT array_agg(DISTINCT k ORDER BY k) AS kinds FROM (
    SELECT s.kind FROM layer_pub.land_cover_subdivided s
    WHERE NOT t.has_classes AND $5 AND ST_Intersects(s.geom, t.geom) AND s.kind IN ('arable', 'grassland', 'orchard', 'forest')
    GROUP BY s.kind HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area) q
  CROSS JOIN LATERAL unnest(CASE q.kind WHEN 'arable' THEN ARRAY['agricultural', 'arable']::text[] WHEN 'grassland' THEN ARRAY['agricultural', 'grassland']::text[] WHEN 'orchard' THEN ARRAY['agricultural', 'orchard']::text[] WHEN 'forest' THEN ARRAY['forest']::text[] END) AS k) lcu ON true
LEFT JOIN layer_pub.terrain_stats ts ON ts.id = t.id
LEFT JOIN LATERAL (
  SELECT count(*)::int AS count, max(f.floors)::int AS max_floors, min(f.floors)::int AS min_floors
  FROM layer_pub.buildings f WHERE ST_Intersects(f.geom, t.geom)) b ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.power_substations f
       WHERE 'substation' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) substation ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.power_substations f
       WHERE 'substation_110' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000) AND f.voltage_kv >= 110
       ORDER BY f.geom <-> t.geom
       LIMIT 1) substation_110 ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name, f.available_mw AS mw
       FROM layer_pub.grid_capacity f
       WHERE 'grid_node' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) grid_node ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.transport_stops f
       WHERE 'transit' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) transit ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.services_poi f
       WHERE 'school' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000) AND f.kind IN ('school')
       ORDER BY f.geom <-> t.geom
       LIMIT 1) school ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.waterways f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.waterways_subdivided s
             WHERE 'water' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000) AND s.kind IN ('river', 'canal', 'lake', 'reservoir')
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) water ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.power_lines f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.power_lines_subdivided s
             WHERE 'mv_line' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000) AND s.kind IN ('mv_line', 'mv_cable')
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) mv_line ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.planned_roads f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.planned_roads_subdivided s
             WHERE 'planned_road' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000)
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) planned_road ON true
LEFT JOIN LATERAL (
       SELECT array_agg(s.m ORDER BY s.m, s.v) AS m, array_agg(s.v ORDER BY s.m, s.v) AS v
       FROM (SELECT r.m, r.v, max(r.v) OVER (ORDER BY r.m, r.v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
             FROM (SELECT ST_Distance(f.geom, t.geom) AS m, f.available_mw::float8 AS v
                   FROM layer_pub.grid_capacity f
                   WHERE 'grid_front' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 30000)
                     AND f.available_mw IS NOT NULL) r) s
       WHERE s.before IS NULL OR s.v > s.before) grid_front ON true
LEFT JOIN LATERAL (
  SELECT max(f.yield_kwh_kwp) AS yield FROM layer_pub.solar_irradiance f WHERE ST_Intersects(f.geom, t.geom)) solar ON true
LEFT JOIN LATERAL (
  SELECT array_agg(DISTINCT s.kind ORDER BY s.kind) AS kinds FROM layer_pub.land_cover_subdivided s WHERE ST_Intersects(s.geom, t.geom)) lc ON true
LEFT JOIN LATERAL (
  SELECT EXISTS (SELECT 1 FROM layer_pub.kowr_land_subdivided s WHERE ST_Intersects(s.geom, t.geom)) AS overlap) kowr ON true
LEFT JOIN LATERAL (
  SELECT min(q.d) FILTER (WHERE q.kind = 'natura2000_habitat') AS env_natura2000_habitat_m,
         min(q.d) FILTER (WHERE q.kind = 'natura2000_birds') AS env_natura2000_birds_m,
         min(q.d) FILTER (WHERE q.kind = 'national_park') AS env_national_park_m,
         min(q.d) FILTER (WHERE q.kind = 'national_park_buffer') AS env_national_park_buffer_m,
         min(q.d) FILTER (WHERE q.kind = 'landscape_park') AS env_landscape_park_m,
         min(q.d) FILTER (WHERE q.kind = 'protected_landscape_area') AS env_protected_landscape_area_m,
         min(q.d) FILTER (WHERE q.kind = 'nature_reserve') AS env_nature_reserve_m,
         min(q.d) FILTER (WHERE q.kind = 'nature_landscape_complex') AS env_nature_landscape_complex_m,
         min(q.d) FILTER (WHERE q.kind = 'ecological_site') AS env_ecological_site_m,
         min(q.d) FILTER (WHERE q.kind = 'natural_monument') AS env_natural_monument_m,
         min(q.d) FILTER (WHERE q.kind = 'ramsar_wetland') AS env_ramsar_wetland_m,
         min(q.d) FILTER (WHERE q.kind = 'biosphere_reserve') AS env_biosphere_reserve_m,
         min(q.d) FILTER (WHERE q.kind = 'forest_promotional_complex') AS env_forest_promotional_complex_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_10pct') AS env_flood_risk_10pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_1pct') AS env_flood_risk_1pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_02pct') AS env_flood_risk_02pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_embankment_failure') AS env_flood_embankment_failure_m,
         min(q.d) FILTER (WHERE q.kind = 'wetland') AS env_wetland_m
  FROM (SELECT s.kind, ST_Distance(s.geom, t.geom) AS d FROM layer_pub.env_layers_subdivided s
        WHERE ST_DWithin(s.geom, t.geom, 1000)) q) env ON true;

-- buildGmina (8 of 15)
-- $1 = "3021093"
INSERT INTO search.parcel_geometry (parcel_id, teryt, geom) SELECT p.id, p.teryt, p.geom FROM layer_pub.parcels p WHERE p.teryt = $1;

-- buildGmina (9 of 15)
-- $1 = "3021093"
DELETE FROM search.parcel_adjacency WHERE teryt = $1;

-- buildGmina (10 of 15)
-- $1 = "3021093"
WITH near AS MATERIALIZED (
       SELECT a.id AS a_id, b.id AS b_id, a.teryt, ST_Distance(a.geom, b.geom) AS gap_m,
              (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = a.id) AS a_key,
              (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = b.id) AS b_key
       FROM layer_pub.parcels a
       JOIN layer_pub.parcels b ON ST_DWithin(b.geom, a.geom, 50) AND b.id <> a.id
       WHERE a.teryt = $1 AND (b.teryt <> a.teryt OR a.id < b.id COLLATE "C")),
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
-- $2 = "{\"admin_bounds\":0,\"buildings\":0,\"env_layers\":0,\"grid_capacity\":0,\"kowr_land\":0,\"land_cover\":0,\"mpzp_plans\":0,\"mpzp_zones\":0,\"parcels\":0,\"plan_ogolny_zones\":0,\"planned_roads\":0,\"power_lines\":0,\"power_substations\":0,\"services_poi\":0,\"solar_irradiance\":0,\"terrain_stats\":0,\"transactions\":0,\"transport_stops\":0,\"waterways\":0}"
-- $3 = 42
-- $4 = 0
-- $5 = 2
INSERT INTO search.index_builds (teryt, versions, parcels, duration_ms, built_at, evidence, adjacency, format)
       VALUES ($1, $2::jsonb, $3, $4, now(), (
SELECT jsonb_build_object(
         'zoning_unknown_local', count(*) FILTER (WHERE local_plan IN ('zones_missing', 'boundaries_missing')),
         'zoning_unknown_general', count(*) FILTER (WHERE zoning_source = 'unknown' AND local_plan = 'none'),
         'plan_boundaries_missing', bool_or(local_plan = 'boundaries_missing'),
         'land_use_unknown', count(*) FILTER (WHERE land_use_kinds IS NULL),
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
-- $1 = ["admin_bounds","buildings","env_layers","grid_capacity","kowr_land","land_cover","mpzp_plans","mpzp_zones","parcels","plan_ogolny_zones","planned_roads","power_lines","power_substations","services_poi","solar_irradiance","terrain_stats","transactions","transport_stops","waterways"]
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
  substation_m, substation_name, substation_110_m, substation_110_name, grid_node_m, grid_node_name, transit_m, transit_name, school_m, school_name, water_m, water_name, mv_line_m, mv_line_name, planned_road_m, planned_road_name,
  grid_node_mw, solar_yield, land_cover_kinds, kowr_overlap,
  env_natura2000_habitat_m, env_natura2000_birds_m, env_national_park_m, env_national_park_buffer_m, env_landscape_park_m, env_protected_landscape_area_m, env_nature_reserve_m, env_nature_landscape_complex_m, env_ecological_site_m, env_natural_monument_m, env_ramsar_wetland_m, env_biosphere_reserve_m, env_forest_promotional_complex_m, env_flood_risk_10pct_m, env_flood_risk_1pct_m, env_flood_risk_02pct_m, env_flood_embankment_failure_m, env_wetland_m,
  grid_front_m, grid_front_value,
  price_per_sqm_pln)
WITH t AS (
  -- the key given before the build's transaction (a scalar subquery: one probe of its primary key per parcel)
  SELECT p.id, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS parcel_key, p.teryt, p.geom, COALESCE(p.area_sqm, ST_Area(p.geom)) AS area_sqm, greatest(ST_Area(p.geom), 1) AS area,
         p.land_use_classes, COALESCE(btrim(p.land_use_classes), '') <> '' AS has_classes
  FROM layer_pub.parcels p WHERE p.teryt = $1
), price AS (
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
       substation.m, substation.name, substation_110.m, substation_110.name, grid_node.m, grid_node.name, transit.m, transit.name, school.m, school.name, water.m, water.name, mv_line.m, mv_line.name, planned_road.m, planned_road.name,
       grid_node.mw, solar.yield, lc.kinds, kowr.overlap,
       env.env_natura2000_habitat_m, env.env_natura2000_birds_m, env.env_national_park_m, env.env_national_park_buffer_m, env.env_landscape_park_m, env.env_protected_landscape_area_m, env.env_nature_reserve_m, env.env_nature_landscape_complex_m, env.env_ecological_site_m, env.env_natural_monument_m, env.env_ramsar_wetland_m, env.env_biosphere_reserve_m, env.env_forest_promotional_complex_m, env.env_flood_risk_10pct_m, env.env_flood_risk_1pct_m, env.env_flood_risk_02pct_m, env.env_flood_embankment_failure_m, env.env_wetland_m,
       COALESCE(grid_front.m, '{}'), COALESCE(grid_front.v, '{}'),
       (SELECT median FROM price)
FROM t
LEFT JOIN LATERAL (
       SELECT f.symbol, f.category
       FROM layer_pub.mpzp_zones_subdivided s
       JOIN layer_pub.mpzp_zones f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND true
       GROUP BY f.fid, f.id, f.symbol, f.category
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) mz ON true
LEFT JOIN LATERAL (
       SELECT f.plan_name
       FROM layer_pub.mpzp_plans_subdivided s
       JOIN layer_pub.mpzp_plans f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND true
       GROUP BY f.fid, f.id, f.plan_name
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) mp ON true
LEFT JOIN LATERAL (
       SELECT f.kind, f.status, f.allows_building
       FROM layer_pub.plan_ogolny_zones_subdivided s
       JOIN layer_pub.plan_ogolny_zones f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND f.kind IN ('multifunctional_multi_family', 'multifunctional_single_family', 'multifunctional_farmstead', 'services', 'large_retail', 'economic', 'agricultural_production', 'renewable_energy', 'green_recreation', 'cemetery', 'mining', 'open_area', 'transport')
       GROUP BY f.fid, f.id, f.kind, f.status, f.allows_building
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) po ON true
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
LEFT JOIN LATERAL (
  SELECT array_agg(DISTINCT k ORDER BY k) AS kinds FROM (
    SELECT s.kind FROM layer_pub.land_cover_subdivided s
    WHERE NOT t.has_classes AND $5 AND ST_Intersects(s.geom, t.geom) AND s.kind IN ('arable', 'grassland', 'orchard', 'forest')
    GROUP BY s.kind HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area) q
  CROSS JOIN LATERAL unnest(CASE q.kind WHEN 'arable' THEN ARRAY['agricultural', 'arable']::text[] WHEN 'grassland' THEN ARRAY['agricultural', 'grassland']::text[] WHEN 'orchard' THEN ARRAY['agricultural', 'orchard']::text[] WHEN 'forest' THEN ARRAY['forest']::text[] END) AS k) lcu ON true
LEFT JOIN layer_pub.terrain_stats ts ON ts.id = t.id
LEFT JOIN LATERAL (
  SELECT count(*)::int AS count, max(f.floors)::int AS max_floors, min(f.floors)::int AS min_floors
  FROM layer_pub.buildings f WHERE ST_Intersects(f.geom, t.geom)) b ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.power_substations f
       WHERE 'substation' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) substation ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.power_substations f
       WHERE 'substation_110' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000) AND f.voltage_kv >= 110
       ORDER BY f.geom <-> t.geom
       LIMIT 1) substation_110 ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name, f.available_mw AS mw
       FROM layer_pub.grid_capacity f
       WHERE 'grid_node' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) grid_node ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.transport_stops f
       WHERE 'transit' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) transit ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.services_poi f
       WHERE 'school' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000) AND f.kind IN ('school')
       ORDER BY f.geom <-> t.geom
       LIMIT 1) school ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.waterways f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.waterways_subdivided s
             WHERE 'water' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000) AND s.kind IN ('river', 'canal', 'lake', 'reservoir')
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) water ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.power_lines f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.power_lines_subdivided s
             WHERE 'mv_line' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000) AND s.kind IN ('mv_line', 'mv_cable')
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) mv_line ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.planned_roads f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.planned_roads_subdivided s
             WHERE 'planned_road' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000)
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) planned_road ON true
LEFT JOIN LATERAL (
       SELECT array_agg(s.m ORDER BY s.m, s.v) AS m, array_agg(s.v ORDER BY s.m, s.v) AS v
       FROM (SELECT r.m, r.v, max(r.v) OVER (ORDER BY r.m, r.v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
             FROM (SELECT ST_Distance(f.geom, t.geom) AS m, f.available_mw::float8 AS v
                   FROM layer_pub.grid_capacity f
                   WHERE 'grid_front' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 30000)
                     AND f.available_mw IS NOT NULL) r) s
       WHERE s.before IS NULL OR s.v > s.before) grid_front ON true
LEFT JOIN LATERAL (
  SELECT max(f.yield_kwh_kwp) AS yield FROM layer_pub.solar_irradiance f WHERE ST_Intersects(f.geom, t.geom)) solar ON true
LEFT JOIN LATERAL (
  SELECT array_agg(DISTINCT s.kind ORDER BY s.kind) AS kinds FROM layer_pub.land_cover_subdivided s WHERE ST_Intersects(s.geom, t.geom)) lc ON true
LEFT JOIN LATERAL (
  SELECT EXISTS (SELECT 1 FROM layer_pub.kowr_land_subdivided s WHERE ST_Intersects(s.geom, t.geom)) AS overlap) kowr ON true
LEFT JOIN LATERAL (
  SELECT min(q.d) FILTER (WHERE q.kind = 'natura2000_habitat') AS env_natura2000_habitat_m,
         min(q.d) FILTER (WHERE q.kind = 'natura2000_birds') AS env_natura2000_birds_m,
         min(q.d) FILTER (WHERE q.kind = 'national_park') AS env_national_park_m,
         min(q.d) FILTER (WHERE q.kind = 'national_park_buffer') AS env_national_park_buffer_m,
         min(q.d) FILTER (WHERE q.kind = 'landscape_park') AS env_landscape_park_m,
         min(q.d) FILTER (WHERE q.kind = 'protected_landscape_area') AS env_protected_landscape_area_m,
         min(q.d) FILTER (WHERE q.kind = 'nature_reserve') AS env_nature_reserve_m,
         min(q.d) FILTER (WHERE q.kind = 'nature_landscape_complex') AS env_nature_landscape_complex_m,
         min(q.d) FILTER (WHERE q.kind = 'ecological_site') AS env_ecological_site_m,
         min(q.d) FILTER (WHERE q.kind = 'natural_monument') AS env_natural_monument_m,
         min(q.d) FILTER (WHERE q.kind = 'ramsar_wetland') AS env_ramsar_wetland_m,
         min(q.d) FILTER (WHERE q.kind = 'biosphere_reserve') AS env_biosphere_reserve_m,
         min(q.d) FILTER (WHERE q.kind = 'forest_promotional_complex') AS env_forest_promotional_complex_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_10pct') AS env_flood_risk_10pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_1pct') AS env_flood_risk_1pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_02pct') AS env_flood_risk_02pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_embankment_failure') AS env_flood_embankment_failure_m,
         min(q.d) FILTER (WHERE q.kind = 'wetland') AS env_wetland_m
  FROM (SELECT s.kind, ST_Distance(s.geom, t.geom) AS d FROM layer_pub.env_layers_subdivided s
        WHERE ST_DWithin(s.geom, t.geom, 1000)) q) env ON true;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (8 of 26)
-- $1 = "3021093"
INSERT INTO search.parcel_geometry (parcel_id, teryt, geom) SELECT p.id, p.teryt, p.geom FROM layer_pub.parcels p WHERE p.teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (9 of 26)
-- $1 = "3021093"
DELETE FROM search.parcel_adjacency WHERE teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (10 of 26)
-- $1 = "3021093"
WITH near AS MATERIALIZED (
       SELECT a.id AS a_id, b.id AS b_id, a.teryt, ST_Distance(a.geom, b.geom) AS gap_m,
              (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = a.id) AS a_key,
              (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = b.id) AS b_key
       FROM layer_pub.parcels a
       JOIN layer_pub.parcels b ON ST_DWithin(b.geom, a.geom, 50) AND b.id <> a.id
       WHERE a.teryt = $1 AND (b.teryt <> a.teryt OR a.id < b.id COLLATE "C")),
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
-- $1 = ["admin_bounds","buildings","env_layers","grid_capacity","kowr_land","land_cover","mpzp_plans","mpzp_zones","parcels","plan_ogolny_zones","planned_roads","power_lines","power_substations","services_poi","solar_irradiance","terrain_stats","transactions","transport_stops","waterways"]
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
  substation_m, substation_name, substation_110_m, substation_110_name, grid_node_m, grid_node_name, transit_m, transit_name, school_m, school_name, water_m, water_name, mv_line_m, mv_line_name, planned_road_m, planned_road_name,
  grid_node_mw, solar_yield, land_cover_kinds, kowr_overlap,
  env_natura2000_habitat_m, env_natura2000_birds_m, env_national_park_m, env_national_park_buffer_m, env_landscape_park_m, env_protected_landscape_area_m, env_nature_reserve_m, env_nature_landscape_complex_m, env_ecological_site_m, env_natural_monument_m, env_ramsar_wetland_m, env_biosphere_reserve_m, env_forest_promotional_complex_m, env_flood_risk_10pct_m, env_flood_risk_1pct_m, env_flood_risk_02pct_m, env_flood_embankment_failure_m, env_wetland_m,
  grid_front_m, grid_front_value,
  price_per_sqm_pln)
WITH t AS (
  -- the key given before the build's transaction (a scalar subquery: one probe of its primary key per parcel)
  SELECT p.id, (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = p.id) AS parcel_key, p.teryt, p.geom, COALESCE(p.area_sqm, ST_Area(p.geom)) AS area_sqm, greatest(ST_Area(p.geom), 1) AS area,
         p.land_use_classes, COALESCE(btrim(p.land_use_classes), '') <> '' AS has_classes
  FROM layer_pub.parcels p WHERE p.teryt = $1
), price AS (
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
       substation.m, substation.name, substation_110.m, substation_110.name, grid_node.m, grid_node.name, transit.m, transit.name, school.m, school.name, water.m, water.name, mv_line.m, mv_line.name, planned_road.m, planned_road.name,
       grid_node.mw, solar.yield, lc.kinds, kowr.overlap,
       env.env_natura2000_habitat_m, env.env_natura2000_birds_m, env.env_national_park_m, env.env_national_park_buffer_m, env.env_landscape_park_m, env.env_protected_landscape_area_m, env.env_nature_reserve_m, env.env_nature_landscape_complex_m, env.env_ecological_site_m, env.env_natural_monument_m, env.env_ramsar_wetland_m, env.env_biosphere_reserve_m, env.env_forest_promotional_complex_m, env.env_flood_risk_10pct_m, env.env_flood_risk_1pct_m, env.env_flood_risk_02pct_m, env.env_flood_embankment_failure_m, env.env_wetland_m,
       COALESCE(grid_front.m, '{}'), COALESCE(grid_front.v, '{}'),
       (SELECT median FROM price)
FROM t
LEFT JOIN LATERAL (
       SELECT f.symbol, f.category
       FROM layer_pub.mpzp_zones_subdivided s
       JOIN layer_pub.mpzp_zones f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND true
       GROUP BY f.fid, f.id, f.symbol, f.category
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) mz ON true
LEFT JOIN LATERAL (
       SELECT f.plan_name
       FROM layer_pub.mpzp_plans_subdivided s
       JOIN layer_pub.mpzp_plans f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND true
       GROUP BY f.fid, f.id, f.plan_name
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) mp ON true
LEFT JOIN LATERAL (
       SELECT f.kind, f.status, f.allows_building
       FROM layer_pub.plan_ogolny_zones_subdivided s
       JOIN layer_pub.plan_ogolny_zones f ON f.fid = s.fid
       WHERE ST_Intersects(s.geom, t.geom) AND f.kind IN ('multifunctional_multi_family', 'multifunctional_single_family', 'multifunctional_farmstead', 'services', 'large_retail', 'economic', 'agricultural_production', 'renewable_energy', 'green_recreation', 'cemetery', 'mining', 'open_area', 'transport')
       GROUP BY f.fid, f.id, f.kind, f.status, f.allows_building
       HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area
       ORDER BY sum(ST_Area(ST_Intersection(s.geom, t.geom))) DESC, f.id
       LIMIT 1) po ON true
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
LEFT JOIN LATERAL (
  SELECT array_agg(DISTINCT k ORDER BY k) AS kinds FROM (
    SELECT s.kind FROM layer_pub.land_cover_subdivided s
    WHERE NOT t.has_classes AND $5 AND ST_Intersects(s.geom, t.geom) AND s.kind IN ('arable', 'grassland', 'orchard', 'forest')
    GROUP BY s.kind HAVING sum(ST_Area(ST_Intersection(s.geom, t.geom))) >= 0.01 * t.area) q
  CROSS JOIN LATERAL unnest(CASE q.kind WHEN 'arable' THEN ARRAY['agricultural', 'arable']::text[] WHEN 'grassland' THEN ARRAY['agricultural', 'grassland']::text[] WHEN 'orchard' THEN ARRAY['agricultural', 'orchard']::text[] WHEN 'forest' THEN ARRAY['forest']::text[] END) AS k) lcu ON true
LEFT JOIN layer_pub.terrain_stats ts ON ts.id = t.id
LEFT JOIN LATERAL (
  SELECT count(*)::int AS count, max(f.floors)::int AS max_floors, min(f.floors)::int AS min_floors
  FROM layer_pub.buildings f WHERE ST_Intersects(f.geom, t.geom)) b ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.power_substations f
       WHERE 'substation' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) substation ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.power_substations f
       WHERE 'substation_110' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000) AND f.voltage_kv >= 110
       ORDER BY f.geom <-> t.geom
       LIMIT 1) substation_110 ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name, f.available_mw AS mw
       FROM layer_pub.grid_capacity f
       WHERE 'grid_node' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) grid_node ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.transport_stops f
       WHERE 'transit' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000)
       ORDER BY f.geom <-> t.geom
       LIMIT 1) transit ON true
LEFT JOIN LATERAL (
       SELECT ST_Distance(f.geom, t.geom) AS m, f.name
       FROM layer_pub.services_poi f
       WHERE 'school' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 50000) AND f.kind IN ('school')
       ORDER BY f.geom <-> t.geom
       LIMIT 1) school ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.waterways f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.waterways_subdivided s
             WHERE 'water' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000) AND s.kind IN ('river', 'canal', 'lake', 'reservoir')
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) water ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.power_lines f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.power_lines_subdivided s
             WHERE 'mv_line' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000) AND s.kind IN ('mv_line', 'mv_cable')
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) mv_line ON true
LEFT JOIN LATERAL (
       SELECT n.m, (SELECT f.name FROM layer_pub.planned_roads f WHERE f.fid = n.fid) AS name
       FROM (SELECT ST_Distance(s.geom, t.geom) AS m, s.fid
             FROM layer_pub.planned_roads_subdivided s
             WHERE 'planned_road' = ANY($6::text[]) AND ST_DWithin(s.geom, t.geom, 50000)
             ORDER BY s.geom <-> t.geom
             LIMIT 1) n) planned_road ON true
LEFT JOIN LATERAL (
       SELECT array_agg(s.m ORDER BY s.m, s.v) AS m, array_agg(s.v ORDER BY s.m, s.v) AS v
       FROM (SELECT r.m, r.v, max(r.v) OVER (ORDER BY r.m, r.v ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before
             FROM (SELECT ST_Distance(f.geom, t.geom) AS m, f.available_mw::float8 AS v
                   FROM layer_pub.grid_capacity f
                   WHERE 'grid_front' = ANY($6::text[]) AND ST_DWithin(f.geom, t.geom, 30000)
                     AND f.available_mw IS NOT NULL) r) s
       WHERE s.before IS NULL OR s.v > s.before) grid_front ON true
LEFT JOIN LATERAL (
  SELECT max(f.yield_kwh_kwp) AS yield FROM layer_pub.solar_irradiance f WHERE ST_Intersects(f.geom, t.geom)) solar ON true
LEFT JOIN LATERAL (
  SELECT array_agg(DISTINCT s.kind ORDER BY s.kind) AS kinds FROM layer_pub.land_cover_subdivided s WHERE ST_Intersects(s.geom, t.geom)) lc ON true
LEFT JOIN LATERAL (
  SELECT EXISTS (SELECT 1 FROM layer_pub.kowr_land_subdivided s WHERE ST_Intersects(s.geom, t.geom)) AS overlap) kowr ON true
LEFT JOIN LATERAL (
  SELECT min(q.d) FILTER (WHERE q.kind = 'natura2000_habitat') AS env_natura2000_habitat_m,
         min(q.d) FILTER (WHERE q.kind = 'natura2000_birds') AS env_natura2000_birds_m,
         min(q.d) FILTER (WHERE q.kind = 'national_park') AS env_national_park_m,
         min(q.d) FILTER (WHERE q.kind = 'national_park_buffer') AS env_national_park_buffer_m,
         min(q.d) FILTER (WHERE q.kind = 'landscape_park') AS env_landscape_park_m,
         min(q.d) FILTER (WHERE q.kind = 'protected_landscape_area') AS env_protected_landscape_area_m,
         min(q.d) FILTER (WHERE q.kind = 'nature_reserve') AS env_nature_reserve_m,
         min(q.d) FILTER (WHERE q.kind = 'nature_landscape_complex') AS env_nature_landscape_complex_m,
         min(q.d) FILTER (WHERE q.kind = 'ecological_site') AS env_ecological_site_m,
         min(q.d) FILTER (WHERE q.kind = 'natural_monument') AS env_natural_monument_m,
         min(q.d) FILTER (WHERE q.kind = 'ramsar_wetland') AS env_ramsar_wetland_m,
         min(q.d) FILTER (WHERE q.kind = 'biosphere_reserve') AS env_biosphere_reserve_m,
         min(q.d) FILTER (WHERE q.kind = 'forest_promotional_complex') AS env_forest_promotional_complex_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_10pct') AS env_flood_risk_10pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_1pct') AS env_flood_risk_1pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_risk_02pct') AS env_flood_risk_02pct_m,
         min(q.d) FILTER (WHERE q.kind = 'flood_embankment_failure') AS env_flood_embankment_failure_m,
         min(q.d) FILTER (WHERE q.kind = 'wetland') AS env_wetland_m
  FROM (SELECT s.kind, ST_Distance(s.geom, t.geom) AS d FROM layer_pub.env_layers_subdivided s
        WHERE ST_DWithin(s.geom, t.geom, 1000)) q) env ON true;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (19 of 26)
-- $1 = "3021093"
INSERT INTO search.parcel_geometry (parcel_id, teryt, geom) SELECT p.id, p.teryt, p.geom FROM layer_pub.parcels p WHERE p.teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (20 of 26)
-- $1 = "3021093"
DELETE FROM search.parcel_adjacency WHERE teryt = $1;

-- buildGmina, a neighbour across the border without a key (keyed, and the gmina built again) (21 of 26)
-- $1 = "3021093"
WITH near AS MATERIALIZED (
       SELECT a.id AS a_id, b.id AS b_id, a.teryt, ST_Distance(a.geom, b.geom) AS gap_m,
              (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = a.id) AS a_key,
              (SELECT k.parcel_key FROM search.parcel_keys k WHERE k.parcel_id = b.id) AS b_key
       FROM layer_pub.parcels a
       JOIN layer_pub.parcels b ON ST_DWithin(b.geom, a.geom, 50) AND b.id <> a.id
       WHERE a.teryt = $1 AND (b.teryt <> a.teryt OR a.id < b.id COLLATE "C")),
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
-- $2 = "{\"admin_bounds\":0,\"buildings\":0,\"env_layers\":0,\"grid_capacity\":0,\"kowr_land\":0,\"land_cover\":0,\"mpzp_plans\":0,\"mpzp_zones\":0,\"parcels\":0,\"plan_ogolny_zones\":0,\"planned_roads\":0,\"power_lines\":0,\"power_substations\":0,\"services_poi\":0,\"solar_irradiance\":0,\"terrain_stats\":0,\"transactions\":0,\"transport_stops\":0,\"waterways\":0}"
-- $3 = 42
-- $4 = 0
-- $5 = 2
INSERT INTO search.index_builds (teryt, versions, parcels, duration_ms, built_at, evidence, adjacency, format)
       VALUES ($1, $2::jsonb, $3, $4, now(), (
SELECT jsonb_build_object(
         'zoning_unknown_local', count(*) FILTER (WHERE local_plan IN ('zones_missing', 'boundaries_missing')),
         'zoning_unknown_general', count(*) FILTER (WHERE zoning_source = 'unknown' AND local_plan = 'none'),
         'plan_boundaries_missing', bool_or(local_plan = 'boundaries_missing'),
         'land_use_unknown', count(*) FILTER (WHERE land_use_kinds IS NULL),
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
-- $1 = ["admin_bounds","buildings","env_layers","grid_capacity","kowr_land","land_cover","mpzp_plans","mpzp_zones","parcels","plan_ogolny_zones","planned_roads","power_lines","power_substations","services_poi","solar_irradiance","terrain_stats","transactions","transport_stops","waterways"]
SELECT layer_id, version FROM layer_pub.layer_versions WHERE layer_id = ANY($1::text[]);

-- builds
SELECT teryt, versions, adjacency, format FROM search.index_builds ORDER BY teryt;

-- markCurrent
-- $1 = ["3021093","3064011"]
-- $2 = "buildings"
-- $3 = 7
UPDATE search.index_builds SET versions = versions || jsonb_build_object($2::text, $3::int)
WHERE teryt = ANY($1::text[]) AND COALESCE((versions->>$2)::int, 0) < $3;
