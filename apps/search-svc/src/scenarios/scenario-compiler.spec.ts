import { describe, expect, it } from '@jest/globals';
import { AppError, assertSearchRequest, SearchParcelsRequest } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import { findScenario, SCENARIOS } from './scenario-catalogue.js';
import { compileScenario, type CompileOptions } from './scenario-compiler.js';
import type { ScenarioDefinition } from './scenario-definition.js';

/** The environmental kinds with the blocking ones (ecological sites, natural monuments), in the catalogue's order. */
const ENV_RISK_AND_BLOCKING_KINDS = [
  'natura2000_habitat',
  'natura2000_birds',
  'national_park',
  'landscape_park',
  'nature_reserve',
  'ecological_site',
  'natural_monument',
  'flood_risk_10pct',
  'flood_risk_1pct',
  'flood_risk_02pct',
];

/** "No blocking zone" outside env_layers: registered monuments and direct water-intake zones, on the parcel. */
const BLOCKING_ELSEWHERE = [
  { layer: 'heritage_sites', kinds: ['registered_monument'], buffer_m: 0 },
  { layer: 'groundwater', kinds: ['intake_direct_protection'], buffer_m: 0 },
];

function scenario(id: string): ScenarioDefinition {
  const found = findScenario(id);
  if (!found) throw new Error(`no scenario ${id}`);
  return found;
}

