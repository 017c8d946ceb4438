import {
  BLOCKING_ZONES,
  canonicalZoningSymbol,
  expandKinds,
  findLayer,
  hasSubdividedView,
  nearAnyCriterionId,
  NO_KOWR_PRE_EMPTION_CRITERION,
  OWNERSHIP_GROUP_CRITERION,
  PRICE_ESTIMATE_CRITERION,
  NOT_CONTAMINATED_CRITERION,
  whereConditions,
  type AttributeType,
  type ExcludeFilter,
  type FarFilter,
  type LayerDefinition,
  type NearFilter,
  type SearchFilters,
  type WhereCondition,
  type ZoningFilter,
  ZONING_CATEGORY_GROUPS,
} from '@lp/contracts';
import { BLOCKING_FORMAT, BLOCKING_OVERLAP_LAYERS, ENV_KINDS, ENV_REACH_M, envColumn, FIRST_INDEX_FORMAT, FRONT_COLUMNS, FRONTS_FORMAT, nearestColumnsAt, PLAN_OGOLNY_CATEGORY, type FrontColumn, type NearestColumn } from '../search-index/index-columns.js';
import type { SqlParams } from '@lp/db';
import { kowrPreEmptionSql } from './kowr-pre-emption-sql.js';
import { ownershipGroupSql } from './ownership-group-sql.js';
import { comparablesJoinSql, priceEstimatePassesSql, priceEstimateSelectSql } from './price-estimate-sql.js';

/**
 * One criterion as SQL over the search index row `i` (and, for spatial fallbacks, the parcel
 * geometry `p.geom`). `passes` is what a parcel must satisfy where the criterion's data exists;
 * `unknown`, for screening criteria, is true where the row itself lacks the value.
 */
export interface CriterionSql {
  passes: string;
  unknown?: string;
  /** The predicate reads `p.geom`: the query joins the parcel geometry. */
  spatial: boolean;
  /** For near criteria answered from the index: the measured distance and the feature's name. */
  distance?: string;
  featureName?: string;
  /** near_any: each alternative's predicate (`passes` is their OR), for judging them one by one. */
  alternatives?: string[];
  /** A derived table the predicate reads, LEFT JOINed once to the index rows (price_estimate's comparables). */
  join?: string;
  /** Columns of that table each matched row carries, for the result. */
  carries?: string[];
}

const IDENTIFIER = /^[a-z][a-z0-9_]*$/;

/** Layer and attribute names come from requests checked against the catalogue; checked again before they reach SQL. */
function identifier(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`unexpected identifier ${name}`);
  return name;
}

export function layerOf(id: string): LayerDefinition {
  const layer = findLayer(id);
  if (!layer) throw new Error(`layer ${id} is not in the catalogue`);
  return layer;
}

/** Concrete kinds a filter names, or every kind of the layer when it names none. */
export function kindsOf(layer: LayerDefinition, kinds: readonly string[] | undefined): string[] {
  return kinds === undefined ? layer.kinds.map((k) => k.id) : expandKinds(layer.id, kinds);
}

export function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

const PG_TYPE: Record<AttributeType, string> = { number: 'float8', integer: 'float8', date: 'date', string: 'text', boolean: 'boolean' };

function conditionSql(layer: LayerDefinition, condition: WhereCondition, params: SqlParams): string {
  const attribute = layer.attributes.find((a) => a.name === condition.attribute);
  if (!attribute) throw new Error(`${condition.attribute} is not an attribute of ${layer.id}`);
  const column = `f.${identifier(attribute.name)}`;
  const type = PG_TYPE[attribute.type];
  switch (condition.operator) {
    case 'gte':
      return `${column} >= ${params.add(condition.value, type)}`;
    case 'lte':
      return `${column} <= ${params.add(condition.value, type)}`;
    case 'eq':
      return `${column} = ${params.add(condition.value, type)}`;
    case 'in':
      return `${column} = ANY(${params.add(condition.value, `${type}[]`)})`;
  }
}

/** Which features of a layer a near, far or exclude filter means: kinds, attribute conditions, named anchors. */
interface FeatureSelection {
  kinds: string[];
  conditions: WhereCondition[];
  /** Feature ids (`layer_pub.<layer>.id`) named as anchors. */
  ids?: readonly string[];
}

