import { BLOCKING_ZONES, findLayer, NEAR_WITHIN_MAX_M, PLAN_OGOLNY_ZONE_TYPES } from '@lp/contracts';
import { ADJACENCY_REACH_M } from './parcel-adjacency.sql.js';

/**
 * What the search index precomputes per parcel, as data: the engine reads these to decide whether
 * a near or exclude filter is a plain column predicate or needs a spatial join, and the build SQL
 * is generated from them. Every identifier here is checked against the layer catalogue at load.
 */

/** Distances to the nearest feature are kept up to the largest `near.within_m`; farther is null. */
export const NEAREST_REACH_M = NEAR_WITHIN_MAX_M;

/** The nearest feature of one layer (optionally some kinds, a minimum on one attribute), by KNN. */
export interface NearestColumn {
  /** Column prefix: `<column>_m` holds the distance, `<column>_name` the feature's name. */
  column: string;
  layer: string;
  /** Only these kinds of the layer; absent: every kind. */
  kinds?: readonly string[];
  /** Only features with attribute >= value (the `where {<attribute>_gte: value}` it answers). */
  minimum?: { attribute: string; value: number };
  /**
   * The first index format (INDEX_FORMAT) whose builds write it; absent: every build does. Rows of
   * older builds hold null there, which would read as "nothing within reach": until every searched
   * gmina is rebuilt, a filter on the layer joins it instead (nearestColumnsAt).
   */
  since?: number;
}

/**
 * The nearest-feature columns. Each costs the build a KNN probe per 250 m cell of parcels and a few
 * distances per parcel (distance-columns.sql.ts). 220 and 400 kV are left to the spatial join: there
 * are few such substations, so the join is cheap.
 */
export const NEAREST_COLUMNS: readonly NearestColumn[] = [
  { column: 'substation', layer: 'power_substations' },
  { column: 'substation_110', layer: 'power_substations', minimum: { attribute: 'voltage_kv', value: 110 } },
  { column: 'grid_node', layer: 'grid_capacity' },
  { column: 'transit', layer: 'transport_stops' },
  { column: 'school', layer: 'services_poi', kinds: ['school'] },
  { column: 'water', layer: 'waterways', kinds: ['river', 'canal', 'lake', 'reservoir'] },
  { column: 'mv_line', layer: 'power_lines', kinds: ['mv_line', 'mv_cable'] },
  { column: 'planned_road', layer: 'planned_roads' },
  // national "near a charger" searches probed every large parcel against the layer, too slow for
  // the search target; a column answers them like the others
  { column: 'ev_charger', layer: 'ev_chargers', since: 3 },
];

/** The nearest-feature columns every build of at least `format` wrote: those a search of such builds may read. */
export function nearestColumnsAt(format: number): readonly NearestColumn[] {
  return NEAREST_COLUMNS.filter((c) => (c.since ?? FIRST_INDEX_FORMAT) <= format);
}

/**
 * Every feature of a layer within reach that has more of one attribute than every nearer feature: the
 * parcel's staircase ("front") of distance against the best value so far, kept as two arrays in
 * distance order (`<column>_m`, `<column>_value`). It answers "a feature with attribute >= X lies
 * within D" for any X and D exactly: the last step within D holds the most any feature within D has.
 * Grid capacity has one: bess_storage and data_center_site ask for a node of at least N MW within
 * K km, which no nearest-feature column answers (the nearest node may have too little). A few steps a
 * parcel (the records of a random order: about ln n of the n nodes within reach).
 *
 * The build gathers every feature within `reachM` of each 250 m cell of parcels and measures a
 * parcel's distance to the few no nearer feature hides (distance-columns.sql.ts), so the reach
 * is what the scenarios ask (capacity_km at most 30); a farther filter joins the layer.
 */
export interface FrontColumn {
  column: string;
  layer: string;
  /** A number attribute the layer requires (never null). */
  attribute: string;
  reachM: number;
}

export const FRONT_COLUMNS: readonly FrontColumn[] = [{ column: 'grid_front', layer: 'grid_capacity', attribute: 'available_mw', reachM: 30_000 }];

/**
 * What a build wrote, recorded on it (`index_builds.format`): a build of an older format is stale,
 * rebuilt at start-up while it keeps answering. 2: the fronts (null in the rows of older builds);
 * 3: the nearest EV charger; 4: the blocking overlaps (BLOCKING_OVERLAP_LAYERS).
 */
export const INDEX_FORMAT = 4;
/** The format of the first builds (before `index_builds.format` existed): assumed where none is known. */
export const FIRST_INDEX_FORMAT = 1;
/** The first format whose rows carry the fronts (FRONT_COLUMNS): rows of older builds hold null there. */
export const FRONTS_FORMAT = 2;

/** The first format whose rows carry `blocking_overlaps`: rows of older builds hold null there. */
export const BLOCKING_FORMAT = 4;

