import { NOT_CONTAMINATED_CRITERION, nearAnyCriterionId, type SearchFilters } from '@lp/contracts';
import { nearSql, type CriterionSqlWriter, type FilterPath } from './filter-sql.js';

/**
 * The criteria beyond one filter per layer: `near_any` (a parcel passes when any alternative holds,
 * each answered like a near filter: from the index where a column answers it, by a spatial join
 * otherwise) and `not_contaminated` (no layer: its coverage is always missing, so the query never
 * runs its SQL and every result is flagged unscreened; the writer exists so the plan is complete).
 */
export function alternativeCriteriaSql(filters: SearchFilters, path: FilterPath = 'index'): Map<string, CriterionSqlWriter> {
  const useIndex = path === 'index';
  const out = new Map<string, CriterionSqlWriter>();
  for (const nearAny of filters.near_any ?? []) {
    out.set(nearAnyCriterionId(nearAny.any_of.map((near) => near.layer)), (params) => {
      const alternatives = nearAny.any_of.map((near) => nearSql(near, params, useIndex));
      return { passes: alternatives.map((a) => `(${a.passes})`).join(' OR '), spatial: alternatives.some((a) => a.spatial) };
    });
  }
  if (filters.not_contaminated) out.set(NOT_CONTAMINATED_CRITERION, () => ({ passes: 'true', unknown: 'true', spatial: false }));
  return out;
}
