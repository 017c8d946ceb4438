import {
  canonicalZoningSymbol,
  nearAnyCriterionId,
  NOT_CONTAMINATED_CRITERION,
  whereConditions,
  ZONING_CATEGORY_GROUPS,
  type ExcludeFilter,
  type FarFilter,
  type NearFilter,
  type SearchFilters,
  type ZoningFilter,
} from '@lp/contracts';
import { ENV_KINDS, ENV_REACH_M, envColumn, FIRST_INDEX_FORMAT } from '../../search-index/index-columns.js';
import { blockingOverlapAnswers, frontFor, kindsOf, layerOf, nearestColumnFor, sameSet, zoningEvidenceScope } from '../filter-sql.js';
import { and, not, or, TRUE, type Expr } from './column-expr.js';
import { frontTestable } from './column-front.js';

/**
 * The criteria of a request as predicates over the in-memory columns: each one mirrors the index
 * path of filter-sql.ts (`passes`, and `unknown` for screening criteria). A criterion that needs a
 * spatial join there (a filter no index column answers, named anchors) has no form here: the whole
 * search then runs in PostgreSQL.
 */
export interface CriterionExpr {
  passes: Expr;
  unknown?: Expr;
}

const cmp = (column: string, op: '<=' | '>=' | '<' | '>' | '=', value: number): Expr => ({ op: 'cmp', column, cmp: op, value });
const isNull = (column: string): Expr => ({ op: 'isNull', column });
const is = (column: string, ...values: string[]): Expr => ({ op: 'in', column, values });

function zoning(filter: ZoningFilter): CriterionExpr {
  const parts: Expr[] = [filter.require_plan ? is('zoning_source', 'mpzp') : is('zoning_source', 'mpzp', 'plan_ogolny')];
  if (filter.categories && filter.categories.length > 0) parts.push(is('zoning_category', ...filter.categories));
  if (filter.symbols && filter.symbols.length > 0) {
    const canonical = [...new Set(filter.symbols.map((s) => canonicalZoningSymbol(s)).filter((s): s is string => s !== null))];
    parts.push(and(is('zoning_source', 'mpzp'), is('zoning_symbol', ...canonical)));
  }
  if (filter.buildable) {
    const local = and(is('zoning_source', 'mpzp'), is('zoning_category', ...ZONING_CATEGORY_GROUPS['buildable']!));
    parts.push(filter.require_plan ? local : or(local, and(is('zoning_source', 'plan_ogolny'), { op: 'bool', column: 'general_plan_allows_building' })));
  }
  const unknown = zoningEvidenceScope(filter) === 'local_plan' ? is('local_plan', 'zones_missing', 'boundaries_missing') : is('zoning_source', 'unknown');
  return { passes: and(...parts), unknown };
}

function landUse(kinds: readonly string[], wanted: boolean): CriterionExpr {
  const overlap: Expr = { op: 'overlaps', column: 'land_use_kinds', values: kinds };
  return { passes: wanted ? overlap : not(overlap), unknown: isNull('land_use_kinds') };
}

/**
 * "Within `distance`" from an index column, as withinSql's index path for builds of at least
 * `format`; undefined where it would join the layer.
 */
function within(filter: Pick<NearFilter, 'layer' | 'kinds' | 'where' | 'ids'>, distance: number, format: number): Expr | undefined {
  if (filter.ids) return undefined;
  const column = nearestColumnFor({ layer: filter.layer, within_m: distance, kinds: filter.kinds, where: filter.where }, format);
  if (column) return cmp(`${column.column}_m`, '<=', distance);
  const front = frontFor(filter, distance);
  // the held front rounds its distances to float32: exact only for a distance float32 holds (column-front.ts)
  if (!front || !frontTestable(distance)) return undefined;
  return { op: 'front', column: front.front.column, within: distance, atLeast: front.atLeast };
}

function near(filter: NearFilter, format: number): Expr | undefined {
  const layer = layerOf(filter.layer);
  const conditions = whereConditions(filter.where ?? {});
  const only = conditions.length === 1 ? conditions[0]! : undefined;
  const allKinds = sameSet(kindsOf(layer, filter.kinds), layer.kinds.map((k) => k.id));
  if (filter.within_m === 0 && allKinds && !filter.ids && !nearestColumnFor(filter, format)) {
    if (layer.id === 'solar_irradiance' && conditions.length === 0) return not(isNull('solar_yield'));
    if (layer.id === 'solar_irradiance' && only?.attribute === 'yield_kwh_kwp' && only.operator === 'gte') return cmp('solar_yield', '>=', Number(only.value));
    if (layer.id === 'kowr_land' && conditions.length === 0) return { op: 'bool', column: 'kowr_overlap' };
    if (layer.id === 'buildings' && conditions.length === 0) return cmp('building_count', '>', 0);
    if (layer.id === 'buildings' && only?.attribute === 'floors' && only.operator === 'lte') return cmp('min_floors', '<=', Number(only.value));
  }
  return within(filter, filter.within_m, format);
}

