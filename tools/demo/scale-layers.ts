import { plotsSql, type ParcelGeometry } from './scale-parcels.js';

/**
 * The national layers of the scale dataset, so that broad national searches match and rank millions
 * of parcels on data rather than on "unscreened": per gmina, over the block of synthetic plots
 * (scale.ts), terrain statistics per plot, one solar-yield cell and one land-cover polygon; and one
 * grid-capacity node at every real substation of 110 kV and more. All generated, and each source
 * says so. Every value is a function of position or id, so two runs write the same files.
 */

/** The layers written beside parcels.geojsonl, in the order they are loaded (parcels go last). */
export const SCALE_LAYERS = ['terrain_stats', 'solar_irradiance', 'land_cover', 'grid_capacity'] as const;

/**
 * One gmina's block: parcels around its point on surface (scale-parcels.ts: realistic or the former
 * rectangles), numbered row by row (precinct ids 9xxx never clash with the demo's real precincts).
 * Returns (layer, line, area, vertices) rows: a parcel (with its area and vertex count, for the
 * generator's statistics) and its terrain statistics per plot, and the block's solar cell and
 * land-cover polygon. $1 gmina TERYT, $2 parcels, then plotsParams(geometry).
 *
 * Slope: a smooth surface of three waves (0 to about 9 %, so "slope at most 5 %" keeps roughly
 * two thirds); land cover: mostly arable, with grassland, forest and orchard blocks by gmina code
 * (so solar's "not forest" excludes whole blocks); yield: the demo generator's south-west gradient.
 */
export function gminaBlockSql(geometry: ParcelGeometry): string {
  return `
  WITH g AS (
    SELECT id, ST_PointOnSurface(geom) AS c, $2::int AS quota FROM layer_pub.admin_bounds WHERE id = $1
  ) ${plotsSql(geometry)}
  , numbered AS (
    SELECT p.*, format('%s_%s.%s', left(id, 6), right(id, 1), 9000 + n / 1000) AS precinct,
           format('%s_%s.%s.%s', left(id, 6), right(id, 1), 9000 + n / 1000, n % 1000 + 1) AS id_text,
           ST_AsGeoJSON(ST_Transform(geom, 4326), 7)::json AS geojson,
           ST_X(ST_Centroid(geom)) AS x, ST_Y(ST_Centroid(geom)) AS y
    FROM plots p
  ), terrain AS (
    SELECT numbered.*,
           round(abs(4 * sin(x / 1500) + 3 * cos(y / 1100) + 2 * sin((x + y) / 400))::numeric, 2) AS slope,
           round((120 + 60 * sin(x / 40000) + 40 * cos(y / 30000))::numeric, 1) AS elevation
    FROM numbered
  ), block AS (
    SELECT g.id, ST_Envelope(ST_Collect(p.geom)) AS geom FROM g JOIN plots p ON p.id = g.id GROUP BY g.id
  )
  SELECT 'parcels' AS layer, json_build_object(
    'type', 'Feature',
    'properties', json_build_object(
      'id', id_text, 'kind', 'parcel', 'name', NULL, 'teryt', id,
      'parcel_id', id_text, 'parcel_number', (n % 1000 + 1)::text, 'precinct_id', precinct, 'area_sqm', round(area::numeric, 1)),
    'geometry', geojson)::text AS line, area, ST_NPoints(geom) AS vertices
  FROM numbered
  UNION ALL
  SELECT 'terrain_stats', json_build_object(
    'type', 'Feature',
    'properties', json_build_object(
      'id', id_text, 'kind', 'parcel_terrain', 'name', NULL, 'teryt', id, 'parcel_id', id_text,
      'elevation_min_m', elevation - 1 - slope / 4, 'elevation_max_m', elevation + 1 + slope / 4, 'elevation_mean_m', elevation,
      'slope_mean_pct', slope, 'slope_p90_pct', round(slope * 1.6, 2),
      'aspect', (ARRAY['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'])[1 + (n % 8)], 'dem_resolution_m', 1),
    'geometry', geojson)::text, NULL, NULL
  FROM terrain
  UNION ALL
  SELECT 'solar_irradiance', json_build_object(
    'type', 'Feature',
    'properties', json_build_object(
      'id', 'scale-' || b.id, 'kind', 'yield_cell', 'name', NULL, 'teryt', b.id,
      'yield_kwh_kwp', round((1022 + 12 * (ST_X(c.pt) - 19) - 20 * (ST_Y(c.pt) - 52))::numeric, 1),
      'cell_size_m', round(sqrt(ST_Area(b.geom))::numeric)),
    'geometry', ST_AsGeoJSON(ST_Transform(b.geom, 4326), 7)::json)::text, NULL, NULL
  FROM block b CROSS JOIN LATERAL (SELECT ST_Transform(ST_Centroid(b.geom), 4326) AS pt) c
  UNION ALL
  SELECT 'land_cover', json_build_object(
    'type', 'Feature',
    'properties', json_build_object(
      'id', 'scale-' || b.id, 'name', NULL, 'teryt', b.id,
      'kind', CASE WHEN b.id::int % 20 < 14 THEN 'arable' WHEN b.id::int % 20 < 17 THEN 'grassland' WHEN b.id::int % 20 < 19 THEN 'forest' ELSE 'orchard' END),
    'geometry', ST_AsGeoJSON(ST_Transform(ST_Buffer(b.geom, 1, 'join=mitre'), 4326), 7)::json)::text, NULL, NULL
  FROM block b`;
}

/** The id prefix of the grid-capacity nodes the scale dataset adds. */
export const SCALE_GRID_ID_PREFIX = 'scale-gc-';

/**
 * A grid-capacity node at every real substation of 110 kV and more (OpenStreetMap, in
 * power_substations) that the demo's grid_capacity does not already publish within 100 m; the
 * available capacity is a function of the substation id (0 to 60 MW). The served layer's own scale
 * nodes (an earlier run of demo:scale) do not count: every run writes the same nodes, so a 5 M run
 * after a 1 M run does not shrink the layer to the demo's nodes (the refresh refuses that).
 */
export const GRID_CAPACITY_SQL = `
  SELECT json_build_object(
    'type', 'Feature',
    'properties', json_build_object(
      'id', '${SCALE_GRID_ID_PREFIX}' || s.id, 'kind', CASE WHEN s.voltage_kv >= 220 THEN 'ehv_node' ELSE 'hv_node' END,
      'name', s.name, 'teryt', s.teryt,
      'substation_name', COALESCE(s.name, 'GPZ ' || s.id), 'available_mw', round(((abs(hashtext(s.id)) % 601) / 10.0)::numeric, 1),
      'voltage_kv', s.voltage_kv, 'operator', 'generated (scale dataset)'),
    'geometry', ST_AsGeoJSON(ST_Transform(ST_PointOnSurface(s.geom), 4326), 7)::json)::text AS line
  FROM layer_pub.power_substations s
  WHERE s.voltage_kv >= 110
    AND NOT EXISTS (SELECT 1 FROM layer_pub.grid_capacity c WHERE ST_DWithin(c.geom, s.geom, 100) AND c.id NOT LIKE '${SCALE_GRID_ID_PREFIX}%')
  ORDER BY s.id`;
