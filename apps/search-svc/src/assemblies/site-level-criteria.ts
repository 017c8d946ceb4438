import type { SearchFilters } from '@lp/contracts';
import type { CriterionPlan } from '../engine/criterion-coverage.js';

/**
 * Criteria judged over the whole site: a site is as near as its nearest member, its slope the
 * members' area-weighted mean. A reach of 0 ("lies in", e.g. a PV yield cell) is a property of
 * each parcel, so every member must meet it.
 */
export function isSiteLevel(criterion: string, filters: SearchFilters): boolean {
  if (criterion === 'slope' || criterion.startsWith('near_any:')) return true;
  if (!criterion.startsWith('near:')) return false;
  const near = (filters.near ?? []).find((n) => `near:${n.layer}` === criterion);
  return near !== undefined && near.within_m > 0;
}

/** The criteria of a plan that are judged over the site rather than per member. */
export function siteLevelCriteria(plans: readonly CriterionPlan[], filters: SearchFilters): Set<string> {
  return new Set(plans.map((p) => p.criterion.criterion).filter((c) => isSiteLevel(c, filters)));
}
