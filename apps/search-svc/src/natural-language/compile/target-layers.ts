import type { TargetId } from '../lexicon/meanings.js';

/**
 * How each thing a parcel can be near (or away from) is searched: the layer, the kinds, the
 * default reach when the query gives no distance, and whether it is a proximity or an exclusion.
 * The spec fixes two defaults (substation 10 km of at least 110 kV, public transport 800 m); the
 * others take the scenario parameter of the same meaning where there is one (school 1.5 km, grid
 * capacity 10 MW within 5 km, MV line 2 km, planned road 5 km) and are ours otherwise.
 */
export interface TargetLayer {
  layer: string;
  kinds?: readonly string[];
  /** Default reach of a proximity criterion, metres. */
  withinM: number;
  where?: Readonly<Record<string, unknown>>;
  /** Read as "keep away from" even without "bez"/"poza"/"outside" (with an assumption). */
  exclusion: boolean;
  /** Whether "bez X" / "outside X" can be searched for it. */
  excludable: boolean;
}

const SERVICES = (kinds: string[], withinM: number): TargetLayer => ({ layer: 'services_poi', kinds, withinM, exclusion: false, excludable: false });
const ENV = (kinds: string[]): TargetLayer => ({ layer: 'env_layers', kinds, withinM: 0, exclusion: true, excludable: true });
/** An existing renewable installation (compile/existing-installations.ts); ours: within sight and earshot. */
const INSTALLATION = (kinds: string[]): TargetLayer => ({ layer: 'oze_installations', kinds, withinM: 2_000, exclusion: false, excludable: false });

/** Spec: "near a substation: at most 10 km to a substation of at least 110 kV". */
export const SUBSTATION_DEFAULT_M = 10_000;
export const SUBSTATION_DEFAULT_KV = 110;
/** Spec: "near public transport: at most 800 m to a stop". */
export const TRANSIT_DEFAULT_M = 800;
/** Scenario parameters min_capacity_mw and capacity_km. */
export const CAPACITY_DEFAULT_MW = 10;
export const CAPACITY_DEFAULT_M = 5_000;
/** High voltage is 110 kV and above: a line of 220 or 400 kV is a high-voltage line too. */
export const HIGH_VOLTAGE_LINES: readonly string[] = ['hv_line', 'ehv_line'];
/** Spec: "flat: mean slope at most 5 % (tunable)". */
export const FLAT_DEFAULT_PCT = 5;

export const TARGET_LAYERS: Readonly<Record<TargetId, TargetLayer>> = {
  // only with a distance the query gives ("do 20 km od Poznania"); the 10 km is never used alone
  place: { layer: 'admin_bounds', withinM: 10_000, exclusion: false, excludable: false },
  substation: { layer: 'power_substations', withinM: SUBSTATION_DEFAULT_M, where: { voltage_kv_gte: SUBSTATION_DEFAULT_KV }, exclusion: false, excludable: false },
  grid_capacity: { layer: 'grid_capacity', withinM: CAPACITY_DEFAULT_M, where: { available_mw_gte: CAPACITY_DEFAULT_MW }, exclusion: false, excludable: false },
  transit: { layer: 'transport_stops', withinM: TRANSIT_DEFAULT_M, exclusion: false, excludable: false },
  school: SERVICES(['school'], 1_500),
  kindergarten: SERVICES(['kindergarten'], 1_500),
  nursery: SERVICES(['nursery'], 1_500),
  shop: SERVICES(['shop', 'supermarket'], 1_000),
  supermarket: SERVICES(['supermarket'], 1_000),
  clinic: SERVICES(['clinic'], 2_000),
  hospital: SERVICES(['hospital'], 5_000),
  pharmacy: SERVICES(['pharmacy'], 1_000),
  fire_station: SERVICES(['fire_station'], 3_000),
  police: SERVICES(['police'], 3_000),
  water: { layer: 'waterways', kinds: ['river', 'canal', 'lake', 'reservoir'], withinM: 1_000, exclusion: false, excludable: false },
  river: { layer: 'waterways', kinds: ['river'], withinM: 1_000, exclusion: false, excludable: false },
  lake: { layer: 'waterways', kinds: ['lake'], withinM: 1_000, exclusion: false, excludable: false },
  canal: { layer: 'waterways', kinds: ['canal'], withinM: 1_000, exclusion: false, excludable: false },
  reservoir: { layer: 'waterways', kinds: ['reservoir'], withinM: 1_000, exclusion: false, excludable: false },
  motorway: { layer: 'roads', kinds: ['motorway'], withinM: 5_000, exclusion: false, excludable: false },
  expressway: { layer: 'roads', kinds: ['expressway'], withinM: 5_000, exclusion: false, excludable: false },
  fast_road: { layer: 'roads', kinds: ['motorway', 'expressway'], withinM: 5_000, exclusion: false, excludable: false },
  national_road: { layer: 'roads', withinM: 2_000, where: { road_category_eq: 'national' }, exclusion: false, excludable: false },
  voivodeship_road: { layer: 'roads', withinM: 2_000, where: { road_category_eq: 'voivodeship' }, exclusion: false, excludable: false },
  // a public road along the parcel: every kind but internal roads
  road_access: { layer: 'roads', kinds: ['motorway', 'expressway', 'trunk', 'main', 'collective', 'local', 'access'], withinM: 50, exclusion: false, excludable: false },
  planned_road: { layer: 'planned_roads', withinM: 5_000, exclusion: false, excludable: false },
  // existing installations, data centres and warehouses: compile/existing-installations.ts
  wind_installation: INSTALLATION(['wind']),
  solar_installation: INSTALLATION(['solar']),
  biogas_installation: INSTALLATION(['biogas']),
  // ours: a campus's fibre and power within a short drive
  data_center: { layer: 'data_centers', withinM: 5_000, exclusion: false, excludable: false },
  // ours: a warehouse in the neighbourhood (its traffic, or a logistics cluster)
  warehouse_building: { layer: 'buildings', kinds: ['warehouse'], withinM: 1_000, exclusion: false, excludable: false },
  // ours: homes in the neighbourhood; the distance from them is mostly asked as a minimum (setbacks)
  residential_building: { layer: 'buildings', kinds: ['single_family', 'multi_family'], withinM: 1_000, exclusion: false, excludable: false },
  // ours: a charger a short drive away
  ev_charger: { layer: 'ev_chargers', withinM: 2_000, exclusion: false, excludable: false },
  // only with a number of the query: the cell of the PV-yield grid the parcel lies on
  solar_yield: { layer: 'solar_irradiance', withinM: 0, exclusion: false, excludable: false },
  power_line: { layer: 'power_lines', withinM: 2_000, exclusion: false, excludable: false },
  forest: { layer: 'land_cover', kinds: ['forest'], withinM: 500, exclusion: false, excludable: true },
  natura2000: ENV(['natura2000']),
  protected_nature: ENV(['protected_nature']),
  landscape_park: ENV(['landscape_park']),
  national_park: ENV(['national_park']),
  nature_reserve: ENV(['nature_reserve']),
  flood_zone: ENV(['flood_zone']),
  heritage: { layer: 'heritage_sites', withinM: 0, exclusion: true, excludable: true },
  mining: { layer: 'mining_areas', withinM: 0, exclusion: true, excludable: true },
  state_land: { layer: 'kowr_land', withinM: 0, exclusion: false, excludable: true },
};
