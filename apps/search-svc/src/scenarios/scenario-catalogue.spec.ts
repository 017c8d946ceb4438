import { describe, expect, it } from '@jest/globals';
import { BLOCKING_ZONES, CRITERION_LABELS_PL, findSearchSignal, searchCriteriaOf } from '@lp/contracts';
import { findScenario, SCENARIO_IDS, SCENARIOS } from './scenario-catalogue.js';
import { compileScenario } from './scenario-compiler.js';
import { scenarioView } from './scenario-listing.js';
import { PARAMETER_IDS, PARAMETERS } from './scenario-parameters.js';

/** The spec's scenario table: id, min area (m2) and ranking weights in its order. */
const SPEC_TABLE: ReadonlyArray<[string, number, Array<[string, number]>]> = [
  ['solar_farm_site', 10000, [['grid_distance_km', 40], ['solar_yield_kwh_kwp', 30], ['area', 20], ['slope_pct', 10]]],
  ['wind_farm_site', 5000, [['grid_distance_km', 50], ['area', 50]]],
  ['bess_storage', 2000, [['grid_capacity_mw', 55], ['grid_distance_km', 30], ['area', 15]]],
  ['agrivoltaics_site', 20000, [['grid_distance_km', 45], ['solar_yield_kwh_kwp', 30], ['area', 25]]],
  ['biogas_plant', 5000, [['area', 45], ['grid_distance_km', 35], ['slope_pct', 20]]],
  ['data_center_site', 5000, [['grid_capacity_mw', 45], ['water_distance_m', 30], ['area', 25]]],
  ['urban_residential_development', 500, [['area', 40], ['transit_distance_m', 35], ['slope_pct', 25]]],
  ['housing_estate_site', 5000, [['area', 35], ['transit_distance_m', 35], ['slope_pct', 30]]],
  ['retail_park_site', 5000, [['area', 45], ['transit_distance_m', 45], ['slope_pct', 10]]],
  ['logistics_warehouse', 10000, [['area', 50], ['slope_pct', 30], ['transit_distance_m', 20]]],
  ['brownfield_redevelopment', 1000, [['area', 50], ['floors', 30], ['slope_pct', 20]]],
  ['public_land_opportunity', 3000, [['area', 60], ['transit_distance_m', 40]]],
];

/** The spec's parameter table: default and range (min_area_sqm: per scenario, range ours). */
const SPEC_PARAMETERS: Record<string, [number | undefined, number, number, string]> = {
  min_area_sqm: [undefined, 0, 1_000_000, 'm2'],
  env_buffer_m: [100, 0, 2000, 'm'],
  max_slope_pct: [30, 5, 60, '%'],
  substation_km: [10, 1, 30, 'km'],
  mv_line_km: [2, 0.5, 10, 'km'],
  capacity_km: [5, 1, 30, 'km'],
  min_capacity_mw: [10, 1, 200, 'MW'],
  min_yield_kwh_kwp: [1000, 880, 1120, 'kWh/kWp'],
  max_stop_m: [800, 100, 2000, 'm'],
  school_m: [1500, 500, 3000, 'm'],
  planned_road_km: [5, 1, 30, 'km'],
  water_km: [3, 1, 20, 'km'],
  max_floors: [2, 1, 5, 'floors'],
  // ours, not the spec's: per scenario (wind 700, biogas 300, BESS 100)
  residential_setback_m: [undefined, 0, 3000, 'm'],
};

describe('scenario catalogue', () => {
  it("has the spec's twelve scenarios, in order, with their min areas and weights", () => {
    expect(SCENARIO_IDS).toEqual(SPEC_TABLE.map(([id]) => id));
    for (const [id, minArea, weights] of SPEC_TABLE) {
      const scenario = SCENARIOS.find((s) => s.id === id)!;
      expect(scenario.defaults.min_area_sqm).toBe(minArea);
      expect(scenario.signals.map((s) => [s.signal, s.weight])).toEqual(weights);
      expect(scenario.signals.reduce((sum, s) => sum + s.weight, 0)).toBe(100);
    }
  });

  it("has the spec's parameter table", () => {
    expect(PARAMETER_IDS).toEqual(Object.keys(SPEC_PARAMETERS));
    for (const id of PARAMETER_IDS) {
      const spec = PARAMETERS[id];
      expect([spec.default, spec.min, spec.max, spec.unit]).toEqual(SPEC_PARAMETERS[id]);
    }
  });

  it('excludes on the parcel every kind parcel constraints call blocking, in each scenario asking for no blocking zone', () => {
    for (const scenario of SCENARIOS) {
      if (!scenario.criteria.some((c) => c.label === 'No blocking zone')) continue;
      const excluded = compileScenario(scenario).filters?.exclude ?? [];
      for (const [layer, kinds] of Object.entries(BLOCKING_ZONES)) {
        const exclude = excluded.find((e) => e.layer === layer);
        expect({ scenario: scenario.id, layer, kinds: exclude?.kinds ?? [] }).toEqual({ scenario: scenario.id, layer, kinds: expect.arrayContaining([...kinds]) });
      }
    }
  });
});

