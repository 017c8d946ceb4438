/**
 * The kinds GET /parcels/{id}/proximity (and the `nearby` tool) reports: each is the nearest
 * feature of one layer, optionally narrowed to some of its kinds or by one numeric attribute.
 * This is data: the read model, the request validation and the docs all read it.
 */
export interface ProximityKind {
  id: string;
  label: string;
  layer: string;
  /** Only features of these layer kinds; all kinds when absent */
  layerKinds?: string[];
  /** Only features whose numeric attribute is at least this value */
  minimum?: { attribute: string; value: number };
  /** Attributes copied into the item */
  attributes: string[];
}

/**
 * What "water" means everywhere: the nearest water in a parcel's facts, the data-centre scenario's
 * "near water", the search index's water distance and "water" in a sentence. Streams are left out:
 * too small to count as water for cooling or for a waterside plot, and a stream next door must not
 * make the facts say "water 200 m" while the scenario says the parcel is not near water.
 */
export const WATER_KINDS: readonly string[] = Object.freeze(['river', 'canal', 'lake', 'reservoir']);

export const PROXIMITY_KINDS: readonly ProximityKind[] = Object.freeze([
  { id: 'power_substation', label: 'substation of any voltage', layer: 'power_substations', attributes: ['voltage_kv', 'voltages', 'operator'] },
  { id: 'hv_substation', label: 'substation of at least 110 kV', layer: 'power_substations', minimum: { attribute: 'voltage_kv', value: 110 }, attributes: ['voltage_kv', 'voltages', 'operator'] },
  { id: 'grid_capacity', label: 'grid node with published connection capacity', layer: 'grid_capacity', attributes: ['substation_name', 'available_mw', 'voltage_kv', 'operator', 'published_on'] },
  { id: 'hv_line', label: 'high-voltage line (110 kV and more)', layer: 'power_lines', layerKinds: ['ehv_line', 'hv_line'], attributes: ['voltage_kv', 'operator'] },
  { id: 'mv_line', label: 'medium-voltage line or cable', layer: 'power_lines', layerKinds: ['mv_line', 'mv_cable'], attributes: ['voltage_kv', 'operator'] },
  { id: 'transit_stop', label: 'public transport stop', layer: 'transport_stops', attributes: ['departures_per_day', 'routes'] },
  { id: 'rail_station', label: 'railway station or stop', layer: 'transport_stops', layerKinds: ['rail'], attributes: ['departures_per_day', 'plk_ref'] },
  { id: 'school', label: 'school', layer: 'services_poi', layerKinds: ['school'], attributes: ['public'] },
  { id: 'kindergarten', label: 'kindergarten', layer: 'services_poi', layerKinds: ['kindergarten'], attributes: ['public'] },
  { id: 'healthcare', label: 'clinic or hospital', layer: 'services_poi', layerKinds: ['clinic', 'hospital'], attributes: ['public'] },
  { id: 'shop', label: 'shop or supermarket', layer: 'services_poi', layerKinds: ['shop', 'supermarket'], attributes: [] },
  { id: 'water', label: 'river, canal, lake or reservoir', layer: 'waterways', layerKinds: [...WATER_KINDS], attributes: ['navigable'] },
  { id: 'hydrant', label: 'fire hydrant or water tank', layer: 'hydrants', attributes: ['flow_lps', 'volume_m3'] },
  { id: 'public_road', label: 'public road', layer: 'roads', layerKinds: ['motorway', 'expressway', 'trunk', 'main', 'collective', 'local', 'access'], attributes: ['road_number', 'road_category'] },
  { id: 'major_road', label: 'motorway, expressway or trunk road', layer: 'roads', layerKinds: ['motorway', 'expressway', 'trunk'], attributes: ['road_number', 'road_category'] },
  { id: 'planned_road', label: 'planned road', layer: 'planned_roads', attributes: ['road_number', 'status', 'expected_completion_year'] },
  { id: 'planned_railway', label: 'planned railway', layer: 'planned_railways', attributes: ['line_number', 'status', 'expected_completion_year'] },
  { id: 'ev_charger', label: 'EV charging station', layer: 'ev_chargers', attributes: ['max_power_kw', 'charging_points', 'operator'] },
  { id: 'data_center', label: 'data centre', layer: 'data_centers', attributes: ['operator', 'it_power_mw'] },
  { id: 'industrial_area', label: 'industrial or storage land, industrial park', layer: 'industrial_areas', attributes: ['available_area_sqm', 'rail_siding'] },
  { id: 'renewable_installation', label: 'existing renewable installation', layer: 'oze_installations', attributes: ['capacity_mw', 'turbine_count'] },
]);

export const PROXIMITY_KIND_IDS: readonly string[] = Object.freeze(PROXIMITY_KINDS.map((k) => k.id));

/** Nearest features farther than this are reported in `not_found` rather than as a distance. */
export const PROXIMITY_MAX_M = 50_000;