/** The selection's conditions on the feature row `f` (without the distance). */
function selectionWhere(layer: LayerDefinition, selection: FeatureSelection, params: SqlParams): string[] {
  const where: string[] = [];
  if (!sameSet(selection.kinds, layer.kinds.map((k) => k.id))) where.push(`f.kind = ANY(${params.add(selection.kinds, 'text[]')})`);
  if (selection.ids) where.push(`f.id = ANY(${params.add(selection.ids, 'text[]')})`);
  for (const condition of selection.conditions) where.push(conditionSql(layer, condition, params));
  return where;
}

/** Features of the layer within `distance` of the parcel, as an EXISTS over the layer's spatial index. */
function featuresWithin(layer: LayerDefinition, selection: FeatureSelection, distance: number, params: SqlParams): string {
  // the small pieces are far cheaper to test; attributes and ids are on the whole feature only
  const pieces = hasSubdividedView(layer) && selection.conditions.length === 0 && !selection.ids;
  const table = pieces ? `layer_pub.${identifier(layer.id)}_subdivided` : `layer_pub.${identifier(layer.id)}`;
  const where = [`ST_DWithin(f.geom, p.geom, ${params.add(distance, 'float8')})`, ...selectionWhere(layer, selection, params)];
  return `EXISTS (SELECT 1 FROM ${table} f WHERE ${where.join(' AND ')})`;
}

/**
 * Named anchors as one geometry, computed once per query (an InitPlan): a distance to a constant
 * geometry lets the parcel outlines' spatial index find the candidates, nationally too.
 */
function anchorGeometry(layer: LayerDefinition, selection: FeatureSelection, params: SqlParams): string {
  return `(SELECT ST_Collect(f.geom) FROM layer_pub.${identifier(layer.id)} f WHERE ${selectionWhere(layer, selection, params).join(' AND ')})`;
}

/** The nearest named anchor's name, for `why` (a handful of features: no index needed). */
function nearestAnchorName(layer: LayerDefinition, selection: FeatureSelection, params: SqlParams): string {
  const where = selectionWhere(layer, selection, params).join(' AND ');
  return `(SELECT f.name FROM layer_pub.${identifier(layer.id)} f WHERE ${where} ORDER BY ST_Distance(f.geom, p.geom), f.id LIMIT 1)`;
}

/**
 * The index column answering a near filter exactly, if there is one that every searched build of
 * at least `format` (SearchPlan.indexFormat) wrote.
 */
export function nearestColumnFor(near: NearFilter, format: number): NearestColumn | undefined {
  if (near.ids) return undefined;
  const layer = layerOf(near.layer);
  const kinds = kindsOf(layer, near.kinds);
  const conditions = whereConditions(near.where ?? {});
  return nearestColumnsAt(format).find((column) => {
    if (column.layer !== near.layer || !sameSet(kindsOf(layer, column.kinds), kinds)) return false;
    if (!column.minimum) return conditions.length === 0;
    const [only] = conditions;
    return conditions.length === 1 && only!.operator === 'gte' && only!.attribute === column.minimum.attribute && only!.value === column.minimum.value;
  });
}

/**
 * The front answering "a feature with attribute >= `atLeast` lies within `distance`" exactly, if the
 * index keeps one (index-columns.ts FrontColumn): every kind of the layer, one `gte` condition on
 * the front's attribute, within its reach.
 */
export function frontFor(filter: DistanceFilter, distance: number): { front: FrontColumn; atLeast: number } | undefined {
  if (filter.ids) return undefined;
  const layer = layerOf(filter.layer);
  if (!sameSet(kindsOf(layer, filter.kinds), layer.kinds.map((k) => k.id))) return undefined;
  const conditions = whereConditions(filter.where ?? {});
  const only = conditions.length === 1 && conditions[0]!.operator === 'gte' ? conditions[0]! : undefined;
  if (!only || typeof only.value !== 'number' || !Number.isFinite(only.value)) return undefined;
  const front = FRONT_COLUMNS.find((f) => f.layer === layer.id && f.attribute === only.attribute && distance <= f.reachM);
  return front ? { front, atLeast: only.value } : undefined;
}

