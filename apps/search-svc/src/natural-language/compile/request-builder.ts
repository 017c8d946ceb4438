import {
  EXCLUDE_BUFFER_MAX_M,
  NEAR_WITHIN_MAX_M,
  SEARCH_LIMIT_MAX,
  SLOPE_MAX_PCT,
  type ExcludeFilter,
  type FarFilter,
  type NearFilter,
  type RankBy,
  type SearchFilters,
  type SearchParcelsRequest,
} from '@lp/contracts';
import { compileScenario, concreteKinds } from '../../scenarios/scenario-compiler.js';
import type { ScenarioDefinition } from '../../scenarios/scenario-definition.js';
import type { Criterion } from './criteria.js';
import { CAPACITY_DEFAULT_MW } from './target-layers.js';
import type { Note } from './notes.js';

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
  const textLimit = options.criteria.find((c): c is Extract<Criterion, { type: 'limit' }> => c.type === 'limit');
  let limit = options.limit;
  if (limit === undefined && textLimit) {
    limit = Math.min(Math.max(1, textLimit.value), SEARCH_LIMIT_MAX);
    notes.push({ id: 'limit_from_text', limit });
  }
  const base = options.scenario ? compileScenario(options.scenario, { region: options.region, limit }) : { ...(options.region ? { region: options.region } : {}) };
  const filters: SearchFilters = structuredClone(base.filters ?? {});
  const near: NearFilter[] = filters.near ?? [];
  const exclude: ExcludeFilter[] = filters.exclude ?? [];
  const far: FarFilter[] = filters.far ?? [];
  const rankBy: RankBy[] = structuredClone(base.rank_by ?? []);
  // what the query asks for replaces the scenario's criterion on the same layer; two asks of the query do not
  const fromScenario = new Set(near.map((item) => item.layer));
  // an energy asset is connected by grid capacity; a house or a warehouse by the MV network nearby
  const energyAsset = fromScenario.has('grid_capacity') || fromScenario.has('power_substations');
  const criteria = options.criteria.map((criterion): Criterion => {
    if (criterion.type !== 'near' || !criterion.gridWord) return criterion;
    if (energyAsset) {
      notes.push({ id: 'default_capacity', mw: CAPACITY_DEFAULT_MW, km: criterion.withinM / 1000 });
      return criterion;
    }
    notes.push({ id: 'grid_connection_mv', text: criterion.text, m: GRID_CONNECTION_MV_M });
    return { type: 'near', target: 'power_line', layer: 'power_lines', kinds: ['mv_line', 'mv_cable'], withinM: GRID_CONNECTION_MV_M, explicit: false, text: criterion.text };
  });

  for (const criterion of criteria) {
    switch (criterion.type) {
      case 'area': {
        const area = (filters.area_sqm ??= {});
        if (criterion.min !== undefined) area.min = criterion.min;
        if (criterion.max !== undefined) {
          area.max = criterion.max;
          if (area.min !== undefined && area.min > criterion.max) {
            notes.push({ id: 'area_min_lowered', text: criterion.text, sqm: area.min });
            delete area.min;
            if (criterion.min !== undefined) area.min = criterion.min;
          }
        }
        break;
      }
      case 'slope': {
        const max = clamp(criterion.max, 0, SLOPE_MAX_PCT, criterion.text, '%', notes);
        filters.slope_pct = { max: criterion.explicit || !filters.slope_pct ? max : Math.min(filters.slope_pct.max, max) };
        break;
      }
      case 'vacant':
        if (filters.vacant !== undefined && filters.vacant !== criterion.value) notes.push({ id: 'vacant_conflict', text: criterion.text });
        filters.vacant = criterion.value;
        break;
      case 'zoning': {
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
        break;
      }
      case 'land_use': {
        const landUse = (filters.land_use ??= {});
        landUse.kinds = [...new Set([...(landUse.kinds ?? []), ...criterion.kinds])];
        break;
      }
      case 'near': {
        const withinM = clamp(criterion.withinM, 0, NEAR_WITHIN_MAX_M, criterion.text, 'm', notes);
        const kinds = criterion.kinds ? concreteKinds(criterion.layer, criterion.kinds) : undefined;
        if (criterion.layer === 'kowr_land') {
          const index = exclude.findIndex((e) => e.layer === 'kowr_land');
          if (index >= 0) {
            exclude.splice(index, 1);
            notes.push({ id: 'state_land_over_pre_emption' });
          }
        }
        const existing = near.find((n) => n.layer === criterion.layer);
        if (criterion.ids) {
          // a named feature: the distance to it alone, replacing the scenario's "any substation within N km"
          const item: NearFilter = { layer: criterion.layer, within_m: withinM, ids: [...criterion.ids] };
          if (!existing) near.push(item);
          else if (fromScenario.has(criterion.layer)) {
            notes.push({ id: 'replaces_scenario', text: criterion.text });
            near.splice(near.indexOf(existing), 1, item);
            fromScenario.delete(criterion.layer);
          } else notes.push({ id: 'one_per_layer', text: criterion.text });
          break;
        }
        if (!existing) {
          const item: NearFilter = { layer: criterion.layer, within_m: withinM };
          if (kinds) item.kinds = kinds;
          if (criterion.where) item.where = { ...criterion.where };
          near.push(item);
          break;
        }
        const existingKinds = existing.kinds;
        if (kinds && existingKinds && !kinds.every((k) => existingKinds.includes(k)) && !existingKinds.every((k) => kinds.includes(k))) {
          if (fromScenario.has(criterion.layer)) {
            // the query's "near a kindergarten" replaces the scenario's "near a school" (one criterion per layer)
            notes.push({ id: 'replaces_scenario', text: criterion.text });
            existing.kinds = kinds;
            existing.within_m = withinM;
            if (criterion.where) existing.where = { ...criterion.where };
            fromScenario.delete(criterion.layer);
          } else {
            // "near a school" and "near a shop" are both services_poi: one criterion per layer
            notes.push({ id: 'one_per_layer', text: criterion.text });
          }
          break;
        }
        fromScenario.delete(criterion.layer);
        if (kinds && (!existingKinds || kinds.every((k) => existingKinds.includes(k)))) existing.kinds = kinds;
        if (criterion.where) existing.where = { ...(existing.where ?? {}), ...criterion.where };
        existing.within_m = criterion.explicit ? withinM : Math.min(existing.within_m, withinM);
        break;
      }
      case 'exclude': {
        const bufferM = clamp(criterion.bufferM, 0, EXCLUDE_BUFFER_MAX_M, criterion.text, 'm', notes);
        const kinds = criterion.kinds ? concreteKinds(criterion.layer, criterion.kinds) : undefined;
        const existing = exclude.find((e) => e.layer === criterion.layer);
        if (!existing) {
          const item: ExcludeFilter = { layer: criterion.layer };
          if (kinds) item.kinds = kinds;
          item.buffer_m = bufferM;
          exclude.push(item);
          break;
        }
        if (existing.kinds && kinds) existing.kinds = concreteKinds(criterion.layer, [...existing.kinds, ...kinds]);
        else delete existing.kinds;
        existing.buffer_m = criterion.explicit ? bufferM : Math.max(existing.buffer_m ?? 0, bufferM);
        break;
      }
      case 'far': {
        const beyondM = clamp(criterion.beyondM, 0, NEAR_WITHIN_MAX_M, criterion.text, 'm', notes);
        if (far.some((f) => f.layer === criterion.layer)) {
          notes.push({ id: 'one_per_layer', text: criterion.text });
          break;
        }
        const item: FarFilter = { layer: criterion.layer, beyond_m: beyondM };
        if (criterion.kinds) item.kinds = concreteKinds(criterion.layer, criterion.kinds);
        if (criterion.where) item.where = { ...criterion.where };
        if (criterion.ids) item.ids = [...criterion.ids];
        far.push(item);
        break;
      }
      case 'rank': {
        const existing = rankBy.find((rank) => rank.signal === criterion.signal);
        if (existing) existing.weight = Math.max(existing.weight, criterion.weight);
        else rankBy.push({ signal: criterion.signal, weight: criterion.weight });
        break;
      }
      case 'limit':
      case 'assembly':
        break;
    }
  }
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

function clamp(value: number, min: number, max: number, text: string, unit: string, notes: Note[]): number {
  if (value >= min && value <= max) return value;
  const used = Math.min(Math.max(value, min), max);
  notes.push({ id: 'clamped', text, used, unit });
  return used;
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
  if (filters.vacant !== undefined) out.vacant = filters.vacant;
  if (filters.near && filters.near.length > 0) out.near = filters.near.map(orderedNear);
  if (filters.exclude && filters.exclude.length > 0) out.exclude = filters.exclude.map(orderedExclude);
  if (filters.far && filters.far.length > 0) out.far = filters.far.map(orderedFar);
  if (filters.near_any && filters.near_any.length > 0) out.near_any = filters.near_any.map((item) => ({ any_of: item.any_of.map(orderedNear) }));
  if (filters.not_contaminated) out.not_contaminated = true;
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
