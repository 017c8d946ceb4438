import { BLOCKING_ZONES, WATER_KINDS, ZONING_CATEGORY_GROUPS, type LandUseKind, type ZoningCategory } from '@lp/contracts';
import type { ParameterId } from './scenario-parameters.js';

/** A literal value, or a parameter times a factor (km parameters feed metre filters). */
export type Amount = number | { param: ParameterId; factor?: number };

/** One structured filter a criterion compiles to (spec "Search request" filters). */
export type FilterRule =
  | { filter: 'area_min'; min: Amount }
  | { filter: 'slope_max'; max: Amount }
  | { filter: 'zoning'; categories: readonly ZoningCategory[] }
  | { filter: 'vacant'; value: boolean }
  | { filter: 'land_use'; kinds?: readonly LandUseKind[]; exclude_kinds?: readonly LandUseKind[] }
  | NearRule
  | { filter: 'near_any'; alternatives: readonly NearRule[] }
  | { filter: 'exclude'; layer: string; kinds?: readonly string[]; buffer: Amount }
  | { filter: 'far'; layer: string; kinds?: readonly string[]; beyond: Amount }
  | { filter: 'not_contaminated' }
  | { filter: 'no_kowr_pre_emption' };

export interface NearRule {
  filter: 'near';
  layer: string;
  within: Amount;
  kinds?: readonly string[];
  where?: Readonly<Record<string, Amount>>;
}

export interface CriterionDefinition {
  /** The criterion in the words of the spec's scenario table. */
  label: string;
  /** Empty when no filter of the search vocabulary can express the criterion. */
  rules: readonly FilterRule[];
  /** Why the mapping is approximate or missing; shown by list_scenarios. */
  note?: string;
}

const km = (param: ParameterId): Amount => ({ param, factor: 1000 });
const metres = (param: ParameterId): Amount => ({ param });

/** Spec "near a substation: at most 10 km to a substation of at least 110 kV". */
export const SUBSTATION_MIN_KV = 110;

/**
 * "No blocking zone": an exclusion of every blocking kind (BLOCKING_ZONES, the list parcel
 * constraints call blocking), layer by layer, on the parcel itself.
 */
const BLOCKING_ZONE_RULES: readonly FilterRule[] = Object.entries(BLOCKING_ZONES).map(([layer, kinds]) => ({ filter: 'exclude', layer, kinds, buffer: 0 }));

/** Spec phrases "no protected nature" and "not in a flood zone", as kind groups of env_layers. */
export const ENV_RISK_KIND_GROUPS = ['protected_nature', 'flood_zone'] as const;

/** Water a data centre can draw on; streams and drainage ditches do not count. */
export const COOLING_WATER_KINDS = WATER_KINDS;

/** Buildings people live in: the residential setback of wind, biogas and BESS is measured from these. */
export const RESIDENTIAL_BUILDING_KINDS = ['single_family', 'multi_family'] as const;

/**
 * The kinds of wind_exclusion other than the residential setback. That one is a drawn polygon (a hull
 * around clusters of houses, wider than 700 m in places), so the residential distance is measured
 * from the buildings themselves instead (CRITERIA.residentialSetback): 699.3 m fails 700 m, 700.1 m passes.
 */
export const WIND_SETBACK_KINDS_BESIDE_HOMES = ['national_park_setback', 'nature_reserve_setback', 'power_line_setback'] as const;

/** Existing roads that count as trunk roads: motorways (A), expressways (S) and main accelerated traffic roads (GP). */
export const TRUNK_ROAD_KINDS = ['motorway', 'expressway', 'trunk'] as const;