/**
 * How near, far and exclude filters may read the search index: `columns` false is the spatial path
 * (joins on the layers only); `format`, the oldest format (index-columns.ts INDEX_FORMAT) of the
 * builds the search reads (SearchPlan.indexFormat): a column those builds did not all write is not
 * read, and from FRONTS_FORMAT on a front needs no spatial fallback.
 */
export interface IndexUse {
  columns: boolean;
  format: number;
}

/**
 * "A feature meant lies within `distance` of the parcel", without the distance itself: from the
 * named anchors, an index column answering it exactly, or a spatial join (bounded first by the
 * any-kind column where the index keeps one). Null where the index knows no feature within reach.
 */
function withinSql(
  filter: DistanceFilter,
  distance: number,
  params: SqlParams,
  index: IndexUse,
): CriterionSql & { column?: NearestColumn; anchors?: string; frontDistance?: string } {
  const layer = layerOf(filter.layer);
  const selection: FeatureSelection = { kinds: kindsOf(layer, filter.kinds), conditions: whereConditions(filter.where ?? {}) };
  if (filter.ids) {
    // a named anchor: the distance is measured to that feature only, never to the nearest of its kind
    const anchors = anchorGeometry(layer, { ...selection, ids: filter.ids }, params);
    return { passes: `ST_DWithin(p.geom, ${anchors}, ${params.add(distance, 'float8')})`, spatial: true, anchors };
  }
  const column = index.columns ? nearestColumnFor({ layer: filter.layer, within_m: distance, kinds: filter.kinds, where: filter.where }, index.format) : undefined;
  if (column) return { passes: `i.${column.column}_m <= ${params.add(distance, 'float8')}`, spatial: false, column };
  const front = index.columns ? frontFor(filter, distance) : undefined;
  if (front) {
    // A step of the front within the distance offering enough. The steps are in distance order and
    // each offers more than every nearer one, so the last step within the distance offers the most
    // there: width_bucket finds it by bisection (the count of distances <= it; 0, no step, reads
    // null). An EXISTS over the unnested steps was a subplan per row, slower for a national search
    // (docs/performance.md).
    const name = front.front.column;
    const within = params.add(distance, 'float8');
    const atLeast = params.add(front.atLeast, 'float8');
    const step = `COALESCE(i.${name}_value[width_bucket(${within}, i.${name}_m)] >= ${atLeast}, false)`;
    // A row built before the fronts (null) is answered by the join over its own outline, so the
    // query needs no geometry for the others. Only where such rows may be read: the join is a
    // correlated subplan, which keeps the whole scan out of parallel workers (several times slower
    // for a national search: docs/performance.md).
    const stepOrJoin = index.format >= FRONTS_FORMAT
      ? step
      : `CASE WHEN i.${name}_m IS NULL THEN EXISTS (SELECT 1 FROM search.parcel_geometry p WHERE p.parcel_id = i.parcel_id AND ${featuresWithin(layer, selection, distance, params)}) ELSE ${step} END`;
    // the nearest feature of any kind bounds it, as it bounds a join: a comparison before the step
    const bound = anyFeatureColumn(layer, index.format);
    // the distance to the nearest step offering enough, with the parameter the step already has (a
    // parameter the statement does not use has no type); only a near miss selects it
    const frontDistance = `(SELECT min(s.d) FROM unnest(i.${name}_m, i.${name}_value) AS s(d, v) WHERE s.v >= ${atLeast})`;
    return { passes: bound ? `i.${bound.column}_m <= ${within} AND ${stepOrJoin}` : stepOrJoin, spatial: false, frontDistance };
  }
  // The nearest feature of any kind of the layer bounds the join: farther than the distance, nothing can qualify.
  const join = featuresWithin(layer, selection, distance, params);
  const bound = index.columns ? anyFeatureColumn(layer, index.format) : undefined;
  return { passes: bound ? `i.${bound.column}_m <= ${params.add(distance, 'float8')} AND ${join}` : join, spatial: true };
}

/** What near and far filters name: a layer's features by kind, attributes or ids. */
type DistanceFilter = Pick<NearFilter, 'layer' | 'kinds' | 'where' | 'ids'>;

