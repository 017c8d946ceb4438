import { findSearchSignal, type RankBy, type SearchSignalId, type SignalDirection } from '@lp/contracts';

/**
 * Each ranking signal's raw value in its unit: an index column, divided by `scale` where the unit
 * differs (grid distance: metres in the index, km in the score).
 */
export const SIGNAL_COLUMN: Readonly<Record<SearchSignalId, { column: string; scale?: number }>> = {
  grid_capacity_mw: { column: 'grid_node_mw' },
  grid_distance_km: { column: 'substation_110_m', scale: 1000 },
  area: { column: 'area_sqm' },
  solar_yield_kwh_kwp: { column: 'solar_yield' },
  slope_pct: { column: 'slope_pct' },
  transit_distance_m: { column: 'transit_m' },
  water_distance_m: { column: 'water_m' },
  floors: { column: 'max_floors' },
  price_per_sqm_pln: { column: 'price_per_sqm_pln' },
};

/**
 * Each signal's raw value as SQL over the search index row `i`, always float8: a numeric made every
 * position and range a numeric operation, and an integer column (floors) divided its positions as
 * integers (0 or 1). The in-memory engine reads the same float8 values (ColumnSearch).
 */
export const SIGNAL_VALUE_SQL: Readonly<Record<SearchSignalId, string>> = Object.fromEntries(
  Object.entries(SIGNAL_COLUMN).map(([signal, { column, scale }]) => [signal, scale ? `i.${column} / ${scale}.0::float8` : `i.${column}::float8`]),
) as Record<SearchSignalId, string>;

export interface SignalPlan {
  signal: SearchSignalId;
  weight: number;
  direction: SignalDirection;
  /** Column alias of the raw value in the matched set (`s0`, `s1`, ...). */
  alias: string;
}

export function planSignals(rankBy: readonly RankBy[]): SignalPlan[] {
  return rankBy.map((rank, index) => {
    const signal = findSearchSignal(rank.signal);
    if (!signal) throw new Error(`unknown signal ${rank.signal}`);
    return { signal: rank.signal as SearchSignalId, weight: rank.weight, direction: signal.direction, alias: `s${index}` };
  });
}

/**
 * The weight that takes part in the score: the sum of the weights of the signals some matched
 * parcel has a value for (over the ranges `r`). A signal without data anywhere is left out, so the
 * others share the 100 points.
 */
export function rankedWeightSql(plans: readonly SignalPlan[], ranges: string): string {
  return plans.map((plan) => `CASE WHEN ${ranges}.max_${plan.alias} IS NULL THEN 0 ELSE ${plan.weight} END`).join(' + ');
}

/**
 * A signal's contribution in points, unrounded (exact numerics): its share of the ranked weight times
 * its min-max position over the matched set, direction-aware; all equal counts as best (1). A parcel
 * without a value that others have ranks as the worst (0); a signal no parcel has a value for gives 0.
 * `r.ranked_weight` is rankedWeightSql; the score is the sum, rounded once (see ParcelSearchService).
 */
export function contributionSql(plan: SignalPlan): string {
  return `(${positionSql(plan)})::numeric * ${100 * plan.weight} / NULLIF(r.ranked_weight, 0)`;
}

/** A signal's position (0 to 1, best 1) in float8, as contributionSql defines it. */
function positionSql(plan: SignalPlan): string {
  const value = `m.${plan.alias}`;
  const min = `r.min_${plan.alias}`;
  const max = `r.max_${plan.alias}`;
  const normalised = plan.direction === 'higher' ? `(${value} - ${min}) / (${max} - ${min})` : `(${max} - ${value}) / (${max} - ${min})`;
  return `CASE WHEN ${value} IS NULL OR ${max} IS NULL THEN 0 WHEN ${max} = ${min} THEN 1 ELSE ${normalised} END`;
}

/**
 * The score times 100 as a whole number (float8), for choosing the page: it orders every matched
 * parcel exactly as the score does (round(sum of contributionSql, 2)), ties included, at a fraction
 * of the cost. The sum is taken in float8, within about 1e-12 of the exact one; only where that
 * sum lies within 1e-6 of a rounding boundary (x.xx5) is the exact numeric score rounded instead.
 * Null when no signal has data (ranked_weight 0), as the score is.
 */
export function pageOrderSql(plans: readonly SignalPlan[]): string {
  const approx = plans.map((plan) => `(${positionSql(plan)}) * ${100 * 100 * plan.weight}::float8 / r.ranked_weight`).join(' + ');
  const exact = plans.map(contributionSql).join(' + ');
  return `CASE WHEN r.ranked_weight = 0 THEN NULL
               WHEN abs((${approx}) - floor(${approx}) - 0.5) < 1e-6 THEN (round(${exact}, 2) * 100)::float8
               ELSE floor((${approx}) + 0.5) END`;
}
