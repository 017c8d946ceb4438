import type { ExcludeFilter, FarFilter, NearFilter, RankBy, SearchFilters } from '@lp/contracts';
import type { Note } from '../notes.js';

/**
 * The request being merged: the scenario's filters (a copy) with the query's criteria merged in one
 * by one. `fromScenario` holds the near layers the scenario set that no criterion of the query has
 * touched yet: the query's first ask on such a layer replaces the scenario's, a second ask does not.
 * `farFromScenario` holds the same for minimum distances (the scenario's "700 m from homes").
 */
export interface MergedRequest {
  filters: SearchFilters;
  near: NearFilter[];
  exclude: ExcludeFilter[];
  far: FarFilter[];
  rankBy: RankBy[];
  fromScenario: Set<string>;
  farFromScenario: Set<string>;
  notes: Note[];
}

export function startMerge(base: { filters?: SearchFilters; rank_by?: RankBy[] }, notes: Note[]): MergedRequest {
  const filters: SearchFilters = structuredClone(base.filters ?? {});
  const near: NearFilter[] = filters.near ?? [];
  const far: FarFilter[] = filters.far ?? [];
  return {
    filters,
    near,
    exclude: filters.exclude ?? [],
    far,
    rankBy: structuredClone(base.rank_by ?? []),
    fromScenario: new Set(near.map((item) => item.layer)),
    farFromScenario: new Set(far.map((item) => item.layer)),
    notes,
  };
}

/** A number brought into the range the API takes, and the note that says so. */
export function clamp(value: number, min: number, max: number, text: string, unit: string, notes: Note[]): number {
  if (value >= min && value <= max) return value;
  const used = Math.min(Math.max(value, min), max);
  notes.push({ id: 'clamped', text, used, unit });
  return used;
}