export function nearSql(near: NearFilter, params: SqlParams, index: IndexUse): CriterionSql {
  const layer = layerOf(near.layer);
  const conditions = whereConditions(near.where ?? {});
  const only = conditions.length === 1 ? conditions[0]! : undefined;
  const allKinds = sameSet(kindsOf(layer, near.kinds), layer.kinds.map((k) => k.id));
  if (index.columns && near.within_m === 0 && allKinds && !near.ids && !nearestColumnFor(near, index.format)) {
    // intersecting features whose facts the index keeps per parcel (where no nearest-feature column answers exactly)
    if (layer.id === 'solar_irradiance' && conditions.length === 0) return { passes: 'i.solar_yield IS NOT NULL', spatial: false };
    if (layer.id === 'solar_irradiance' && only?.attribute === 'yield_kwh_kwp' && only.operator === 'gte') {
      return { passes: `i.solar_yield >= ${params.add(only.value, 'float8')}`, spatial: false };
    }
    if (layer.id === 'kowr_land' && conditions.length === 0) return { passes: 'i.kowr_overlap', spatial: false };
    if (layer.id === 'buildings' && conditions.length === 0) return { passes: 'i.building_count > 0', spatial: false };
    if (layer.id === 'buildings' && only?.attribute === 'floors' && only.operator === 'lte') {
      return { passes: `i.min_floors <= ${params.add(only.value, 'float8')}`, spatial: false };
    }
  }
  const { passes, spatial, column, anchors, frontDistance } = withinSql(near, near.within_m, params, index);
  // the measured distance and the feature's name, for the result's facts
  if (anchors) {
    const selection = { kinds: kindsOf(layer, near.kinds), conditions, ids: near.ids };
    return { passes, spatial, distance: `ST_Distance(p.geom, ${anchors})`, featureName: nearestAnchorName(layer, selection, params) };
  }
  if (column) return { passes, spatial, distance: `i.${column.column}_m`, featureName: `i.${column.column}_name` };
  // a front's distance has no feature name: a near miss measures by it, a match does not list it
  if (frontDistance) return { passes, spatial, distance: frontDistance };
  return { passes, spatial };
}

/** The index column of the nearest feature of any kind of the layer, if builds of `format` keep one. */
function anyFeatureColumn(layer: LayerDefinition, format: number): NearestColumn | undefined {
  return nearestColumnsAt(format).find((c) => c.layer === layer.id && !c.kinds && !c.minimum);
}

/**
 * A minimum distance: no feature meant lies within beyond_m, i.e. the negation of the same "within".
 * The index's nearest-feature columns reach 50 km (the largest beyond_m), so a null there is "none
 * within reach", i.e. far; whether the layer has data at all is the criterion's coverage, decided
 * before the query.
 */
function farSql(far: FarFilter, params: SqlParams, index: IndexUse): CriterionSql {
  const { passes, spatial, column, anchors } = withinSql(far, far.beyond_m, params, index);
  // the distance measured, where it is at hand (near misses say how much closer a parcel is); no name: it is not a fact of results
  const distance = column ? `i.${column.column}_m` : anchors ? `ST_Distance(p.geom, ${anchors})` : undefined;
  return { passes: `NOT COALESCE(${passes}, false)`, spatial, ...(distance ? { distance } : {}) };
}

/** The index's blocking overlaps answer an exclusion of exactly a layer's blocking kinds on the parcel (builds of BLOCKING_FORMAT on). */
export function blockingOverlapAnswers(layer: string, kinds: readonly string[], buffer: number, format: number): boolean {
  return format >= BLOCKING_FORMAT && buffer === 0 && BLOCKING_OVERLAP_LAYERS.includes(layer) && sameSet(kinds, BLOCKING_ZONES[layer]!);
}

