import { SEARCH_LIMIT_MAX, type ExcludeFilter, type FarFilter, type NearFilter, type SearchFilters, type SearchParcelsRequest } from '@lp/contracts';
import { compileScenario } from '../../scenarios/scenario-compiler.js';
import type { ScenarioDefinition } from '../../scenarios/scenario-definition.js';
import type { Criterion } from './criteria.js';
import { mergeCriteria } from './merge/merge-criteria.js';
import { startMerge, type MergedRequest } from './merge/merged-request.js';
import type { Note } from './notes.js';
import { CAPACITY_DEFAULT_MW } from './target-layers.js';

/** "Z przyłączem do sieci" for a parcel that is no energy asset: an MV line this close can connect it. */
export const GRID_CONNECTION_MV_M = 500;

export interface BuildOptions {
  scenario: ScenarioDefinition | null;
  criteria: readonly Criterion[];
  region?: string;
  /** From the request body; wins over a count in the text. */
  limit?: number;
}

export interface BuiltRequest {
  request: SearchParcelsRequest;
  notes: Note[];
  /** The query allows a site of several parcels: run as POST /v1/search/assemblies with this. */
  assembly?: { min_total_area_sqm: number };
}

/**
 * The structured request of a query: the scenario's compiled request when an asset type matched
 * (compileScenario, the same as POST /v1/scenarios/{id}/compile), then every criterion of the text
 * merged into it. A number the query gives replaces the scenario's; a default of ours (flat 5 %,
 * near a substation 10 km) only tightens it, since every hard filter must pass anyway. Everything
 * is in the request: replaying it gives the same search.
 */
export function buildRequest(options: BuildOptions): BuiltRequest {
  const notes: Note[] = [];
  const limit = limitOf(options, notes);
  const base = options.scenario ? compileScenario(options.scenario, { region: options.region, limit }) : { ...(options.region ? { region: options.region } : {}) };
  const merge = startMerge(base, notes);
  mergeCriteria(merge, readGridWords(merge, options.criteria));
  if (options.scenario) keepStatutoryMinimums(options.scenario, merge);
  const { filters, near, exclude, far, rankBy } = merge;
  const assembly = assemblyOf(options.criteria, filters, notes);
  // a kind list that names every kind of the layer says nothing: the same as no list
  for (const item of [...near, ...exclude, ...far]) if (item.kinds && item.kinds.length === 0) delete item.kinds;
  const request: SearchParcelsRequest = {};
  if (options.region !== undefined) request.region = options.region;
  const ordered = orderedFilters({ ...filters, near, exclude, far });
  if (Object.keys(ordered).length > 0) request.filters = ordered;
  if (rankBy.length > 0) request.rank_by = rankBy;
  if (limit !== undefined) request.limit = limit;
  return assembly ? { request, notes, assembly } : { request, notes };
}

/**
 * A sentence may replace a scenario's minimum distance, but never below what the statute allows
 * (the wind act's 700 m from homes): the distance is raised to that floor, and the note says so.
 */
function keepStatutoryMinimums(scenario: ScenarioDefinition, merge: MergedRequest): void {
  for (const [param, minimum] of Object.entries(scenario.statutoryMinimums ?? {})) {
    const layers = scenario.criteria.flatMap((c) => c.rules).flatMap((rule) => (rule.filter === 'far' && typeof rule.beyond !== 'number' && rule.beyond.param === param ? [rule.layer] : []));
    for (const item of merge.far) {
      if (!layers.includes(item.layer) || item.beyond_m >= minimum!) continue;
      merge.notes.push({ id: 'statutory_minimum', asked: item.beyond_m, m: minimum!, scenario: scenario.id });
      item.beyond_m = minimum!;
    }
  }
}

/** The limit of the request body, else a count in the text ("5 działek"), brought into range and stated. */
function limitOf(options: BuildOptions, notes: Note[]): number | undefined {
  const textLimit = options.criteria.find((c): c is Extract<Criterion, { type: 'limit' }> => c.type === 'limit');
  if (options.limit !== undefined || !textLimit) return options.limit;
  const limit = Math.min(Math.max(1, textLimit.value), SEARCH_LIMIT_MAX);
  notes.push({ id: 'limit_from_text', limit });
  return limit;
}

/**
 * A bare grid word ("z przyłączem"): an energy asset is connected by grid capacity (the default
 * stated); a house or a warehouse by the MV network nearby.
 */
function readGridWords(merge: MergedRequest, criteria: readonly Criterion[]): Criterion[] {
  const energyAsset = merge.fromScenario.has('grid_capacity') || merge.fromScenario.has('power_substations');
  return criteria.map((criterion): Criterion => {
    if (criterion.type !== 'near' || !criterion.gridWord) return criterion;
    if (energyAsset) {
      merge.notes.push({ id: 'default_capacity', mw: CAPACITY_DEFAULT_MW, km: criterion.withinM / 1000 });
      return criterion;
    }
    merge.notes.push({ id: 'grid_connection_mv', text: criterion.text, m: GRID_CONNECTION_MV_M });
    return { type: 'near', target: 'power_line', layer: 'power_lines', kinds: ['mv_line', 'mv_cable'], withinM: GRID_CONNECTION_MV_M, explicit: false, text: criterion.text };
  });
}

