import {
  AppError,
  expandKinds,
  findLayer,
  LAND_USE_KINDS,
  type ExcludeFilter,
  type FarFilter,
  type LandUseFilter,
  type NearAnyFilter,
  type NearFilter,
  type RankBy,
  type SearchFilters,
  type SearchParcelsRequest,
} from '@lp/contracts';
import { listProblems } from '@lp/runtime';
import { formatBbox, parseBbox } from '@lp/geo';
import type { Amount, FilterRule, NearRule } from './scenario-criteria.js';
import type { ScenarioDefinition } from './scenario-definition.js';
import { resolveParameters, resolveWeights, type ParameterValues } from './scenario-overrides.js';

export interface CompileOptions {
  params?: Readonly<Record<string, unknown>>;
  weights?: Readonly<Record<string, unknown>>;
  region?: string;
  bbox?: string;
  limit?: number;
}

/** One rule with the parameter values filled in. */
export type CompiledRule =
  | { filter: 'area_min'; min: number }
  | { filter: 'slope_max'; max: number }
  | { filter: 'zoning'; categories: string[] }
  | { filter: 'vacant'; value: boolean }
  | { filter: 'land_use'; land_use: LandUseFilter }
  | { filter: 'near'; near: NearFilter }
  | { filter: 'near_any'; nearAny: NearAnyFilter }
  | { filter: 'exclude'; exclude: ExcludeFilter }
  | { filter: 'far'; far: FarFilter }
  | { filter: 'not_contaminated' }
  | { filter: 'no_kowr_pre_emption' };

function valueOf(amount: Amount, params: ParameterValues): number {
  if (typeof amount === 'number') return amount;
  const value = params[amount.param];
  if (value === undefined) throw new Error(`parameter ${amount.param} has no value`);
  // km parameters become whole metres: a distance finer than 1 m means nothing to a search
  return amount.factor === undefined ? value : Math.round(value * amount.factor);
}

