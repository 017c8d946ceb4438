/**
 * Ranking signals of structured search (design SEARCH.md "Ranking"). The spec shows
 * grid_capacity_mw, grid_distance_km and area; the other identifiers are ours. Each value is
 * normalised over the matching parcels, direction-aware, so `direction` is part of the contract.
 */
export type SignalDirection = 'higher' | 'lower';

export interface SearchSignal {
  id: string;
  unit: string;
  /** Which raw value ranks first. */
  direction: SignalDirection;
  description: string;
  /** The layer the value comes from. */
  layer: string;
}

export const SEARCH_SIGNALS = [
  {
    id: 'grid_capacity_mw',
    unit: 'MW',
    direction: 'higher',
    description: 'Published available connection capacity at the nearest grid node with data',
    layer: 'grid_capacity',
  },
  {
    id: 'grid_distance_km',
    unit: 'km',
    direction: 'lower',
    description: 'Distance to the nearest substation of at least 110 kV',
    layer: 'power_substations',
  },
  { id: 'area', unit: 'm2', direction: 'higher', description: 'Parcel area', layer: 'parcels' },
  {
    id: 'solar_yield_kwh_kwp',
    unit: 'kWh/kWp',
    direction: 'higher',
    description: 'Annual PV yield at the parcel',
    layer: 'solar_irradiance',
  },
  { id: 'slope_pct', unit: '%', direction: 'lower', description: 'Mean slope of the parcel', layer: 'terrain_stats' },
  {
    id: 'transit_distance_m',
    unit: 'm',
    direction: 'lower',
    description: 'Distance to the nearest public transport stop',
    layer: 'transport_stops',
  },
  {
    id: 'water_distance_m',
    unit: 'm',
    direction: 'lower',
    description: 'Distance to the nearest river, canal, lake or reservoir',
    layer: 'waterways',
  },
  {
    id: 'floors',
    unit: 'floors',
    direction: 'lower',
    description: 'Above-ground floors of the tallest existing building on the parcel',
    layer: 'buildings',
  },
  {
    id: 'price_per_sqm_pln',
    unit: 'PLN/m2',
    direction: 'lower',
    description: 'Median price per m2 of land transactions in the gmina',
    layer: 'transactions',
  },
] as const satisfies readonly SearchSignal[];

export type SearchSignalId = (typeof SEARCH_SIGNALS)[number]['id'];

export const SEARCH_SIGNAL_IDS: readonly SearchSignalId[] = SEARCH_SIGNALS.map((signal) => signal.id);

export function isSearchSignal(value: string): value is SearchSignalId {
  return (SEARCH_SIGNAL_IDS as readonly string[]).includes(value);
}

export function findSearchSignal(id: string): SearchSignal | undefined {
  return SEARCH_SIGNALS.find((signal) => signal.id === id);
}
