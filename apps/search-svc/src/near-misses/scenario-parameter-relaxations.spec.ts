import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { findScenario } from '../scenarios/scenario-catalogue.js';
import { compileScenario } from '../scenarios/scenario-compiler.js';
import { PARAMETERS } from '../scenarios/scenario-parameters.js';
import { relaxedValue, scenarioOf, scenarioParameterRelaxations } from './scenario-parameter-relaxations.js';

describe('scenario parameter relaxations', () => {
  it('steps towards more parcels within the range: a reach half as large again, a minimum halved, never past the edge', () => {
    expect(relaxedValue(PARAMETERS.substation_km, 10)).toBe(15);
    expect(relaxedValue(PARAMETERS.substation_km, 30)).toBe(30);
    expect(relaxedValue(PARAMETERS.env_buffer_m, 100)).toBe(50);
    expect(relaxedValue(PARAMETERS.min_yield_kwh_kwp, 1000)).toBe(880);
    expect(relaxedValue(PARAMETERS.min_area_sqm, 0)).toBe(0);
  });

  it('each step is the scenario compiled with that one parameter relaxed, naming the criteria it changes', () => {
    const scenario = findScenario('solar_farm_site')!;
    const params = { substation_km: 10 };
    const filters = compileScenario(scenario, { params }).filters!;
    const steps = scenarioParameterRelaxations({ id: 'solar_farm_site', params }, filters);
    const substation = steps.find((s) => s.parameter === 'substation_km')!;
    expect(substation).toMatchObject({ unit: 'km', from: 10, to: 15, criteria: ['near:power_substations'] });
    expect(substation.filters).toEqual(compileScenario(scenario, { params: { substation_km: 15 } }).filters);
    for (const step of steps) expect(step.filters).toEqual(compileScenario(scenario, { params: { ...params, [step.parameter]: step.to } }).filters);
  });

  it("never suggests less than the wind act's 700 m from homes; a biogas plant's assumed 300 m may halve", () => {
    const parameters = (id: string) =>
      scenarioParameterRelaxations({ id }, compileScenario(findScenario(id)!).filters!).map((s) => [s.parameter, s.from, s.to]);
    expect(parameters('wind_farm_site').find(([p]) => p === 'residential_setback_m')).toBeUndefined();
    expect(parameters('biogas_plant')).toContainEqual(['residential_setback_m', 300, 150]);
  });

  it('recognises the compiled filters after validation made class instances of them, whatever the key order', () => {
    const filters = compileScenario(findScenario('solar_farm_site')!).filters!;
    class Filters {}
    const validated = Object.assign(new Filters(), Object.fromEntries(Object.entries(filters).reverse()));
    expect(scenarioParameterRelaxations({ id: 'solar_farm_site' }, validated).length).toBeGreaterThan(0);
  });

  it('says nothing in parameter terms when the filters are no longer the compiled ones', () => {
    const filters = compileScenario(findScenario('solar_farm_site')!).filters!;
    expect(scenarioParameterRelaxations({ id: 'solar_farm_site' }, { ...filters, slope_pct: { max: 3 } })).toEqual([]);
  });

  it('refuses an unknown scenario or a parameter out of its range', () => {
    expect(() => scenarioOf({ id: 'moon_base' })).toThrow(AppError);
    expect(() => scenarioOf({ id: 'solar_farm_site', params: { substation_km: 99 } })).toThrow(/substation_km/);
  });
});