/**
 * Layers of the blocking zones (BLOCKING_ZONES) outside env_layers, whose distances the index keeps
 * per kind anyway: `blocking_overlaps` lists those whose blocking kinds intersect the parcel, so
 * "No blocking zone" is answered from the index like the rest of a scenario.
 */
export const BLOCKING_OVERLAP_LAYERS: readonly string[] = Object.keys(BLOCKING_ZONES).filter((layer) => layer !== 'env_layers');

/**
 * Exclusion distances kept per kind of env_layers, up to this many metres (the scenarios' buffers
 * are 100 m and 1 km); a larger buffer falls back to a spatial join.
 */
export const ENV_REACH_M = 1000;

export const ENV_KINDS = [
  'natura2000_habitat',
  'natura2000_birds',
  'national_park',
  'national_park_buffer',
  'landscape_park',
  'protected_landscape_area',
  'nature_reserve',
  'nature_landscape_complex',
  'ecological_site',
  'natural_monument',
  'ramsar_wetland',
  'biosphere_reserve',
  'forest_promotional_complex',
  'flood_risk_10pct',
  'flood_risk_1pct',
  'flood_risk_02pct',
  'flood_embankment_failure',
  'wetland',
] as const;

export function envColumn(kind: string): string {
  return `env_${kind}_m`;
}

/**
 * Plan ogólny zone kinds as zoning categories of the taxonomy, for `zoning` without require_plan
 * where no local plan covers the parcel and the general plan binds. Infill and inner-city areas are
 * overlays, not zones. The economic zone (SP) has no category: the spec's industrial zoning is the
 * local-plan P, PU and P/U only; an SP zone counts as buildable through its allows_building.
 */
export const PLAN_OGOLNY_CATEGORY: Readonly<Record<string, string>> = {
  multifunctional_multi_family: 'residential_multi',
  multifunctional_single_family: 'residential_single',
  multifunctional_farmstead: 'residential_single',
  services: 'commercial_services',
  large_retail: 'commercial_services',
  agricultural_production: 'agricultural',
  renewable_energy: 'infrastructure',
  green_recreation: 'green_recreation',
  cemetery: 'cemetery',
  mining: 'mining',
  open_area: 'other',
  transport: 'transport',
};

/** Plan ogólny zone kinds (the overlays left out): the dominant one decides where the plan binds. */
export const PLAN_OGOLNY_ZONE_KINDS: readonly string[] = PLAN_OGOLNY_ZONE_TYPES.map((z) => z.kind);

/** Layers the index is derived from, with how far a change in one gmina reaches parcels elsewhere. */
export const INDEX_LAYER_REACH_M: Readonly<Record<string, number>> = {
  // a parcel's neighbour pairs (parcel-adjacency.sql.ts) reach across a gmina border
  parcels: ADJACENCY_REACH_M,
  admin_bounds: 0,
  mpzp_plans: 0,
  mpzp_zones: 0,
  plan_ogolny_zones: 0,
  terrain_stats: 0,
  buildings: 0,
  solar_irradiance: 0,
  land_cover: 0,
  kowr_land: 0,
  transactions: 0,
  ...Object.fromEntries(BLOCKING_OVERLAP_LAYERS.map((layer) => [layer, 0])),
  env_layers: ENV_REACH_M,
  // a layer with both keeps the nearest-feature columns' reach, the larger
  ...Object.fromEntries(FRONT_COLUMNS.map((c) => [c.layer, c.reachM])),
  ...Object.fromEntries(NEAREST_COLUMNS.map((c) => [c.layer, NEAREST_REACH_M])),
};

export const INDEX_LAYERS: readonly string[] = Object.keys(INDEX_LAYER_REACH_M).sort();

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/** Fails at start-up when a column definition names something the catalogue does not have. */
export function checkIndexColumns(): void {
  for (const column of NEAREST_COLUMNS) {
    const layer = findLayer(column.layer);
    if (!layer || !IDENTIFIER.test(column.column)) throw new Error(`search index column ${column.column}: unknown layer ${column.layer}`);
    for (const kind of column.kinds ?? []) if (!layer.kinds.some((k) => k.id === kind)) throw new Error(`search index column ${column.column}: ${kind} is not a kind of ${column.layer}`);
    if (column.minimum && !layer.attributes.some((a) => a.name === column.minimum!.attribute)) throw new Error(`search index column ${column.column}: no attribute ${column.minimum.attribute}`);
  }
  for (const front of FRONT_COLUMNS) {
    const attribute = findLayer(front.layer)?.attributes.find((a) => a.name === front.attribute);
    if (!attribute || attribute.type !== 'number' || !attribute.required || !IDENTIFIER.test(front.column)) {
      throw new Error(`search index front ${front.column}: ${front.layer} has no required number attribute ${front.attribute}`);
    }
  }
  const env = findLayer('env_layers');
  for (const kind of ENV_KINDS) if (!env?.kinds.some((k) => k.id === kind)) throw new Error(`search index: ${kind} is not a kind of env_layers`);
}
