/**
 * The scenario parameters of the spec's parameter table: unit, default and range. A scenario uses
 * the parameters its criteria refer to, and may override a default (never a range).
 */
export const PARAMETER_IDS = [
  'min_area_sqm',
  'env_buffer_m',
  'max_slope_pct',
  'substation_km',
  'mv_line_km',
  'capacity_km',
  'min_capacity_mw',
  'min_yield_kwh_kwp',
  'max_stop_m',
  'school_m',
  'planned_road_km',
  'water_km',
  'max_floors',
  'residential_setback_m',
] as const;

export type ParameterId = (typeof PARAMETER_IDS)[number];

export interface ParameterSpec {
  id: ParameterId;
  unit: string;
  description: string;
  /** Undefined where the spec says "per scenario": every scenario then sets it. */
  default?: number;
  min: number;
  max: number;
  integer: boolean;
  /** Which way makes the compiled filter stricter (fewer parcels pass). */
  stricter: 'higher' | 'lower';
}

/**
 * min_area_sqm: the spec gives no range; 0 (no minimum) to 1,000,000 m2 (100 ha, larger than
 * nearly every single parcel) is ours.
 */
export const MIN_AREA_MAX_SQM = 1_000_000;

export const PARAMETERS: Readonly<Record<ParameterId, ParameterSpec>> = {
  min_area_sqm: { id: 'min_area_sqm', unit: 'm2', description: 'Smallest parcel area', min: 0, max: MIN_AREA_MAX_SQM, integer: false, stricter: 'higher' },
  env_buffer_m: {
    id: 'env_buffer_m',
    unit: 'm',
    description: 'Distance kept from protected nature (Natura 2000, national and landscape parks, reserves) and flood-risk areas',
    default: 100,
    min: 0,
    max: 2000,
    integer: false,
    stricter: 'higher',
  },
  max_slope_pct: { id: 'max_slope_pct', unit: '%', description: 'Largest mean slope of the parcel', default: 30, min: 5, max: 60, integer: false, stricter: 'lower' },
  substation_km: { id: 'substation_km', unit: 'km', description: 'Reach to a substation of at least 110 kV', default: 10, min: 1, max: 30, integer: false, stricter: 'lower' },
  mv_line_km: { id: 'mv_line_km', unit: 'km', description: 'Reach to a medium-voltage line or cable', default: 2, min: 0.5, max: 10, integer: false, stricter: 'lower' },
  capacity_km: {
    id: 'capacity_km',
    unit: 'km',
    description: 'Reach to a grid node with published connection capacity of at least min_capacity_mw',
    default: 5,
    min: 1,
    max: 30,
    integer: false,
    stricter: 'lower',
  },
  min_capacity_mw: { id: 'min_capacity_mw', unit: 'MW', description: 'Smallest available connection capacity', default: 10, min: 1, max: 200, integer: false, stricter: 'higher' },
  min_yield_kwh_kwp: {
    id: 'min_yield_kwh_kwp',
    unit: 'kWh/kWp',
    description: 'Smallest annual PV yield at the parcel',
    default: 1000,
    min: 880,
    max: 1120,
    integer: false,
    stricter: 'higher',
  },
  max_stop_m: { id: 'max_stop_m', unit: 'm', description: 'Reach to a public transport stop', default: 800, min: 100, max: 2000, integer: false, stricter: 'lower' },
  school_m: { id: 'school_m', unit: 'm', description: 'Reach to a school', default: 1500, min: 500, max: 3000, integer: false, stricter: 'lower' },
  planned_road_km: { id: 'planned_road_km', unit: 'km', description: 'Reach to a planned road or an existing trunk road (motorway, expressway, GP)', default: 5, min: 1, max: 30, integer: false, stricter: 'lower' },
  water_km: { id: 'water_km', unit: 'km', description: 'Reach to a river, canal, lake or reservoir', default: 3, min: 1, max: 20, integer: false, stricter: 'lower' },
  max_floors: { id: 'max_floors', unit: 'floors', description: 'Most above-ground floors of the existing building', default: 2, min: 1, max: 5, integer: true, stricter: 'lower' },
  // per scenario: 700 m is the wind act's floor; biogas and BESS have no statutory distance, so theirs are stated planning assumptions
  residential_setback_m: {
    id: 'residential_setback_m',
    unit: 'm',
    description: 'Least distance between the parcel and every residential building (single- and multi-family), measured exactly from the buildings',
    min: 0,
    max: 3000,
    integer: false,
    stricter: 'higher',
  },
};
