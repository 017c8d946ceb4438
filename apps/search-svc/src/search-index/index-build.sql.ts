import { BLOCKING_ZONES, EGIB_CLASS_LAND_USE, LAND_COVER_LAND_USE, PLAN_OGOLNY_BINDING_STATUSES } from '@lp/contracts';
import { distanceColumnCtes, distanceColumnJoins, featureConditions } from './distance-columns.sql.js';
import { parcelKeyOf } from './parcel-adjacency.sql.js';
import {
  BLOCKING_OVERLAP_LAYERS,
  ENV_KINDS,
  envColumn,
  FRONT_COLUMNS,
  NEAREST_COLUMNS,
  NEAREST_REACH_M,
  PLAN_OGOLNY_CATEGORY,
  PLAN_OGOLNY_ZONE_KINDS,
} from './index-columns.js';

/** Every name below comes from index-columns.ts (checked against the catalogue), never from input. */
function quoted(values: readonly string[]): string {
  return values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
}

/**
 * The nearest-feature columns and fronts that have a feature within reach of the gmina's parcels
 * (their extent: any parcel's nearest feature within reach is within reach of it), the build's $6.
 * $1 the gmina TERYT.
 */
export function nearestCandidatesSql(): string {
  const probed: Array<{ column: string; layer: string; conditions: string[]; reachM: number }> = [
    ...NEAREST_COLUMNS.map((column) => ({ column: column.column, layer: column.layer, conditions: featureConditions(column), reachM: NEAREST_REACH_M })),
    ...FRONT_COLUMNS.map((front) => ({ column: front.column, layer: front.layer, conditions: [], reachM: front.reachM })),
  ];
  const checks = probed.map(
    (column) => `CASE WHEN EXISTS (SELECT 1 FROM layer_pub.${column.layer} f
                        WHERE ${[`ST_DWithin(f.geom, e.box, ${column.reachM})`, ...column.conditions].join(' AND ')})
                 THEN '${column.column}' END`,
  );
  return `WITH e AS (SELECT ST_SetSRID(ST_Extent(p.geom)::geometry, 2180) AS box FROM layer_pub.parcels p WHERE p.teryt = $1)
    SELECT array_remove(ARRAY[${checks.join(',\n      ')}]::text[], NULL) AS columns FROM e`;
}

/**
 * Per parcel of the gmina, the zone of a planning layer covering the largest share (at least 1 %) of
 * it, as parcel detail picks it (ties: the smaller id): a CTE joined on the parcel id. The layer's
 * pieces near the gmina drive the loop (LATERAL over the parcels they meet, measured before grouping):
 * PostGIS prepares a piece once for every parcel it meets, and a piece that covers a parcel whole
 * skips the overlay. Probing piece by piece per parcel deserialised each piece again for every parcel
 * it touched (plan ogólny zones were a tenth of Poznań's build).
 */
function dominantZoneCte(alias: string, layer: string, columns: string, pieceKinds?: readonly string[]): string {
  const kindFilter = pieceKinds ? ` AND s.kind IN (${quoted(pieceKinds)})` : '';
  return `${alias} AS (
      SELECT DISTINCT ON (o.parcel_id) o.parcel_id, ${columns}
      FROM (
        SELECT x.parcel_id, s.fid, sum(x.covered) AS covered, min(x.area) AS area
        FROM layer_pub.${layer}_subdivided s
        CROSS JOIN LATERAL (
          SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
                 CASE WHEN ST_Covers(s.geom, p.geom) THEN ST_Area(p.geom) ELSE ST_Area(ST_Intersection(s.geom, p.geom)) END AS covered
          FROM layer_pub.parcels p
          WHERE p.teryt = $1 AND ST_Intersects(s.geom, p.geom)
          OFFSET 0 -- measured here, while the piece is the same, not after the rows are sorted for grouping
        ) x
        WHERE s.geom && (SELECT e.box FROM extent e)${kindFilter}
        GROUP BY x.parcel_id, s.fid
      ) o
      JOIN layer_pub.${layer} f ON f.fid = o.fid
      WHERE o.covered >= 0.01 * o.area
      ORDER BY o.parcel_id, o.covered DESC, f.id
    )`;
}

function textArray(values: readonly string[]): string {
  return `ARRAY[${quoted(values)}]::text[]`;
}

/** Land-use kinds proven by the parcel's EGiB classes (contracts' EGIB_CLASS_LAND_USE), an empty array when none. */
const EGIB_LAND_USE_SQL = `ARRAY(
      SELECT DISTINCT k FROM unnest(string_to_array(t.land_use_classes, ',')) AS c(v)
      CROSS JOIN LATERAL unnest(CASE ${EGIB_CLASS_LAND_USE.map((r) => `WHEN btrim(c.v) ~ '${r.pattern}' THEN ${textArray(r.kinds)}`).join(' ')}
                                ELSE ARRAY[]::text[] END) AS k
      ORDER BY k)`;

