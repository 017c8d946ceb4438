import { nearAnyCriterionId, NEAR_WITHIN_MAX_M, SLOPE_MAX_PCT, type RankBy, type SearchFilters } from '@lp/contracts';

/**
 * One tunable parameter of a hard criterion moved one step within its allowed range ("what would it
 * take"): the filters with only that parameter changed, so the relaxed search is the same search.
 */
export interface Relaxation {
  /** The coverage entry's criterion id (`slope`, `near:power_substations`, ...). */
  criterion: string;
  /** Where the parameter sits in the request, e.g. `filters.near[0].within_m`. */
  parameter: string;
  from: number;
  to: number;
  filters: SearchFilters;
}

/** A hard criterion a parcel can be proven to fail, with the threshold it would miss where it has one. */
export interface FailableCriterion {
  criterion: string;
  parameter?: string;
  limit?: number;
  /** A ranking signal that puts the closest misses first (largest area short of a minimum, gentlest slope over it, nearest beyond a reach). */
  closestFirst?: RankBy;
}

/** Distances move in whole hundreds of metres: 2,000 → 3,000, never 2,000 → 2,999.5. */
function roundMetres(metres: number): number {
  return Math.round(metres / 100) * 100;
}

/** A larger reach: half as far again, at least 500 m more, never past the largest allowed. */
function widerReach(metres: number): number {
  return Math.min(NEAR_WITHIN_MAX_M, roundMetres(Math.max(metres * 1.5, metres + 500)));
}

/** A smaller minimum distance or buffer: half of it, down to whole hundreds of metres (0 below 200 m). */
function smallerDistance(metres: number): number {
  return Math.floor(metres / 200) * 100;
}

/** A steeper slope: half as steep again, at least 2 points more, never past 100 %. */
function steeperSlope(pct: number): number {
  return Math.min(SLOPE_MAX_PCT, Math.round(Math.max(pct * 1.5, pct + 2) * 10) / 10);
}

function replaced<T>(items: readonly T[], index: number, item: T): T[] {
  return items.map((existing, k) => (k === index ? item : existing));
}

/** The one-step relaxations of every tunable parameter of the filters, in criterion order; a parameter already at its edge has none. */
export function stepRelaxations(filters: SearchFilters): Relaxation[] {
  const out: Relaxation[] = [];
  const push = (criterion: string, parameter: string, from: number, to: number, relaxed: SearchFilters): void => {
    if (to !== from) out.push({ criterion, parameter, from, to, filters: relaxed });
  };
  const area = filters.area_sqm;
  if (area?.min !== undefined && area.min > 0) {
    push('area', 'filters.area_sqm.min', area.min, Math.round(area.min / 2), { ...filters, area_sqm: { ...area, min: Math.round(area.min / 2) } });
  }
  if (area?.max !== undefined) push('area', 'filters.area_sqm.max', area.max, area.max * 2, { ...filters, area_sqm: { ...area, max: area.max * 2 } });
  const slope = filters.slope_pct;
  if (slope) push('slope', 'filters.slope_pct.max', slope.max, steeperSlope(slope.max), { ...filters, slope_pct: { max: steeperSlope(slope.max) } });
  (filters.near ?? []).forEach((near, k) => {
    // 0 means "intersecting" (lies in, is covered by): a reach of metres would change what is asked
    if (near.within_m === 0) return;
    const to = widerReach(near.within_m);
    push(`near:${near.layer}`, `filters.near[${k}].within_m`, near.within_m, to, { ...filters, near: replaced(filters.near!, k, { ...near, within_m: to }) });
  });
  (filters.far ?? []).forEach((far, k) => {
    const to = smallerDistance(far.beyond_m);
    push(`far:${far.layer}`, `filters.far[${k}].beyond_m`, far.beyond_m, to, { ...filters, far: replaced(filters.far!, k, { ...far, beyond_m: to }) });
  });
  (filters.exclude ?? []).forEach((exclude, k) => {
    const buffer = exclude.buffer_m ?? 0;
    const to = smallerDistance(buffer);
    push(`exclude:${exclude.layer}`, `filters.exclude[${k}].buffer_m`, buffer, to, { ...filters, exclude: replaced(filters.exclude!, k, { ...exclude, buffer_m: to }) });
  });
  (filters.near_any ?? []).forEach((nearAny, k) => {
    // every alternative's reach together: the criterion is one question with several answers
    const reaches = nearAny.any_of.filter((near) => near.within_m > 0);
    if (reaches.length === 0) return;
    const from = Math.max(...reaches.map((near) => near.within_m));
    const widened = { any_of: nearAny.any_of.map((near) => (near.within_m > 0 ? { ...near, within_m: widerReach(near.within_m) } : near)) };
    const criterion = nearAnyCriterionId(nearAny.any_of.map((near) => near.layer));
    push(criterion, `filters.near_any[${k}].any_of[].within_m`, from, widerReach(from), { ...filters, near_any: replaced(filters.near_any!, k, widened) });
  });
  return out;
}

/** Every criterion of the filters that can be failed, in criterion order; `not_contaminated` filters nothing (no layer) and is not one. */
export function failableCriteria(filters: SearchFilters): FailableCriterion[] {
  const out: FailableCriterion[] = [];
  const area = filters.area_sqm;
  // with both bounds the parcel's area says which one it misses
  if (area?.min !== undefined && area.max !== undefined) out.push({ criterion: 'area' });
  else if (area?.min !== undefined) out.push({ criterion: 'area', parameter: 'filters.area_sqm.min', limit: area.min, closestFirst: { signal: 'area', weight: 1 } });
  else if (area?.max !== undefined) out.push({ criterion: 'area', parameter: 'filters.area_sqm.max', limit: area.max });
  if (filters.zoning) out.push({ criterion: 'zoning' });
  if (filters.land_use?.kinds) out.push({ criterion: 'land_use' });
  if (filters.land_use?.exclude_kinds) out.push({ criterion: 'land_use:exclude' });
  if (filters.slope_pct) out.push({ criterion: 'slope', parameter: 'filters.slope_pct.max', limit: filters.slope_pct.max, closestFirst: { signal: 'slope_pct', weight: 1 } });
  if (filters.vacant !== undefined) out.push({ criterion: 'vacant' });
  (filters.near ?? []).forEach((near, k) => {
    const failable: FailableCriterion = { criterion: `near:${near.layer}`, parameter: `filters.near[${k}].within_m`, limit: near.within_m };
    // grid_distance_km is the distance to the nearest substation of at least 110 kV: the same distance as this criterion's
    const hv = near.layer === 'power_substations' && !near.ids && !near.kinds && Object.keys(near.where ?? {}).join() === 'voltage_kv_gte' && near.where?.['voltage_kv_gte'] === 110;
    if (hv) failable.closestFirst = { signal: 'grid_distance_km', weight: 1 };
    out.push(failable);
  });
  (filters.exclude ?? []).forEach((exclude) => out.push({ criterion: `exclude:${exclude.layer}` }));
  (filters.far ?? []).forEach((far, k) => out.push({ criterion: `far:${far.layer}`, parameter: `filters.far[${k}].beyond_m`, limit: far.beyond_m }));
  for (const nearAny of filters.near_any ?? []) out.push({ criterion: nearAnyCriterionId(nearAny.any_of.map((near) => near.layer)) });
  return out;
}
