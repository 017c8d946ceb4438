import { type ExcludeFilter, type NearFilter, type SearchFilters } from '@lp/contracts';
import fc from 'fast-check';

/**
 * Generated search filters over the small demo dataset's layers, for the engine's property tests:
 * every kind of criterion, with near and exclude filters that an index column answers and some
 * that need a spatial join.
 */

export const near: fc.Arbitrary<NearFilter> = fc.oneof(
  fc.record({ layer: fc.constant('power_substations'), within_m: fc.integer({ min: 500, max: 15_000 }), where: fc.constant({ voltage_kv_gte: 110 }) }),
  fc.record({ layer: fc.constant('power_substations'), within_m: fc.integer({ min: 500, max: 15_000 }), where: fc.record({ voltage_kv_gte: fc.constantFrom(15, 60, 220) }) }),
  fc.record({ layer: fc.constant('transport_stops'), within_m: fc.integer({ min: 100, max: 3000 }) }),
  fc.record({ layer: fc.constant('services_poi'), within_m: fc.integer({ min: 200, max: 3000 }), kinds: fc.constant(['school'] as string[]) }),
  fc.record({ layer: fc.constant('waterways'), within_m: fc.integer({ min: 100, max: 5000 }), kinds: fc.constantFrom<string[]>(['river', 'canal', 'lake', 'reservoir'], ['stream']) }),
  fc.record({ layer: fc.constant('grid_capacity'), within_m: fc.integer({ min: 1000, max: 10_000 }), where: fc.record({ available_mw_gte: fc.integer({ min: 0, max: 60 }) }) }),
  fc.record({ layer: fc.constant('buildings'), within_m: fc.constant(0), where: fc.record({ floors_lte: fc.integer({ min: 1, max: 4 }) }) }),
  fc.record({ layer: fc.constant('solar_irradiance'), within_m: fc.constant(0), where: fc.record({ yield_kwh_kwp_gte: fc.integer({ min: 900, max: 1150 }) }) }),
  // any charger (the index's column) and only high-power ones (a join, bounded by that column)
  fc.record({ layer: fc.constant('ev_chargers'), within_m: fc.integer({ min: 200, max: 5000 }) }),
  fc.record({ layer: fc.constant('ev_chargers'), within_m: fc.integer({ min: 200, max: 5000 }), kinds: fc.constant(['hpc'] as string[]) }),
);

export const exclude: fc.Arbitrary<ExcludeFilter> = fc.oneof(
  fc.record({ layer: fc.constant('env_layers'), kinds: fc.subarray(['natura2000', 'flood_zone', 'protected_nature', 'wetland'], { minLength: 1 }), buffer_m: fc.integer({ min: 0, max: 1500 }) }),
  fc.record({ layer: fc.constant('land_cover'), kinds: fc.subarray(['forest', 'orchard', 'water'], { minLength: 1 }), buffer_m: fc.constantFrom(0, 0, 50) }),
  fc.record({ layer: fc.constant('heritage_sites'), buffer_m: fc.integer({ min: 0, max: 300 }) }),
  // exactly a layer's blocking kinds on the parcel: the index's blocking overlaps answer it
  fc.record({ layer: fc.constant('heritage_sites'), kinds: fc.constant(['registered_monument'] as string[]), buffer_m: fc.constantFrom(0, 0, 50) }),
  fc.record({ layer: fc.constant('groundwater'), kinds: fc.constantFrom<string[]>(['intake_direct_protection'], ['intake_direct_protection', 'intake_indirect_protection']), buffer_m: fc.constantFrom(0, 0, 50) }),
);

function oneEach<T extends { layer: string }>(items: T[]): T[] {
  return items.filter((item, i) => items.findIndex((other) => other.layer === item.layer) === i);
}

export const filters: fc.Arbitrary<SearchFilters> = fc
  .record(
    {
      area_sqm: fc.record({ min: fc.integer({ min: 0, max: 8000 }) }),
      slope_pct: fc.record({ max: fc.integer({ min: 1, max: 15 }) }),
      vacant: fc.boolean(),
      zoning: fc.oneof(
        fc.record({ categories: fc.subarray(['residential_single', 'industrial', 'agricultural', 'commercial_services'], { minLength: 1 }) }),
        fc.record({ symbols: fc.subarray(['MN', 'MW', 'U', 'P/U', 'R'], { minLength: 1 }) }),
        fc.record({ buildable: fc.constant(true), require_plan: fc.boolean() }),
        fc.record({ categories: fc.constant(['residential_single', 'residential_multi'] as string[]), require_plan: fc.constant(true) }),
      ),
      land_use: fc.oneof(
        fc.record({ kinds: fc.subarray(['agricultural', 'arable', 'grassland', 'orchard', 'forest'], { minLength: 1 }) }),
        fc.record({ exclude_kinds: fc.subarray(['forest', 'orchard'], { minLength: 1 }) }),
      ),
      near: fc.array(near, { minLength: 1, maxLength: 2 }).map(oneEach),
      exclude: fc.array(exclude, { minLength: 1, maxLength: 2 }).map(oneEach),
    },
    { requiredKeys: [] },
  );

