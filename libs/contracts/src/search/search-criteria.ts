import type { SearchParcelsRequest } from './search-parcels.request.js';

/**
 * requires: must be proven true, so a layer without data blocks the search; screens: excludes bad
 * parcels where the layer has data, and results elsewhere come back unscreened (spec "Coverage rules").
 */
export const CRITERION_MODES = ['requires', 'screens'] as const;
export type CriterionMode = (typeof CRITERION_MODES)[number];

export interface SearchCriterion {
  /** `area`, `zoning`, `land_use`, `land_use:exclude`, `slope`, `vacant`, `near:<layer>`, `exclude:<layer>` or `far:<layer>`: the coverage entry's name. */
  criterion: string;
  mode: CriterionMode;
  /** Layers whose coverage decides the criterion's status. */
  layers: string[];
  /**
   * Features of the layer named as anchors (near/far `ids`): the distance is measured to them alone,
   * so once they are found to exist the criterion has its data wherever the search looks.
   */
  anchors?: string[];
  /**
   * near_any: the criterion holds on any one of its layers, so a gmina is available only where every
   * layer has data, partial where some has, missing where none has.
   */
  anyOf?: boolean;
  /**
   * How far around a parcel the criterion looks for features (exclude's buffer_m, far's beyond_m):
   * it is known only where the layer has data over that whole reach, so gminas within it count too.
   */
  reachM?: number;
  /** A criterion no layer can check (layers empty): why, for its coverage note. */
  noLayerNote?: string;
}

/** The id of a near_any criterion: its layers in request order, `near_any:planned_roads|roads`. */
export function nearAnyCriterionId(layers: readonly string[]): string {
  return `near_any:${layers.join('|')}`;
}

/** Criterion of filters.price_estimate_pln: area × the median of comparable land transactions, known only from enough of them. */
export const PRICE_ESTIMATE_CRITERION = 'price_estimate';
/** Fewer comparables than this leave the estimate unknown: a median of two or three sales says little. */
export const PRICE_ESTIMATE_MIN_COMPARABLES = 5;
/** Comparables are the land transactions of this many years before the newest land deed held. */
export const PRICE_ESTIMATE_SINCE_YEARS = 3;

/** Criterion of filters.ownership_groups: the owner's EGiB registration group, known only where the parcels layer gives it. */
export const OWNERSHIP_GROUP_CRITERION = 'ownership_group';

/** Criterion of filters.no_kowr_pre_emption: proven from the parcel's own EGiB classes and area, and its local plan where we hold one. */
export const NO_KOWR_PRE_EMPTION_CRITERION = 'no_kowr_pre_emption';

/** Criterion of filters.not_contaminated. */
export const NOT_CONTAMINATED_CRITERION = 'not_contaminated';

export const NOT_CONTAMINATED_NOTE =
  'No layer of our catalogue records contaminated land (the register of historical soil contamination is not loaded), so no parcel was ' +
  'checked for contamination and every result lists not_contaminated in unscreened. Tell the user it must be checked in the register ' +
  'of historical soil contamination (RDOŚ) or by a soil survey.';

/**
 * The criteria of a request in a fixed order, with their modes (design SEARCH.md table). Each
 * filter becomes one criterion, so a layer named twice in near (or in exclude) would be two
 * criteria with the same id; validateSearchRequest refuses that.
 */
export function searchCriteriaOf(request: SearchParcelsRequest): SearchCriterion[] {
  const filters = request.filters ?? {};
  const criteria: SearchCriterion[] = [];
  if (filters.area_sqm) criteria.push({ criterion: 'area', mode: 'requires', layers: ['parcels'] });
  if (filters.zoning) {
    // the plan boundaries say whether a local plan applies at all (design SEARCH.md "Zoning evidence")
    const layers = filters.zoning.require_plan ? ['mpzp_plans', 'mpzp_zones'] : ['mpzp_plans', 'mpzp_zones', 'plan_ogolny_zones'];
    criteria.push({ criterion: 'zoning', mode: 'requires', layers });
  }
  if (filters.land_use?.kinds) criteria.push({ criterion: 'land_use', mode: 'requires', layers: ['parcels', 'land_cover'] });
  if (filters.land_use?.exclude_kinds) criteria.push({ criterion: 'land_use:exclude', mode: 'screens', layers: ['parcels', 'land_cover'] });
  if (filters.slope_pct) criteria.push({ criterion: 'slope', mode: 'screens', layers: ['terrain_stats'] });
  if (filters.vacant !== undefined) criteria.push({ criterion: 'vacant', mode: 'requires', layers: ['buildings'] });
  for (const near of filters.near ?? []) criteria.push(distanceCriterion('near', near));
  for (const exclude of filters.exclude ?? []) {
    const criterion: SearchCriterion = { criterion: `exclude:${exclude.layer}`, mode: 'screens', layers: [exclude.layer] };
    if ((exclude.buffer_m ?? 0) > 0) criterion.reachM = exclude.buffer_m;
    criteria.push(criterion);
  }
  // a minimum distance must be proven like a proximity: no data for the layer is not "far"
  for (const far of filters.far ?? []) {
    const criterion = distanceCriterion('far', far);
    // named anchors are found before planning: the distance to them needs no data around the parcel
    if (!far.ids && far.beyond_m > 0) criterion.reachM = far.beyond_m;
    criteria.push(criterion);
  }
  for (const nearAny of filters.near_any ?? []) {
    const layers = nearAny.any_of.map((near) => near.layer);
    criteria.push({ criterion: nearAnyCriterionId(layers), mode: 'requires', layers: [...new Set(layers)], anyOf: true });
  }
  // a parcel inside a plan whose zones we lack keeps the right, as its regulations say: excluded, never passed unproven
  // the comparables are transactions: a gmina without them cannot price anything (no data is not "too dear")
  if (filters.price_estimate_pln) criteria.push({ criterion: PRICE_ESTIMATE_CRITERION, mode: 'requires', layers: ['transactions'] });
  // the group is an attribute of the parcel: its coverage counts the parcels without one (unknown, never passed)
  if (filters.ownership_groups) criteria.push({ criterion: OWNERSHIP_GROUP_CRITERION, mode: 'requires', layers: ['parcels'] });
  if (filters.no_kowr_pre_emption) criteria.push({ criterion: NO_KOWR_PRE_EMPTION_CRITERION, mode: 'requires', layers: ['parcels'] });
  // screens, not requires: no layer anywhere would block every search that asks, so results come back flagged instead
  if (filters.not_contaminated) criteria.push({ criterion: NOT_CONTAMINATED_CRITERION, mode: 'screens', layers: [], noLayerNote: NOT_CONTAMINATED_NOTE });
  return criteria;
}

function distanceCriterion(kind: 'near' | 'far', filter: { layer: string; ids?: string[] }): SearchCriterion {
  const criterion: SearchCriterion = { criterion: `${kind}:${filter.layer}`, mode: 'requires', layers: [filter.layer] };
  if (filter.ids) criterion.anchors = [...filter.ids];
  return criterion;
}