/** Kind ids in the catalogue's order, with kind groups expanded, so merged lists read the same way every time. */
export function concreteKinds(layerId: string, kinds: readonly string[]): string[] {
  const order = findLayer(layerId)?.kinds.map((k) => k.id) ?? [];
  return expandKinds(layerId, kinds).sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

function compileNear(rule: NearRule, params: ParameterValues): NearFilter {
  const near: NearFilter = { layer: rule.layer, within_m: valueOf(rule.within, params) };
  if (rule.kinds) near.kinds = concreteKinds(rule.layer, rule.kinds);
  if (rule.where) near.where = Object.fromEntries(Object.entries(rule.where).map(([key, amount]) => [key, valueOf(amount, params)]));
  return near;
}

export function compileRule(rule: FilterRule, params: ParameterValues): CompiledRule {
  switch (rule.filter) {
    case 'area_min':
      return { filter: 'area_min', min: valueOf(rule.min, params) };
    case 'slope_max':
      return { filter: 'slope_max', max: valueOf(rule.max, params) };
    case 'zoning':
      return { filter: 'zoning', categories: [...rule.categories] };
    case 'vacant':
      return { filter: 'vacant', value: rule.value };
    case 'land_use': {
      const landUse: LandUseFilter = {};
      if (rule.kinds) landUse.kinds = [...rule.kinds];
      if (rule.exclude_kinds) landUse.exclude_kinds = [...rule.exclude_kinds];
      return { filter: 'land_use', land_use: landUse };
    }
    case 'near':
      return { filter: 'near', near: compileNear(rule, params) };
    case 'near_any':
      return { filter: 'near_any', nearAny: { any_of: rule.alternatives.map((alternative) => compileNear(alternative, params)) } };
    case 'not_contaminated':
      return { filter: 'not_contaminated' };
    case 'no_kowr_pre_emption':
      return { filter: 'no_kowr_pre_emption' };
    case 'exclude': {
      const exclude: ExcludeFilter = { layer: rule.layer };
      if (rule.kinds) exclude.kinds = concreteKinds(rule.layer, rule.kinds);
      exclude.buffer_m = valueOf(rule.buffer, params);
      return { filter: 'exclude', exclude };
    }
    case 'far': {
      const far: FarFilter = { layer: rule.layer, beyond_m: valueOf(rule.beyond, params) };
      if (rule.kinds) far.kinds = concreteKinds(rule.layer, rule.kinds);
      return { filter: 'far', far };
    }
  }
}

/**
 * Two exclusions of one layer become one (a request names each layer once): every kind of both,
 * the larger buffer. Never narrower than either; where a scenario pairs "No blocking zone" with an
 * environmental buffer, ecological sites and natural monuments (blocking, not "protected nature")
 * are kept at that buffer too, which the criterion's note says.
 */
function mergeExclude(a: ExcludeFilter, b: ExcludeFilter): ExcludeFilter {
  const merged: ExcludeFilter = { layer: a.layer };
  if (a.kinds && b.kinds) merged.kinds = concreteKinds(a.layer, [...a.kinds, ...b.kinds]);
  merged.buffer_m = Math.max(a.buffer_m ?? 0, b.buffer_m ?? 0);
  return merged;
}

/** Land-use rules of several criteria as one filter: kinds of both (required, excluded), in the contract's order. */
function mergeLandUse(a: LandUseFilter | undefined, b: LandUseFilter): LandUseFilter {
  const ordered = (kinds: string[]): string[] => LAND_USE_KINDS.filter((k) => kinds.includes(k));
  const merged: LandUseFilter = {};
  const kinds = [...(a?.kinds ?? []), ...(b.kinds ?? [])];
  const excluded = [...(a?.exclude_kinds ?? []), ...(b.exclude_kinds ?? [])];
  if (kinds.length > 0) merged.kinds = ordered(kinds);
  if (excluded.length > 0) merged.exclude_kinds = ordered(excluded);
  return merged;
}

export function buildFilters(rules: CompiledRule[]): SearchFilters {
  let areaMin: number | undefined;
  let slopeMax: number | undefined;
  let categories: string[] | undefined;
  let vacant: boolean | undefined;
  let landUse: LandUseFilter | undefined;
  const near: NearFilter[] = [];
  const exclude: ExcludeFilter[] = [];
  const far: FarFilter[] = [];
  const nearAny: NearAnyFilter[] = [];
  let notContaminated = false;
  let noKowrPreEmption = false;
  for (const rule of rules) {
    switch (rule.filter) {
      case 'area_min':
        areaMin = Math.max(areaMin ?? 0, rule.min);
        break;
      case 'slope_max':
        slopeMax = Math.min(slopeMax ?? Number.POSITIVE_INFINITY, rule.max);
        break;
      case 'zoning':
        categories = [...new Set([...(categories ?? []), ...rule.categories])];
        break;
      case 'vacant':
        vacant = rule.value;
        break;
      case 'land_use':
        landUse = mergeLandUse(landUse, rule.land_use);
        break;
      case 'near':
        if (near.some((n) => n.layer === rule.near.layer)) throw new Error(`two criteria need near ${rule.near.layer}`);
        near.push(rule.near);
        break;
      case 'exclude': {
        const index = exclude.findIndex((e) => e.layer === rule.exclude.layer);
        if (index < 0) exclude.push(rule.exclude);
        else exclude[index] = mergeExclude(exclude[index]!, rule.exclude);
        break;
      }
      case 'far':
        if (far.some((f) => f.layer === rule.far.layer)) throw new Error(`two criteria need far ${rule.far.layer}`);
        far.push(rule.far);
        break;
      case 'near_any':
        nearAny.push(rule.nearAny);
        break;
      case 'not_contaminated':
        notContaminated = true;
        break;
      case 'no_kowr_pre_emption':
        noKowrPreEmption = true;
        break;
    }
  }
  // fixed key order, so equal inputs give byte-equal JSON
  const filters: SearchFilters = {};
  if (areaMin !== undefined) filters.area_sqm = { min: areaMin };
  if (categories !== undefined) filters.zoning = { categories };
  if (landUse !== undefined) filters.land_use = landUse;
  if (slopeMax !== undefined) filters.slope_pct = { max: slopeMax };
  if (vacant !== undefined) filters.vacant = vacant;
  if (near.length > 0) filters.near = near;
  if (exclude.length > 0) filters.exclude = exclude;
  if (far.length > 0) filters.far = far;
  if (nearAny.length > 0) filters.near_any = nearAny;
  if (notContaminated) filters.not_contaminated = true;
  if (noKowrPreEmption) filters.no_kowr_pre_emption = true;
  return filters;
}

/**
 * A scenario with the caller's overrides as the equivalent structured search request
 * (spec: the bess_storage example). Deterministic; a signal weighted 0 is left out of rank_by,
 * and with every weight 0 the request is unranked.
 */
export function compileScenario(scenario: ScenarioDefinition, options: CompileOptions = {}): SearchParcelsRequest {
  if (options.region !== undefined && options.bbox !== undefined) {
    throw AppError.invalid('send region or bbox, not both (neither searches all of Poland)');
  }
  // a search box may be as large as Poland: omitting both searches the whole country anyway
  const bbox = options.bbox === undefined ? undefined : formatBbox(parseBbox(options.bbox));
  const params = resolveParameters(scenario, options.params);
  const weights = resolveWeights(scenario, options.weights);
  const problems = [...params.problems, ...weights.problems];
  if (problems.length > 0) throw AppError.invalid(listProblems(problems));

  const request: SearchParcelsRequest = {};
  if (options.region !== undefined) request.region = options.region;
  if (bbox !== undefined) request.bbox = bbox;
  request.filters = buildFilters(scenario.criteria.flatMap((criterion) => criterion.rules.map((rule) => compileRule(rule, params.values))));
  const rankBy: RankBy[] = weights.values.filter((w) => w.weight > 0).map((w) => ({ signal: w.signal, weight: w.weight }));
  if (rankBy.length > 0) request.rank_by = rankBy;
  if (options.limit !== undefined) request.limit = options.limit;
  return request;
}
