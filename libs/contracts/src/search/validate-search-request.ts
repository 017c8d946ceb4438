import { AppError } from '../errors/app-error.js';
import { findLayer, isKnownKind, LAYER_IDS, type LayerDefinition } from '../layer/layer-catalogue.js';
import { canonicalZoningSymbol, isZoningCategory, ZONING_CATEGORIES } from '../layer/zoning-taxonomy.js';
import { REGISTRATION_GROUP_CODES } from '../parcel/registration-groups.js';
import { RANK_WEIGHT_MAX } from './search-bounds.js';
import type { SearchParcelsRequest } from './search-parcels.request.js';
import { isSearchSignal, SEARCH_SIGNAL_IDS } from './search-signals.js';
import { whereProblems } from './where-conditions.js';

/**
 * The checks of a search request that need the layer catalogue, the zoning taxonomy or the
 * signal list, run after class-validator has checked shapes and bounds (validateMessage). The
 * gateway and search-svc both run them. Every problem names the bad value and what is allowed.
 */
export function validateSearchRequest(request: SearchParcelsRequest): string[] {
  const problems: string[] = [];
  if (request.region !== undefined && request.bbox !== undefined) {
    problems.push('send region or bbox, not both (neither searches all of Poland)');
  }
  const filters = request.filters ?? {};
  const area = filters.area_sqm;
  if (area?.min !== undefined && area.max !== undefined && area.min > area.max) {
    problems.push(`filters.area_sqm.min ${area.min} is greater than filters.area_sqm.max ${area.max}`);
  }
  const price = filters.price_estimate_pln;
  if (price?.min !== undefined && price.max !== undefined && price.min > price.max) {
    problems.push(`filters.price_estimate_pln.min ${price.min} is greater than filters.price_estimate_pln.max ${price.max}`);
  }
  ownershipProblems(filters.ownership_groups, problems);
  for (const category of filters.zoning?.categories ?? []) {
    if (!isZoningCategory(category)) problems.push(`filters.zoning.categories: ${category} is not a zoning category; allowed: ${ZONING_CATEGORIES.join(', ')}`);
  }
  for (const symbol of filters.zoning?.symbols ?? []) {
    if (canonicalZoningSymbol(symbol) === null) {
      problems.push(`filters.zoning.symbols: ${symbol} is not a recognised local-plan symbol; use symbols such as MN, MW, MN/U, U, UC, P, PU, P/U, R, ZL`);
    }
  }
  (filters.near ?? []).forEach((near, index) => {
    const at = `filters.near[${index}]`;
    const layer = layerOrProblem(near.layer, at, problems);
    if (!layer) return;
    kindProblems(layer, near.kinds, at, problems);
    if (near.where) problems.push(...whereProblems(layer, near.where, `${at}.where`));
  });
  (filters.exclude ?? []).forEach((exclude, index) => {
    const at = `filters.exclude[${index}]`;
    const layer = layerOrProblem(exclude.layer, at, problems);
    if (layer) kindProblems(layer, exclude.kinds, at, problems);
  });
  (filters.far ?? []).forEach((far, index) => {
    const at = `filters.far[${index}]`;
    const layer = layerOrProblem(far.layer, at, problems);
    if (!layer) return;
    kindProblems(layer, far.kinds, at, problems);
    if (far.where) problems.push(...whereProblems(layer, far.where, `${at}.where`));
  });
  duplicateProblems('filters.far', (filters.far ?? []).map((f) => f.layer), 'layer', problems);
  (filters.near_any ?? []).forEach((nearAny, index) => {
    nearAny.any_of.forEach((near, alternative) => {
      const at = `filters.near_any[${index}].any_of[${alternative}]`;
      const layer = layerOrProblem(near.layer, at, problems);
      if (!layer) return;
      kindProblems(layer, near.kinds, at, problems);
      if (near.where) problems.push(...whereProblems(layer, near.where, `${at}.where`));
    });
    duplicateProblems(`filters.near_any[${index}].any_of`, nearAny.any_of.map((n) => n.layer), 'layer', problems);
  });
  duplicateProblems('filters.near_any', (filters.near_any ?? []).map((n) => n.any_of.map((a) => a.layer).join('|')), 'layer list', problems);
  duplicateProblems('filters.near', (filters.near ?? []).map((n) => n.layer), 'layer', problems);
  duplicateProblems('filters.exclude', (filters.exclude ?? []).map((e) => e.layer), 'layer', problems);

  const rankBy = request.rank_by ?? [];
  for (const rank of rankBy) {
    if (!isSearchSignal(rank.signal)) problems.push(`rank_by: ${rank.signal} is not a ranking signal; allowed: ${SEARCH_SIGNAL_IDS.join(', ')}`);
  }
  duplicateProblems('rank_by', rankBy.map((r) => r.signal), 'signal', problems);
  if (rankBy.length > 0 && rankBy.every((r) => r.weight === 0)) {
    problems.push(`rank_by: every weight is 0; give at least one signal a weight from 1 to ${RANK_WEIGHT_MAX}, or omit rank_by for an unranked search`);
  }
  return problems;
}

/** validateSearchRequest as one `invalid_request` listing every problem. */
export function assertSearchRequest(request: SearchParcelsRequest): void {
  const problems = validateSearchRequest(request);
  if (problems.length > 0) throw AppError.invalid(problems.join('; '));
}

function layerOrProblem(id: string, at: string, problems: string[]): LayerDefinition | undefined {
  const layer = findLayer(id);
  if (!layer) problems.push(`${at}.layer: ${id} is not a layer; allowed: ${LAYER_IDS.join(', ')}`);
  return layer;
}

function kindProblems(layer: LayerDefinition, kinds: string[] | undefined, at: string, problems: string[]): void {
  if (kinds === undefined) return;
  const allowed = [...layer.kinds.map((k) => k.id), ...Object.keys(layer.kindGroups ?? {})].join(', ');
  if (kinds.length === 0) {
    problems.push(`${at}.kinds is empty: omit it to mean every kind of ${layer.id}, or list some of: ${allowed}`);
    return;
  }
  for (const kind of kinds) {
    if (!isKnownKind(layer.id, kind)) problems.push(`${at}.kinds: ${kind} is not a kind of ${layer.id}; allowed: ${allowed}`);
  }
}

function duplicateProblems(at: string, values: string[], what: string, problems: string[]): void {
  const seen = new Set<string>();
  const reported = new Set<string>();
  for (const value of values) {
    if (seen.has(value) && !reported.has(value)) {
      problems.push(`${at} names the ${what} ${value} more than once; each ${what} may appear once (combine its conditions in one item)`);
      reported.add(value);
    }
    seen.add(value);
  }
}

/** Registration group codes outside the regulation's list, and a filter that asks nothing or contradicts itself. */
function ownershipProblems(filter: { include?: string[]; exclude?: string[] } | undefined, problems: string[]): void {
  if (!filter) return;
  if (!filter.include && !filter.exclude) problems.push('filters.ownership_groups must give include or exclude (or both), e.g. {"include": ["7"]}');
  for (const side of ['include', 'exclude'] as const) {
    for (const code of filter[side] ?? []) {
      if (!REGISTRATION_GROUP_CODES.includes(code)) {
        problems.push(`filters.ownership_groups.${side}: ${code} is not an EGiB registration group; allowed: ${REGISTRATION_GROUP_CODES.join(', ')}`);
      }
    }
  }
  const both = (filter.include ?? []).filter((code) => filter.exclude?.includes(code));
  if (both.length > 0) problems.push(`filters.ownership_groups: ${both.join(', ')} is both included and excluded`);
}