/** The AppError a compile raises, or a failure when it raises none. */
function compileError(id: string, options: CompileOptions): AppError {
  try {
    compileScenario(scenario(id), options);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('compiled without an error');
}

/** What the gateway and search-svc would accept: class-validator shapes, then the catalogue checks. */
function assertValidRequest(request: SearchParcelsRequest): void {
  validateMessage(SearchParcelsRequest, JSON.parse(JSON.stringify(request)));
  assertSearchRequest(request);
}

describe('compileScenario', () => {
  it("compiles bess_storage to the spec's example: area, slope, grid capacity, substation, environment; ranked 55/30/15", () => {
    expect(compileScenario(scenario('bess_storage'))).toEqual({
      filters: {
        area_sqm: { min: 2000 },
        slope_pct: { max: 30 },
        near: [
          { layer: 'grid_capacity', within_m: 5000, where: { available_mw_gte: 10 } },
          { layer: 'power_substations', within_m: 10000, where: { voltage_kv_gte: 110 } },
        ],
        exclude: [{ layer: 'env_layers', kinds: ENV_RISK_AND_BLOCKING_KINDS, buffer_m: 100 }, ...BLOCKING_ELSEWHERE],
        // an addition to the spec's example: the fire distance from homes, measured from the buildings
        far: [{ layer: 'buildings', kinds: ['single_family', 'multi_family'], beyond_m: 100 }],
      },
      rank_by: [
        { signal: 'grid_capacity_mw', weight: 55 },
        { signal: 'grid_distance_km', weight: 30 },
        { signal: 'area', weight: 15 },
      ],
    });
  });

  it('compiles every scenario to a request the search endpoint accepts', () => {
    for (const definition of SCENARIOS) {
      const request = compileScenario(definition, { region: '3064011', limit: 10 });
      expect(() => assertValidRequest(request)).not.toThrow();
      expect(request.filters?.area_sqm?.min).toBe(definition.defaults.min_area_sqm);
      expect(request.rank_by?.map((r) => r.signal)).toEqual(definition.signals.map((s) => s.signal));
    }
  });

  it('uses the wind overrides: a 1 km environmental buffer, a 15 km substation reach, setbacks excluded, 700 m from homes measured exactly', () => {
    const filters = compileScenario(scenario('wind_farm_site')).filters!;
    expect(filters.exclude).toEqual([
      { layer: 'env_layers', kinds: ENV_RISK_AND_BLOCKING_KINDS, buffer_m: 1000 },
      ...BLOCKING_ELSEWHERE,
      // the residential setback polygon is a hull wider than 700 m in places: homes are measured from the buildings instead
      { layer: 'wind_exclusion', kinds: ['national_park_setback', 'nature_reserve_setback', 'power_line_setback'], buffer_m: 0 },
    ]);
    expect(filters.far).toEqual([{ layer: 'buildings', kinds: ['single_family', 'multi_family'], beyond_m: 700 }]);
    expect(filters.near).toEqual([{ layer: 'power_substations', within_m: 15000, where: { voltage_kv_gte: 110 } }]);
    expect(filters.area_sqm).toEqual({ min: 5000 });
  });

  it('asks a data centre for at least 20 MW of capacity and cooling water', () => {
    const near = compileScenario(scenario('data_center_site')).filters!.near!;
    expect(near.find((n) => n.layer === 'grid_capacity')).toEqual({ layer: 'grid_capacity', within_m: 5000, where: { available_mw_gte: 20 } });
    expect(near.find((n) => n.layer === 'waterways')).toEqual({ layer: 'waterways', within_m: 3000, kinds: ['river', 'canal', 'lake', 'reservoir'] });
  });

  it('applies parameter overrides in the filters, km parameters as metres', () => {
    const request = compileScenario(scenario('bess_storage'), { params: { substation_km: 2.5, min_capacity_mw: 50, env_buffer_m: 0, min_area_sqm: 12000 } });
    expect(request.filters!.near).toEqual([
      { layer: 'grid_capacity', within_m: 5000, where: { available_mw_gte: 50 } },
      { layer: 'power_substations', within_m: 2500, where: { voltage_kv_gte: 110 } },
    ]);
    expect(request.filters!.exclude![0]!.buffer_m).toBe(0);
    expect(request.filters!.area_sqm).toEqual({ min: 12000 });
    expect(compileScenario(scenario('biogas_plant'), { params: { residential_setback_m: 450 } }).filters!.far).toEqual([
      { layer: 'buildings', kinds: ['single_family', 'multi_family'], beyond_m: 450 },
    ]);
    const brownfield = compileScenario(scenario('brownfield_redevelopment'), { params: { max_floors: 4 } });
    expect(brownfield.filters!.near).toEqual([{ layer: 'buildings', within_m: 0, where: { floors_lte: 4 } }]);
  });

  it('applies weight overrides; weight 0 drops a signal and all zeros leave the search unranked', () => {
    expect(compileScenario(scenario('bess_storage'), { weights: { grid_capacity_mw: 70, area: 0 } }).rank_by).toEqual([
      { signal: 'grid_capacity_mw', weight: 70 },
      { signal: 'grid_distance_km', weight: 30 },
    ]);
    expect(compileScenario(scenario('wind_farm_site'), { weights: { grid_distance_km: 0, area: 0 } }).rank_by).toBeUndefined();
  });

  it('copies region and limit, and normalises a bbox', () => {
    expect(compileScenario(scenario('public_land_opportunity'), { region: '28', limit: 50 })).toMatchObject({ region: '28', limit: 50 });
    expect(compileScenario(scenario('public_land_opportunity'), { bbox: ' 16.850, 52.37 ,16.97,52.440' }).bbox).toBe('16.85,52.37,16.97,52.44');
  });

  it('answers 400 with the range for a parameter outside it', () => {
    const error = compileError('bess_storage', { params: { substation_km: 40 } });
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe('params.substation_km = 40 is outside its range 1 to 30 km');
    expect(compileError('solar_farm_site', { params: { min_yield_kwh_kwp: 800 } }).message).toMatch(/outside its range 880 to 1120 kWh\/kWp/);
    expect(compileError('brownfield_redevelopment', { params: { max_floors: 2.5 } }).message).toMatch(/params\.max_floors must be a whole number from 1 to 5 floors; got 2.5/);
    expect(compileError('bess_storage', { params: { substation_km: '5' } }).message).toMatch(/params\.substation_km must be a number from 1 to 30 km; got "5"/);
  });

  it("answers 400 listing the scenario's parameters for an unknown or foreign one", () => {
    const error = compileError('bess_storage', { params: { school_m: 800 } });
    expect(error.message).toBe(
      'params.school_m is not a parameter of bess_storage; its parameters: min_area_sqm (0 to 1000000 m2), env_buffer_m (0 to 2000 m), ' +
        'max_slope_pct (5 to 60 %), substation_km (1 to 30 km), capacity_km (1 to 30 km), min_capacity_mw (1 to 200 MW), residential_setback_m (0 to 3000 m)',
    );
  });

  it("keeps the wind act's 700 m from homes as the floor of the wind scenario's range, not of biogas's", () => {
    expect(compileError('wind_farm_site', { params: { residential_setback_m: 500 } }).message).toBe('params.residential_setback_m = 500 is outside its range 700 to 3000 m');
    expect(compileScenario(scenario('wind_farm_site'), { params: { residential_setback_m: 1000 } }).filters!.far).toEqual([
      { layer: 'buildings', kinds: ['single_family', 'multi_family'], beyond_m: 1000 },
    ]);
    expect(compileScenario(scenario('biogas_plant'), { params: { residential_setback_m: 0 } }).filters!.far![0]!.beyond_m).toBe(0);
  });

  it("answers 400 listing the scenario's signals for an unknown weight, and for weights that are not integers 0..100", () => {
    expect(compileError('bess_storage', { weights: { solar_yield_kwh_kwp: 10 } }).message).toBe(
      'weights.solar_yield_kwh_kwp is not a ranking signal of bess_storage; its signals: grid_capacity_mw, grid_distance_km, area',
    );
    expect(compileError('bess_storage', { weights: { capacity: 10 } }).message).toMatch(/weights\.capacity is not a ranking signal; its signals: grid_capacity_mw/);
    for (const weight of [101, -1, 2.5, '10']) {
      expect(compileError('bess_storage', { weights: { area: weight } }).message).toMatch(/weights\.area must be an integer from 0 to 100; got /);
    }
  });

  it('reports every bad override in one message', () => {
    const message = compileError('bess_storage', { params: { substation_km: 0, foo: 1 }, weights: { area: 500 } }).message;
    expect(message).toMatch(/substation_km = 0 is outside/);
    expect(message).toMatch(/params\.foo is not a parameter/);
    expect(message).toMatch(/weights\.area must be an integer/);
  });

  it('refuses region with bbox, and a bbox outside Poland', () => {
    expect(compileError('bess_storage', { region: '30', bbox: '16.8,52.3,17,52.5' }).message).toMatch(/region or bbox, not both/);
    expect(compileError('bess_storage', { bbox: '2.2,48.8,2.4,48.9' }).message).toMatch(/does not overlap Poland/);
  });

  it('is deterministic: the same input gives byte-equal JSON', () => {
    for (const definition of SCENARIOS) {
      const options: CompileOptions = { region: '30', params: { min_area_sqm: 777 } };
      expect(JSON.stringify(compileScenario(definition, options))).toBe(JSON.stringify(compileScenario(definition, options)));
    }
  });
});
