import { COMPARE_BEST_RULES, type CompareBestColumn, type CompareBestView, type ComparisonRowView } from '@lp/contracts';

/**
 * The best value of each column among the rows that have it, with every parcel holding it
 * (ties included). A column no row has is left out. A cell its row explains in `gaps` is no
 * known value and does not compete: a constraint count where constraint layers lack data is only
 * a lower bound, and 0 there is unknown, not "fewest".
 */
export function bestValues(rows: ComparisonRowView[], scenario: string | undefined): CompareBestView {
  const best: CompareBestView = {};
  for (const column of Object.keys(COMPARE_BEST_RULES) as CompareBestColumn[]) {
    const valued = rows.flatMap((row) => (typeof row[column] === 'number' && !row.gaps.some((gap) => gap.column === column) ? [{ id: row.parcel_id, value: row[column] }] : []));
    if (valued.length === 0) continue;
    const values = valued.map((v) => v.value);
    const value = COMPARE_BEST_RULES[column] === 'highest' ? Math.max(...values) : Math.min(...values);
    best[column] = { value, parcel_ids: valued.filter((v) => v.value === value).map((v) => v.id) };
  }
  if (scenario) best.scenario_passes = rows.filter((row) => row.scenario_fit?.passes).map((row) => row.parcel_id);
  return best;
}