function excludeSql(exclude: ExcludeFilter, params: SqlParams, index: IndexUse): CriterionSql {
  const layer = layerOf(exclude.layer);
  const kinds = kindsOf(layer, exclude.kinds);
  const buffer = exclude.buffer_m ?? 0;
  if (!index.columns) return { passes: `NOT ${featuresWithin(layer, { kinds, conditions: [] }, buffer, params)}`, spatial: true };
  if (layer.id === 'env_layers' && buffer <= ENV_REACH_M && kinds.every((k) => (ENV_KINDS as readonly string[]).includes(k))) {
    const bound = params.add(buffer, 'float8');
    return { passes: kinds.map((k) => `(i.${envColumn(k)} IS NULL OR i.${envColumn(k)} > ${bound})`).join(' AND ') || 'true', spatial: false };
  }
  if (layer.id === 'land_cover' && buffer === 0) {
    return { passes: `NOT (COALESCE(i.land_cover_kinds, '{}'::text[]) && ${params.add(kinds, 'text[]')})`, spatial: false };
  }
  if (layer.id === 'kowr_land' && buffer === 0 && sameSet(kinds, layer.kinds.map((k) => k.id))) {
    return { passes: 'NOT i.kowr_overlap', spatial: false };
  }
  if (blockingOverlapAnswers(layer.id, kinds, buffer, index.format)) {
    return { passes: `NOT (COALESCE(i.blocking_overlaps, '{}'::text[]) && ${params.add([layer.id], 'text[]')})`, spatial: false };
  }
  return { passes: `NOT ${featuresWithin(layer, { kinds, conditions: [] }, buffer, params)}`, spatial: true };
}

/** Categories a binding general-plan zone can prove (PLAN_OGOLNY_CATEGORY's values). */
const GENERAL_PLAN_CATEGORIES = new Set(Object.values(PLAN_OGOLNY_CATEGORY));

/**
 * Which evidence can decide a zoning filter: `local_plan` when only a local-plan zone can satisfy
 * it (require_plan, symbols, or categories no general-plan zone has, such as industrial), so a
 * parcel outside every local plan is proven not to match; `any` when a binding general plan can too.
 */
export function zoningEvidenceScope(zoning: ZoningFilter): 'local_plan' | 'any' {
  if (zoning.require_plan || (zoning.symbols?.length ?? 0) > 0) return 'local_plan';
  if (zoning.buildable) return 'any';
  if (zoning.categories && zoning.categories.length > 0 && !zoning.categories.some((c) => GENERAL_PLAN_CATEGORIES.has(c))) return 'local_plan';
  return 'any';
}

/** Rows whose zoning cannot be proven for this filter: never returned, counted in coverage. */
export function zoningUnknownSql(zoning: ZoningFilter): string {
  return zoningEvidenceScope(zoning) === 'local_plan' ? `i.local_plan IN ('zones_missing', 'boundaries_missing')` : `i.zoning_source = 'unknown'`;
}

/**
 * Zoning from the binding instrument only (design SEARCH.md "Zoning evidence"): a local-plan zone,
 * or where no local plan applies a zone of a general plan in force; unknown and none never pass.
 */
function zoningSql(zoning: ZoningFilter, params: SqlParams): CriterionSql {
  const parts: string[] = [zoning.require_plan ? `i.zoning_source = 'mpzp'` : `i.zoning_source IN ('mpzp', 'plan_ogolny')`];
  if (zoning.categories && zoning.categories.length > 0) parts.push(`i.zoning_category = ANY(${params.add(zoning.categories, 'text[]')})`);
  if (zoning.symbols && zoning.symbols.length > 0) {
    const canonical = [...new Set(zoning.symbols.map((s) => canonicalZoningSymbol(s)).filter((s): s is string => s !== null))];
    parts.push(`i.zoning_source = 'mpzp' AND i.zoning_symbol = ANY(${params.add(canonical, 'text[]')})`);
  }
  if (zoning.buildable) {
    // spec phrase "buildable": residential or service local-plan zones, or general-plan zones that allow building
    const local = `(i.zoning_source = 'mpzp' AND i.zoning_category = ANY(${params.add(ZONING_CATEGORY_GROUPS['buildable']!, 'text[]')}))`;
    parts.push(zoning.require_plan ? local : `(${local} OR (i.zoning_source = 'plan_ogolny' AND i.general_plan_allows_building))`);
  }
  return { passes: parts.join(' AND '), unknown: zoningUnknownSql(zoning), spatial: false };
}

/** Land use from EGiB classes or land cover (the index's land_use_kinds; null: no evidence). */
function landUseSql(kinds: readonly string[], wanted: boolean, params: SqlParams): CriterionSql {
  const overlap = `i.land_use_kinds && ${params.add(kinds, 'text[]')}`;
  return { passes: wanted ? overlap : `NOT (${overlap})`, unknown: 'i.land_use_kinds IS NULL', spatial: false };
}

/** SQL of one criterion, written (and its parameters added) only when the query uses it. */
export type CriterionSqlWriter = (params: SqlParams) => CriterionSql;

