import type { CandidateRow } from './assembly.repository.js';

/** A site as assembled: its members largest first, their total area, mean slope and what was not screened. */
export interface AssembledSite {
  members: CandidateRow[];
  total: number;
  /** Area-weighted mean slope of the members with one; null when none has one. */
  slope: number | null;
  unscreened: string[];
}

/** The site of these members: totals, the mean slope of those known, and the screening criteria some member was not checked on. */
export function assembledSite(members: readonly CandidateRow[], unscreenedColumns: ReadonlyArray<{ criterion: string; alias: string }>): AssembledSite {
  const sorted = [...members].sort((a, b) => Number(b.area_sqm) - Number(a.area_sqm));
  const total = sorted.reduce((sum, m) => sum + Number(m.area_sqm), 0);
  const sloped = sorted.filter((m) => m.slope_pct !== null);
  const slopeArea = sloped.reduce((sum, m) => sum + Number(m.area_sqm), 0);
  const slope = sloped.length === 0 ? null : sloped.reduce((sum, m) => sum + Number(m.slope_pct) * Number(m.area_sqm), 0) / slopeArea;
  const unscreened = unscreenedColumns.filter((u) => sorted.some((m) => m[u.alias] === true)).map((u) => u.criterion);
  return { members: sorted, total, slope, unscreened };
}

/**
 * Slope screens the site where it is known: a site whose known members are too steep on average
 * is out; one with a member of unknown slope stays, saying slope was not screened for it.
 */
export function screenSlope(sites: readonly AssembledSite[], slopeMax: number | undefined): AssembledSite[] {
  if (slopeMax === undefined) return [...sites];
  const kept = sites.filter((site) => site.slope === null || site.slope <= slopeMax);
  for (const site of kept) if (site.members.some((m) => m.slope_pct === null)) site.unscreened.push('slope');
  return kept;
}