/** The criteria of the twelve scenarios; a scenario may relabel one with the spec's wording. */
export const CRITERIA = {
  minArea: { label: 'Minimum area', rules: [{ filter: 'area_min', min: metres('min_area_sqm') }] },
  noBlockingZone: {
    label: 'No blocking zone',
    rules: BLOCKING_ZONE_RULES,
    note:
      'On the parcel: national parks, nature reserves, ecological sites, natural monuments, 10 % / 1 % flood-hazard areas, registered monuments ' +
      "and direct protection zones of water intakes: the kinds parcel constraints call blocking. With a scenario's environmental exclusion " +
      'both become one exclude of env_layers with its buffer, so ecological sites and natural monuments are then kept at that distance too.',
  },
  environmentalRisk: {
    label: 'No environmental risk',
    rules: [{ filter: 'exclude', layer: 'env_layers', kinds: ENV_RISK_KIND_GROUPS, buffer: metres('env_buffer_m') }],
  },
  nearSubstation: {
    label: 'Near a substation',
    rules: [{ filter: 'near', layer: 'power_substations', within: km('substation_km'), where: { voltage_kv_gte: SUBSTATION_MIN_KV } }],
  },
  gridCapacity: {
    label: 'Grid capacity available',
    rules: [{ filter: 'near', layer: 'grid_capacity', within: km('capacity_km'), where: { available_mw_gte: metres('min_capacity_mw') } }],
  },
  minSolarYield: {
    label: 'Minimum solar yield',
    rules: [{ filter: 'near', layer: 'solar_irradiance', within: 0, where: { yield_kwh_kwp_gte: metres('min_yield_kwh_kwp') } }],
  },
  slope: { label: 'Slope within tolerance', rules: [{ filter: 'slope_max', max: metres('max_slope_pct') }] },
  notForestOrOrchard: {
    label: 'Not forest or orchard',
    rules: [{ filter: 'land_use', exclude_kinds: ['forest', 'orchard'] }],
    note: 'Land use, not zoning: EGiB classes Ls and S- on the parcel, or forest and orchard land cover where it has no classes.',
  },
  windSetback: {
    label: 'Statutory setback clear',
    rules: [
      { filter: 'exclude', layer: 'wind_exclusion', kinds: WIND_SETBACK_KINDS_BESIDE_HOMES, buffer: 0 },
      { filter: 'far', layer: 'buildings', kinds: RESIDENTIAL_BUILDING_KINDS, beyond: metres('residential_setback_m') },
    ],
    note:
      'The wind act (2016, as amended in 2023): at least residential_setback_m (700 m) from every single- or multi-family building, measured ' +
      'from the buildings themselves, so a parcel 699.3 m from a house fails; and the setback zones of wind_exclusion around national parks, ' +
      'nature reserves and extra-high-voltage lines.',
  },
  residentialSetback: {
    label: 'Distance from homes',
    rules: [{ filter: 'far', layer: 'buildings', kinds: RESIDENTIAL_BUILDING_KINDS, beyond: metres('residential_setback_m') }],
    note:
      'No single- or multi-family building within residential_setback_m of the parcel, measured from the buildings. No statute fixes this ' +
      'distance for biogas plants or battery storage: the default is a planning assumption (odour and traffic for biogas, fire and noise for ' +
      'batteries); set the local value with params.residential_setback_m.',
  },
  nearMvLine: {
    label: 'Near an MV line',
    rules: [{ filter: 'near', layer: 'power_lines', within: km('mv_line_km'), kinds: ['mv_line', 'mv_cable'] }],
  },
  nearWater: {
    label: 'Near water',
    rules: [{ filter: 'near', layer: 'waterways', within: km('water_km'), kinds: COOLING_WATER_KINDS }],
    note: 'Rivers, canals, lakes and reservoirs; streams and drainage ditches do not count.',
  },
  nearTransit: {
    label: 'Near transit',
    rules: [{ filter: 'near', layer: 'transport_stops', within: metres('max_stop_m') }],
  },
  nearSchool: {
    label: 'Near a school',
    rules: [{ filter: 'near', layer: 'services_poi', within: metres('school_m'), kinds: ['school'] }],
    note: "Uses near[].kinds, an addition to the spec's near filter: no attribute of services_poi tells a school from a shop.",
  },
  agriculturalLand: {
    label: 'Agricultural land',
    rules: [{ filter: 'land_use', kinds: ['agricultural'] }],
    note:
      'Land use, not zoning: EGiB classes R, Ł, Ps, S-, Br, Wsr, W, Lzr on the parcel, or arable, grassland or orchard land cover ' +
      'where it has no classes. A local-plan zone says what may be built, not what the land is.',
  },
  residentialZoning: {
    label: 'Residential zoning',
    rules: [{ filter: 'zoning', categories: ZONING_CATEGORY_GROUPS['residential']! }],
  },
  commercialZoning: {
    label: 'Commercial zoning',
    rules: [{ filter: 'zoning', categories: ZONING_CATEGORY_GROUPS['commercial']! }],
  },
  industrialZoning: {
    label: 'Industrial zoning',
    rules: [{ filter: 'zoning', categories: ZONING_CATEGORY_GROUPS['industrial']! }],
    note: 'Local-plan P, PU and P/U (category industrial) and the service-led U/P (industrial_services).',
  },
  vacant: { label: 'Vacant', rules: [{ filter: 'vacant', value: true }] },
  noStateLandPreEmption: {
    label: 'No state-agricultural pre-emption',
    rules: [{ filter: 'no_kowr_pre_emption' }],
    note:
      "KOWR's statutory pre-emption right (ustawa o kształtowaniu ustroju rolnego, art. 3): agricultural EGiB classes on at least 0.3 ha, " +
      'unless the local plan designates the land for another use; the rule parcel regulations list the right by. Whether the state holds ' +
      'the land (kowr_land) is another question: public_land_opportunity asks it.',
  },
  nearPlannedRoad: {
    label: 'Near a planned or trunk road',
    rules: [
      {
        filter: 'near_any',
        alternatives: [
          { filter: 'near', layer: 'planned_roads', within: km('planned_road_km') },
          { filter: 'near', layer: 'roads', within: km('planned_road_km'), kinds: TRUNK_ROAD_KINDS },
        ],
      },
    ],
    note:
      'One criterion met by either alternative (near_any): a planned road of any kind, or an existing motorway, expressway or GP trunk road, ' +
      'both within planned_road_km.',
  },
  lowRiseBuilding: {
    label: 'Existing low-rise building',
    rules: [{ filter: 'near', layer: 'buildings', within: 0, where: { floors_lte: metres('max_floors') } }],
    note:
      'A building of at most max_floors floors stands on the parcel. No filter can say "every building", so a taller one beside it ' +
      'is not ruled out; the floors signal ranks parcels by their tallest building.',
  },
  notHeritage: { label: 'Not heritage', rules: [{ filter: 'exclude', layer: 'heritage_sites', buffer: 0 }] },
  notContaminated: {
    label: 'Not contaminated',
    rules: [{ filter: 'not_contaminated' }],
    note:
      'Asked but cannot be checked: no layer of the catalogue records contaminated land (the register of historical soil contamination is not ' +
      'loaded). It is a screening criterion, so search coverage reports it as missing and every result lists it in unscreened; check it on site.',
  },
  overlapsStateLand: {
    label: 'Overlaps state agricultural land',
    rules: [{ filter: 'near', layer: 'kowr_land', within: 0 }],
  },
} as const satisfies Record<string, CriterionDefinition>;

/** The same criterion under the wording a scenario uses for it. */
export function worded(criterion: CriterionDefinition, label: string): CriterionDefinition {
  return { ...criterion, label };
}