/**
 * How near and exclude filters are answered: `index` uses the search index's precomputed columns
 * where one answers the filter exactly and spatial joins otherwise; `spatial` always joins the
 * layers (the reference the tests compare the index with, and the benchmark's plain-SQL baseline).
 */
export type FilterPath = 'index' | 'spatial';

/**
 * Every criterion of the filters, by criterion id (the ids of searchCriteriaOf). `indexFormat`: the
 * oldest format of the builds the search reads (IndexUse); unset, the first (reads only the columns
 * every build has, and keeps the fronts' spatial fallback).
 */
export function criteriaSql(filters: SearchFilters, path: FilterPath = 'index', indexFormat = FIRST_INDEX_FORMAT): Map<string, CriterionSqlWriter> {
  const index: IndexUse = { columns: path === 'index', format: indexFormat };
  const out = new Map<string, CriterionSqlWriter>();
  const { area_sqm: area, zoning, slope_pct: slope, vacant } = filters;
  if (area) {
    out.set('area', (params) => {
      const parts: string[] = [];
      if (area.min !== undefined) parts.push(`i.area_sqm >= ${params.add(area.min, 'float8')}`);
      if (area.max !== undefined) parts.push(`i.area_sqm <= ${params.add(area.max, 'float8')}`);
      return { passes: parts.join(' AND ') || 'true', spatial: false };
    });
  }
  if (zoning) out.set('zoning', (params) => zoningSql(zoning, params));
  const landUse = filters.land_use;
  if (landUse?.kinds) out.set('land_use', (params) => landUseSql(landUse.kinds!, true, params));
  if (landUse?.exclude_kinds) out.set('land_use:exclude', (params) => landUseSql(landUse.exclude_kinds!, false, params));
  if (slope) out.set('slope', (params) => ({ passes: `i.slope_pct <= ${params.add(slope.max, 'float8')}`, unknown: 'i.slope_pct IS NULL', spatial: false }));
  if (vacant !== undefined) out.set('vacant', () => ({ passes: vacant ? 'i.building_count = 0' : 'i.building_count > 0', spatial: false }));
  for (const near of filters.near ?? []) out.set(`near:${near.layer}`, (params) => nearSql(near, params, index));
  for (const exclude of filters.exclude ?? []) out.set(`exclude:${exclude.layer}`, (params) => excludeSql(exclude, params, index));
  for (const far of filters.far ?? []) out.set(`far:${far.layer}`, (params) => farSql(far, params, index));
  for (const nearAny of filters.near_any ?? []) {
    // a parcel passes when any alternative holds, each answered like a near filter
    out.set(nearAnyCriterionId(nearAny.any_of.map((near) => near.layer)), (params) => {
      const alternatives = nearAny.any_of.map((near) => nearSql(near, params, index));
      const passes = alternatives.map((a) => `(${a.passes})`);
      return { passes: passes.join(' OR '), spatial: alternatives.some((a) => a.spatial), alternatives: passes };
    });
  }
  // read from the raw parcels and plan zones on both paths: the in-memory engine has no form of it and leaves the search to PostgreSQL
  if (filters.no_kowr_pre_emption) out.set(NO_KOWR_PRE_EMPTION_CRITERION, (params) => ({ passes: `NOT ${kowrPreEmptionSql(params)}`, spatial: true }));
  const ownership = filters.ownership_groups;
  // the parcel's own attribute in layer_pub.parcels on both paths: the index holds no column of it
  if (ownership) out.set(OWNERSHIP_GROUP_CRITERION, (params) => ({ passes: ownershipGroupSql(ownership, params), spatial: false }));
  const estimate = filters.price_estimate_pln;
  if (estimate) {
    // area × the comparables' median, from layer_pub.transactions on both paths: the in-memory engine has no form of it
    out.set(PRICE_ESTIMATE_CRITERION, (params) => ({
      passes: priceEstimatePassesSql(estimate, params),
      spatial: false,
      join: comparablesJoinSql(params),
      carries: priceEstimateSelectSql(),
    }));
  }
  // no layer: its coverage is always missing, so the query never runs this and every result is flagged unscreened
  if (filters.not_contaminated) out.set(NOT_CONTAMINATED_CRITERION, () => ({ passes: 'true', unknown: 'true', spatial: false }));
  return out;
}
