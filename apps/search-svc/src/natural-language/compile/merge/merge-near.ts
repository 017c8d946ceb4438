import { NEAR_WITHIN_MAX_M, type NearFilter } from '@lp/contracts';
import { concreteKinds } from '../../../scenarios/scenario-compiler.js';
import type { Criterion } from '../criteria.js';
import { clamp, type MergedRequest } from './merged-request.js';

type Near = Extract<Criterion, { type: 'near' }>;

/**
 * A proximity criterion: a new near filter, or merged with the one on its layer (one criterion per
 * layer). State land wins over the scenario's pre-emption exclusion.
 */
export function mergeNear(merge: MergedRequest, criterion: Near): void {
  const { near, notes } = merge;
  const withinM = clamp(criterion.withinM, 0, NEAR_WITHIN_MAX_M, criterion.text, 'm', notes);
  const kinds = criterion.kinds ? concreteKinds(criterion.layer, criterion.kinds) : undefined;
  if (criterion.layer === 'kowr_land') dropPreEmptionCriteria(merge);
  const existing = near.find((n) => n.layer === criterion.layer);
  if (criterion.ids) return mergeNamedNear(merge, criterion, withinM, existing);
  if (!existing) {
    const item: NearFilter = { layer: criterion.layer, within_m: withinM };
    if (kinds) item.kinds = kinds;
    if (criterion.where) item.where = { ...criterion.where };
    near.push(item);
    return;
  }
  const existingKinds = existing.kinds;
  if (kinds && existingKinds && !kinds.every((k) => existingKinds.includes(k)) && !existingKinds.every((k) => kinds.includes(k))) {
    return mergeOtherKinds(merge, criterion, withinM, kinds, existing);
  }
  merge.fromScenario.delete(criterion.layer);
  if (kinds && (!existingKinds || kinds.every((k) => existingKinds.includes(k)))) existing.kinds = kinds;
  if (criterion.where) existing.where = { ...(existing.where ?? {}), ...criterion.where };
  existing.within_m = criterion.explicit ? withinM : Math.min(existing.within_m, withinM);
}

/** A named feature: the distance to it alone, replacing the scenario's "any substation within N km". */
function mergeNamedNear(merge: MergedRequest, criterion: Near, withinM: number, existing: NearFilter | undefined): void {
  const item: NearFilter = { layer: criterion.layer, within_m: withinM, ids: [...criterion.ids!] };
  if (!existing) merge.near.push(item);
  else if (merge.fromScenario.has(criterion.layer)) {
    merge.notes.push({ id: 'replaces_scenario', text: criterion.text });
    merge.near.splice(merge.near.indexOf(existing), 1, item);
    merge.fromScenario.delete(criterion.layer);
  } else merge.notes.push({ id: 'one_per_layer', text: criterion.text });
}

/** Kinds neither of which contains the other, on a layer that already has a near filter. */
function mergeOtherKinds(merge: MergedRequest, criterion: Near, withinM: number, kinds: string[], existing: NearFilter): void {
  if (merge.fromScenario.has(criterion.layer)) {
    // the query's "near a kindergarten" replaces the scenario's "near a school" (one criterion per layer)
    merge.notes.push({ id: 'replaces_scenario', text: criterion.text });
    existing.kinds = kinds;
    existing.within_m = withinM;
    if (criterion.where) existing.where = { ...criterion.where };
    merge.fromScenario.delete(criterion.layer);
  } else {
    // "near a school" and "near a shop" are both services_poi: one criterion per layer
    merge.notes.push({ id: 'one_per_layer', text: criterion.text });
  }
}

/**
 * Land bought from the state's stock (KOWR's tender) is not a private sale, so KOWR's statutory
 * pre-emption right over private farmland does not stand in its way: a query asking for state land
 * drops the scenario's pre-emption criterion (and an exclusion of KOWR land), and says so.
 */
function dropPreEmptionCriteria(merge: MergedRequest): void {
  const index = merge.exclude.findIndex((e) => e.layer === 'kowr_land');
  const dropped = index >= 0 || merge.filters.no_kowr_pre_emption === true;
  if (index >= 0) merge.exclude.splice(index, 1);
  delete merge.filters.no_kowr_pre_emption;
  if (dropped) merge.notes.push({ id: 'state_land_over_pre_emption' });
}