function far(filter: FarFilter, format: number): Expr | undefined {
  const passes = within(filter, filter.beyond_m, format);
  return passes ? not({ op: 'coalesce', arg: passes, fallback: false }) : undefined;
}

function exclude(filter: ExcludeFilter, format: number): Expr | undefined {
  const layer = layerOf(filter.layer);
  const kinds = kindsOf(layer, filter.kinds);
  const buffer = filter.buffer_m ?? 0;
  if (layer.id === 'env_layers' && buffer <= ENV_REACH_M && kinds.every((k) => (ENV_KINDS as readonly string[]).includes(k))) {
    return kinds.length === 0 ? TRUE : and(...kinds.map((k) => or(isNull(envColumn(k)), cmp(envColumn(k), '>', buffer))));
  }
  // COALESCE(kinds, '{}') && wanted: an array without data overlaps nothing
  if (layer.id === 'land_cover' && buffer === 0) return not({ op: 'coalesce', arg: { op: 'overlaps', column: 'land_cover_kinds', values: kinds }, fallback: false });
  if (layer.id === 'kowr_land' && buffer === 0 && sameSet(kinds, layer.kinds.map((k) => k.id))) return not({ op: 'bool', column: 'kowr_overlap' });
  if (blockingOverlapAnswers(layer.id, kinds, buffer, format)) return not({ op: 'coalesce', arg: { op: 'overlaps', column: 'blocking_overlaps', values: [layer.id] }, fallback: false });
  return undefined;
}

/**
 * The criteria of the filters by criterion id (as criteriaSql), each one the engine can evaluate:
 * a criterion missing here needs PostgreSQL (a spatial join), which matters only where it filters
 * (site assembly judges some criteria over the site instead, in PostgreSQL). `indexFormat`: the
 * oldest format of the builds searched (criteriaSql's); unset, the first.
 */
export function criteriaExprs(filters: SearchFilters, indexFormat = FIRST_INDEX_FORMAT): Map<string, CriterionExpr> {
  const out = new Map<string, CriterionExpr>();
  const { area_sqm: area, slope_pct: slope, vacant } = filters;
  if (area) {
    const parts: Expr[] = [];
    if (area.min !== undefined) parts.push(cmp('area_sqm', '>=', area.min));
    if (area.max !== undefined) parts.push(cmp('area_sqm', '<=', area.max));
    out.set('area', { passes: parts.length > 0 ? and(...parts) : TRUE });
  }
  if (filters.zoning) out.set('zoning', zoning(filters.zoning));
  if (filters.land_use?.kinds) out.set('land_use', landUse(filters.land_use.kinds, true));
  if (filters.land_use?.exclude_kinds) out.set('land_use:exclude', landUse(filters.land_use.exclude_kinds, false));
  if (slope) out.set('slope', { passes: cmp('slope_pct', '<=', slope.max), unknown: isNull('slope_pct') });
  if (vacant !== undefined) out.set('vacant', { passes: cmp('building_count', vacant ? '=' : '>', 0) });
  const add = (id: string, passes: Expr | undefined): void => {
    if (passes) out.set(id, { passes });
  };
  for (const filter of filters.near ?? []) add(`near:${filter.layer}`, near(filter, indexFormat));
  for (const filter of filters.exclude ?? []) add(`exclude:${filter.layer}`, exclude(filter, indexFormat));
  for (const filter of filters.far ?? []) add(`far:${filter.layer}`, far(filter, indexFormat));
  for (const nearAny of filters.near_any ?? []) {
    const alternatives = nearAny.any_of.map((n) => near(n, indexFormat));
    if (alternatives.every((a) => a !== undefined)) add(nearAnyCriterionId(nearAny.any_of.map((n) => n.layer)), or(...(alternatives as Expr[])));
  }
  if (filters.not_contaminated) out.set(NOT_CONTAMINATED_CRITERION, { passes: TRUE, unknown: TRUE });
  return out;
}