/**
 * "20 ha w kilku działkach": the minimum area is the site's, not each parcel's (taken out of the
 * filters); without a minimum area there is nothing to assemble to, and the note says so.
 */
function assemblyOf(criteria: readonly Criterion[], filters: SearchFilters, notes: Note[]): { min_total_area_sqm: number } | undefined {
  const asked = criteria.find((c) => c.type === 'assembly');
  if (!asked) return undefined;
  const min = filters.area_sqm?.min;
  if (min === undefined) {
    notes.push({ id: 'assembly_without_area', text: asked.text });
    return undefined;
  }
  delete filters.area_sqm!.min;
  if (filters.area_sqm!.max === undefined) delete filters.area_sqm;
  notes.push({ id: 'assembly', text: asked.text, sqm: min });
  return { min_total_area_sqm: min };
}

/** Fixed key order (as compileScenario writes it), so equal queries give byte-equal JSON. */
function orderedFilters(filters: SearchFilters): SearchFilters {
  const out: SearchFilters = {};
  if (filters.area_sqm && (filters.area_sqm.min !== undefined || filters.area_sqm.max !== undefined)) {
    out.area_sqm = {};
    if (filters.area_sqm.min !== undefined) out.area_sqm.min = filters.area_sqm.min;
    if (filters.area_sqm.max !== undefined) out.area_sqm.max = filters.area_sqm.max;
  }
  if (filters.zoning && Object.keys(filters.zoning).length > 0) {
    out.zoning = {};
    if (filters.zoning.categories) out.zoning.categories = filters.zoning.categories;
    if (filters.zoning.symbols) out.zoning.symbols = filters.zoning.symbols;
    if (filters.zoning.require_plan !== undefined) out.zoning.require_plan = filters.zoning.require_plan;
    if (filters.zoning.buildable !== undefined) out.zoning.buildable = filters.zoning.buildable;
  }
  if (filters.land_use && (filters.land_use.kinds || filters.land_use.exclude_kinds)) {
    out.land_use = {};
    if (filters.land_use.kinds) out.land_use.kinds = filters.land_use.kinds;
    if (filters.land_use.exclude_kinds) out.land_use.exclude_kinds = filters.land_use.exclude_kinds;
  }
  if (filters.slope_pct) out.slope_pct = { max: filters.slope_pct.max };
  if (filters.price_estimate_pln) {
    const { min, max } = filters.price_estimate_pln;
    out.price_estimate_pln = { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
  }
  if (filters.vacant !== undefined) out.vacant = filters.vacant;
  if (filters.ownership_groups) {
    const { include, exclude } = filters.ownership_groups;
    out.ownership_groups = { ...(include ? { include: [...include] } : {}), ...(exclude ? { exclude: [...exclude] } : {}) };
  }
  if (filters.near && filters.near.length > 0) out.near = filters.near.map(orderedNear);
  if (filters.exclude && filters.exclude.length > 0) out.exclude = filters.exclude.map(orderedExclude);
  if (filters.far && filters.far.length > 0) out.far = filters.far.map(orderedFar);
  if (filters.near_any && filters.near_any.length > 0) out.near_any = filters.near_any.map((item) => ({ any_of: item.any_of.map(orderedNear) }));
  if (filters.not_contaminated) out.not_contaminated = true;
  if (filters.no_kowr_pre_emption) out.no_kowr_pre_emption = true;
  return out;
}

function orderedNear(item: NearFilter): NearFilter {
  return { layer: item.layer, within_m: item.within_m, ...orderedSelection(item) };
}

function orderedFar(item: FarFilter): FarFilter {
  return { layer: item.layer, beyond_m: item.beyond_m, ...orderedSelection(item) };
}

/** Which features a near or far filter means, in the fixed key order. */
function orderedSelection(item: Pick<NearFilter, 'kinds' | 'where' | 'ids'>): Pick<NearFilter, 'kinds' | 'where' | 'ids'> {
  const out: Pick<NearFilter, 'kinds' | 'where' | 'ids'> = {};
  if (item.kinds) out.kinds = item.kinds;
  if (item.where) out.where = item.where;
  if (item.ids) out.ids = item.ids;
  return out;
}

function orderedExclude(item: ExcludeFilter): ExcludeFilter {
  const out: ExcludeFilter = { layer: item.layer };
  if (item.kinds) out.kinds = item.kinds;
  if (item.buffer_m !== undefined) out.buffer_m = item.buffer_m;
  return out;
}