/**
 * Land cover per parcel of the gmina and kind, pieces driving the loop as in dominantZoneCte: `lc` the
 * kinds meeting the parcel, `lcu` the land-use kinds of the cover over at least 1 % of a parcel
 * without EGiB classes, where the gmina has land cover ($5; only those parcels' shares are measured).
 */
const LAND_COVER_CTES = `land_cover AS (
      SELECT x.parcel_id, s.kind, sum(x.covered) AS covered, min(x.area) AS area
      FROM layer_pub.land_cover_subdivided s
      CROSS JOIN LATERAL (
        SELECT p.id AS parcel_id, greatest(ST_Area(p.geom), 1) AS area,
               CASE WHEN NOT $5 OR COALESCE(btrim(p.land_use_classes), '') <> '' OR s.kind NOT IN (${quoted(Object.keys(LAND_COVER_LAND_USE))}) THEN NULL
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
      CROSS JOIN LATERAL unnest(CASE l.kind ${Object.entries(LAND_COVER_LAND_USE)
        .map(([kind, kinds]) => `WHEN '${kind}' THEN ${textArray(kinds)}`)
        .join(' ')} END) AS k
      WHERE l.covered >= 0.01 * l.area
      GROUP BY l.parcel_id
    )`;

/**
 * Which instrument decides the parcel's zoning (design SEARCH.md "Zoning evidence"): the local
 * plan's zone; unknown inside a plan whose zones we lack, or where plan boundaries are missing; a
 * binding general plan only where no local plan applies (unknown where the gmina's general plan
 * is not in our data); otherwise none. $3: mpzp_plans has data in the gmina, $4: plan_ogolny_zones has.
 */
const ZONING_EVIDENCE_JOINS = `CROSS JOIN LATERAL (
      SELECT CASE WHEN mz.symbol IS NOT NULL OR mz.category IS NOT NULL THEN 'zone'
                  WHEN mp.plan_name IS NOT NULL THEN 'zones_missing'
                  WHEN NOT $3 THEN 'boundaries_missing'
                  ELSE 'none' END AS local_plan) lp
    CROSS JOIN LATERAL (
      SELECT CASE WHEN lp.local_plan = 'zone' THEN 'mpzp'
                  WHEN lp.local_plan <> 'none' THEN 'unknown'
                  WHEN po.kind IS NOT NULL AND po.status IN (${quoted(PLAN_OGOLNY_BINDING_STATUSES)}) THEN 'plan_ogolny'
                  WHEN po.kind IS NULL AND NOT $4 THEN 'unknown'
                  ELSE 'none' END AS source) zs`;

const PLAN_OGOLNY_CASE = `CASE po.kind ${Object.entries(PLAN_OGOLNY_CATEGORY)
  .map(([kind, category]) => `WHEN '${kind}' THEN '${category}'`)
  .join(' ')} END`;

/**
 * One gmina's rows of the search index, derived from layer_pub in one statement, each with its parcel
 * key (null where the parcel has none yet: the build checks). $1 is the gmina
 * TERYT, $2 whether the buildings layer has data there (building counts are only facts where it
 * has), $3, $4 and $5 whether mpzp_plans, plan_ogolny_zones and land_cover have, $6 the
 * nearest-feature columns worth probing (nearestCandidatesSql). Zoning symbols are canonicalised afterwards, in TypeScript (the taxonomy lives there).
 */