describe('scenarioView (list_scenarios)', () => {
  const views = SCENARIOS.map(scenarioView);
  const view = (id: string) => views.find((v) => v.id === id)!;

  it("gives every criterion its Polish label, for the map application's Polish screens", () => {
    for (const criterion of views.flatMap((v) => v.criteria)) expect([criterion.label, criterion.label_pl]).toEqual([criterion.label, CRITERION_LABELS_PL[criterion.label]]);
  });

  it('returns effective values: wind uses a 1 km buffer and a 15 km reach, data centres 20 MW', () => {
    const wind = Object.fromEntries(view('wind_farm_site').parameters.map((p) => [p.id, p.default]));
    expect(wind).toEqual({ min_area_sqm: 5000, env_buffer_m: 1000, substation_km: 15, residential_setback_m: 700 });
    expect(view('wind_farm_site').criteria.find((c) => c.label === 'Near a substation')!.searched_as).toBe(
      'near power_substations within 15000 m where voltage_kv_gte 110',
    );
    expect(view('data_center_site').parameters.find((p) => p.id === 'min_capacity_mw')).toMatchObject({ default: 20, min: 1, max: 200, unit: 'MW' });
    expect(view('bess_storage').parameters.find((p) => p.id === 'substation_km')).toMatchObject({ default: 10, min: 1, max: 30, unit: 'km' });
  });

  it('lists exactly the parameters the criteria use, min_area_sqm first', () => {
    expect(view('bess_storage').parameters.map((p) => p.id)).toEqual(['min_area_sqm', 'env_buffer_m', 'max_slope_pct', 'substation_km', 'capacity_km', 'min_capacity_mw', 'residential_setback_m']);
    expect(view('public_land_opportunity').parameters.map((p) => p.id)).toEqual(['min_area_sqm']);
    expect(view('brownfield_redevelopment').parameters.map((p) => p.id)).toEqual(['min_area_sqm', 'max_slope_pct', 'max_floors']);
    for (const v of views) expect(v.parameters[0]!.id).toBe('min_area_sqm');
  });

  it('names for every criterion the criterion ids of the compiled request; none is left without one', () => {
    for (const scenario of SCENARIOS) {
      const compiled = new Set(searchCriteriaOf(compileScenario(scenario)).map((c) => c.criterion));
      const named = new Set(scenarioView(scenario).criteria.flatMap((c) => c.criterion_ids));
      expect(named).toEqual(compiled);
      for (const criterion of scenarioView(scenario).criteria) expect(criterion.criterion_ids.length).toBeGreaterThan(0);
    }
    const contaminated = view('brownfield_redevelopment').criteria.find((c) => c.label === 'Not contaminated')!;
    expect(contaminated).toMatchObject({ criterion_ids: ['not_contaminated'] });
    expect(contaminated.note).toMatch(/no layer/);
    const brownfield = searchCriteriaOf(compileScenario(findScenario('brownfield_redevelopment')!));
    expect(brownfield.find((c) => c.criterion === 'not_contaminated')).toMatchObject({ mode: 'screens', layers: [] });
  });

  it('searches "near a planned or trunk road" as one criterion with both alternatives', () => {
    const road = view('logistics_warehouse').criteria.find((c) => c.label === 'Near a planned or trunk road')!;
    expect(road.criterion_ids).toEqual(['near_any:planned_roads|roads']);
    expect(road.searched_as).toBe('near_any of: near planned_roads within 5000 m | near roads kinds motorway, expressway, trunk within 5000 m');
    const compiled = compileScenario(findScenario('logistics_warehouse')!, { params: { planned_road_km: 2.5 } });
    expect(compiled.filters!.near_any).toEqual([
      {
        any_of: [
          { layer: 'planned_roads', within_m: 2500 },
          { layer: 'roads', within_m: 2500, kinds: ['motorway', 'expressway', 'trunk'] },
        ],
      },
    ]);
    expect(searchCriteriaOf(compiled).find((c) => c.criterion === 'near_any:planned_roads|roads')).toMatchObject({ mode: 'requires', anyOf: true });
  });

  it('describes each signal with its unit and direction', () => {
    for (const v of views) {
      for (const s of v.signals) expect(s).toMatchObject({ unit: findSearchSignal(s.signal)!.unit, direction: findSearchSignal(s.signal)!.direction });
    }
    expect(view('bess_storage').signals[0]).toMatchObject({ signal: 'grid_capacity_mw', weight: 55, unit: 'MW', direction: 'higher' });
  });
});
