import { EXCLUDE_BUFFER_MAX_M, NEAR_WITHIN_MAX_M, OWNER_KINDS, SLOPE_MAX_PCT, type ExcludeFilter, type FarFilter } from '@lp/contracts';
import { concreteKinds } from '../../../scenarios/scenario-compiler.js';
import type { Criterion } from '../criteria.js';
import { mergeNear } from './merge-near.js';
import { clamp, type MergedRequest } from './merged-request.js';

type Merger<T extends Criterion['type']> = (merge: MergedRequest, criterion: Extract<Criterion, { type: T }>) => void;

/**
 * How each kind of criterion merges into the request. A number the query gives replaces the
 * scenario's; a default of ours only tightens it. A count and an assembly are read elsewhere.
 */
const MERGE: { [T in Criterion['type']]: Merger<T> } = {
  area: ({ filters, notes }, criterion) => {
    const area = (filters.area_sqm ??= {});
    if (criterion.min !== undefined) area.min = criterion.min;
    if (criterion.max === undefined) return;
    area.max = criterion.max;
    if (area.min !== undefined && area.min > criterion.max) {
      notes.push({ id: 'area_min_lowered', text: criterion.text, sqm: area.min });
      delete area.min;
      if (criterion.min !== undefined) area.min = criterion.min;
    }
  },
  slope: ({ filters, notes }, criterion) => {
    const max = clamp(criterion.max, 0, SLOPE_MAX_PCT, criterion.text, '%', notes);
    filters.slope_pct = { max: criterion.explicit || !filters.slope_pct ? max : Math.min(filters.slope_pct.max, max) };
  },
  vacant: ({ filters, notes }, criterion) => {
    if (filters.vacant !== undefined && filters.vacant !== criterion.value) notes.push({ id: 'vacant_conflict', text: criterion.text });
    filters.vacant = criterion.value;
  },
  zoning: ({ filters, notes }, criterion) => {
    const zoning = (filters.zoning ??= {});
    if (criterion.categories) {
      const current = zoning.categories;
      const both = current ? current.filter((category) => criterion.categories!.includes(category)) : [...criterion.categories];
      if (current && both.length === 0) notes.push({ id: 'zoning_conflict', text: criterion.text });
      zoning.categories = both.length > 0 ? both : [...criterion.categories];
    }
    if (criterion.symbols) zoning.symbols = [...new Set([...(zoning.symbols ?? []), ...criterion.symbols])];
    if (criterion.requirePlan) zoning.require_plan = true;
    if (criterion.buildable) zoning.buildable = true;
  },
  land_use: ({ filters }, criterion) => {
    const landUse = (filters.land_use ??= {});
    landUse.kinds = [...new Set([...(landUse.kinds ?? []), ...criterion.kinds])];
  },
  near: mergeNear,
  exclude: ({ exclude, notes }, criterion) => {
    const bufferM = clamp(criterion.bufferM, 0, EXCLUDE_BUFFER_MAX_M, criterion.text, 'm', notes);
    const kinds = criterion.kinds ? concreteKinds(criterion.layer, criterion.kinds) : undefined;
    const existing = exclude.find((e) => e.layer === criterion.layer);
    if (!existing) {
      const item: ExcludeFilter = { layer: criterion.layer };
      if (kinds) item.kinds = kinds;
      item.buffer_m = bufferM;
      exclude.push(item);
      return;
    }
    if (existing.kinds && kinds) existing.kinds = concreteKinds(criterion.layer, [...existing.kinds, ...kinds]);
    else delete existing.kinds;
    existing.buffer_m = criterion.explicit ? bufferM : Math.max(existing.buffer_m ?? 0, bufferM);
  },
  far: ({ far, notes, farFromScenario }, criterion) => {
    const beyondM = clamp(criterion.beyondM, 0, NEAR_WITHIN_MAX_M, criterion.text, 'm', notes);
    const item: FarFilter = { layer: criterion.layer, beyond_m: beyondM };
    if (criterion.kinds) item.kinds = concreteKinds(criterion.layer, criterion.kinds);
    if (criterion.where) item.where = { ...criterion.where };
    if (criterion.ids) item.ids = [...criterion.ids];
    const existing = far.findIndex((f) => f.layer === criterion.layer);
    if (existing < 0) far.push(item);
    else if (farFromScenario.has(criterion.layer)) {
      // "co najmniej 1 km od domów" in a wind search: the query's distance from homes replaces the scenario's 700 m
      notes.push({ id: 'replaces_scenario', text: criterion.text });
      far.splice(existing, 1, item);
      farFromScenario.delete(criterion.layer);
    } else notes.push({ id: 'one_per_layer', text: criterion.text });
  },
  rank: ({ rankBy }, criterion) => {
    const existing = rankBy.find((rank) => rank.signal === criterion.signal);
    if (existing) existing.weight = Math.max(existing.weight, criterion.weight);
    else rankBy.push({ signal: criterion.signal, weight: criterion.weight });
  },
  price_estimate: ({ filters }, criterion) => {
    const bounds: { min?: number; max?: number } = { ...(filters.price_estimate_pln ?? {}) };
    if (criterion.min !== undefined) bounds.min = criterion.min;
    if (criterion.max !== undefined) bounds.max = criterion.max;
    filters.price_estimate_pln = bounds;
  },
  ownership: ({ filters }, criterion) => {
    // owners said together widen the groups ("gminne lub skarbu państwa"); a negated one is left out
    const groups = (filters.ownership_groups ??= {});
    const side = criterion.exclude ? 'exclude' : 'include';
    groups[side] = [...new Set([...(groups[side] ?? []), ...OWNER_KINDS[criterion.owner]])].sort((a, b) => Number(a) - Number(b));
  },
  limit: () => undefined,
  assembly: () => undefined,
};

/** Merges every criterion of the query into the request, in the query's order. */
export function mergeCriteria(merge: MergedRequest, criteria: readonly Criterion[]): void {
  for (const criterion of criteria) (MERGE[criterion.type] as Merger<typeof criterion.type>)(merge, criterion);
}