export function indexBuildSql(): string {
  const nearestColumns = NEAREST_COLUMNS.flatMap((c) => [`${c.column}.m`, `${c.column}.name`]);
  return `
    INSERT INTO search.parcel_index (
      parcel_id, parcel_key, teryt, gmina_name, area_sqm, zoning_source, zoning_category, zoning_symbol_raw,
      local_plan, zoning_missing_plan, general_plan_allows_building, land_use_kinds, land_use_source, slope_pct,
      building_count, max_floors, min_floors,
      ${NEAREST_COLUMNS.map((c) => `${c.column}_m, ${c.column}_name`).join(', ')},
      grid_node_mw, solar_yield, land_cover_kinds, kowr_overlap, blocking_overlaps,
      ${ENV_KINDS.map(envColumn).join(', ')},
      ${FRONT_COLUMNS.map((f) => `${f.column}_m, ${f.column}_value`).join(', ')},
      price_per_sqm_pln)
    WITH t AS (
      -- the key given before the build's transaction (a scalar subquery: one probe of its primary key per parcel)
      SELECT p.id, ${parcelKeyOf('p.id')} AS parcel_key, p.teryt, p.geom, COALESCE(p.area_sqm, ST_Area(p.geom)) AS area_sqm, greatest(ST_Area(p.geom), 1) AS area,
             p.land_use_classes, COALESCE(btrim(p.land_use_classes), '') <> '' AS has_classes
      FROM layer_pub.parcels p WHERE p.teryt = $1
    ), extent AS MATERIALIZED (
      SELECT ST_SetSRID(ST_Extent(t.geom)::geometry, 2180) AS box FROM t
    ),
    ${dominantZoneCte('mz', 'mpzp_zones', 'f.symbol, f.category')},
    ${dominantZoneCte('mp', 'mpzp_plans', 'f.plan_name')},
    ${dominantZoneCte('po', 'plan_ogolny_zones', 'f.kind, f.status, f.allows_building', PLAN_OGOLNY_ZONE_KINDS)},
    ${LAND_COVER_CTES},
    ${distanceColumnCtes()},
    price AS (
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY x.price_per_sqm_pln) AS median
      FROM layer_pub.transactions x WHERE x.kind = 'land' AND x.teryt = $1 AND x.price_per_sqm_pln > 0
    )
    SELECT t.id, t.parcel_key, t.teryt, (SELECT g.name FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND g.id = $1 LIMIT 1), t.area_sqm,
           zs.source,
           CASE zs.source WHEN 'mpzp' THEN mz.category WHEN 'plan_ogolny' THEN ${PLAN_OGOLNY_CASE} END,
           CASE WHEN zs.source = 'mpzp' THEN mz.symbol END,
           lp.local_plan,
           CASE WHEN lp.local_plan = 'zones_missing' THEN mp.plan_name END,
           CASE WHEN zs.source = 'plan_ogolny' THEN COALESCE(po.allows_building, false) END,
           CASE WHEN t.has_classes THEN ${EGIB_LAND_USE_SQL} WHEN $5 THEN COALESCE(lcu.kinds, '{}'::text[]) END,
           CASE WHEN t.has_classes THEN 'egib' WHEN $5 THEN 'land_cover' END,
           ts.slope_mean_pct,
           CASE WHEN $2 THEN b.count END, CASE WHEN $2 THEN COALESCE(b.max_floors, 0) END, b.min_floors,
           ${nearestColumns.join(', ')},
           grid_node.mw, solar.yield, lc.kinds, kowr.overlap, blocking.layers,
           ${ENV_KINDS.map((k) => `env.${envColumn(k)}`).join(', ')},
           ${FRONT_COLUMNS.map((f) => `COALESCE(${f.column}.m, '{}'), COALESCE(${f.column}.v, '{}')`).join(', ')},
           (SELECT median FROM price)
    FROM t
    LEFT JOIN mz ON mz.parcel_id = t.id
    LEFT JOIN mp ON mp.parcel_id = t.id
    LEFT JOIN po ON po.parcel_id = t.id
    ${ZONING_EVIDENCE_JOINS}
    LEFT JOIN lcu ON lcu.parcel_id = t.id
    LEFT JOIN lc ON lc.parcel_id = t.id
    LEFT JOIN layer_pub.terrain_stats ts ON ts.id = t.id
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS count, max(f.floors)::int AS max_floors, min(f.floors)::int AS min_floors
      FROM layer_pub.buildings f WHERE ST_Intersects(f.geom, t.geom)) b ON true
    ${distanceColumnJoins()}
    LEFT JOIN LATERAL (
      SELECT max(f.yield_kwh_kwp) AS yield FROM layer_pub.solar_irradiance f WHERE ST_Intersects(f.geom, t.geom)) solar ON true
    LEFT JOIN LATERAL (
      SELECT EXISTS (SELECT 1 FROM layer_pub.kowr_land_subdivided s WHERE ST_Intersects(s.geom, t.geom)) AS overlap) kowr ON true
    LEFT JOIN LATERAL (${blockingOverlapsSql()}) blocking ON true`;
}

/**
 * The layers of BLOCKING_OVERLAP_LAYERS whose blocking kinds intersect the parcel `t` (an empty
 * array: none). Layer ids and kinds come from our own catalogue (checked in libs/contracts).
 */
function blockingOverlapsSql(): string {
  const probes = BLOCKING_OVERLAP_LAYERS.map(
    (layer) =>
      `SELECT '${layer}'::text AS layer WHERE EXISTS (SELECT 1 FROM layer_pub.${layer}_subdivided s ` +
      `WHERE s.kind IN (${quoted(BLOCKING_ZONES[layer]!)}) AND ST_Intersects(s.geom, t.geom))`,
  );
  return `SELECT COALESCE(array_agg(b.layer ORDER BY b.layer), '{}'::text[]) AS layers FROM (${probes.join(' UNION ALL ')}) b`;
}
