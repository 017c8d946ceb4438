import { describe, expect, it } from '@jest/globals';
import { findScenario } from '../../scenarios/scenario-catalogue.js';
import type { Criterion } from './criteria.js';
import { buildRequest } from './request-builder.js';

const housing = findScenario('housing_estate_site')!;
const wind = findScenario('wind_farm_site')!;

describe('buildRequest', () => {
  it('lets a number of the query replace the scenario value, and a default of ours only tighten it', () => {
    const explicit: Criterion = { type: 'near', target: 'substation', layer: 'power_substations', withinM: 20_000, explicit: true, where: { voltage_kv_gte: 110 }, text: 'do 20 km od stacji' };
    expect(buildRequest({ scenario: wind, criteria: [explicit] }).request.filters!.near![0]).toEqual({ layer: 'power_substations', within_m: 20_000, where: { voltage_kv_gte: 110 } });
    const byDefault: Criterion = { ...explicit, withinM: 10_000, explicit: false, text: 'blisko stacji' };
    expect(buildRequest({ scenario: wind, criteria: [byDefault] }).request.filters!.near![0]!.within_m).toBe(10_000);
    const flat: Criterion = { type: 'slope', max: 5, explicit: false, text: 'płaska' };
    expect(buildRequest({ scenario: housing, criteria: [flat] }).request.filters!.slope_pct).toEqual({ max: 5 });
  });

  it("lets a distance from homes replace a wind farm's 700 m upwards, never below the wind act's floor, and says so", () => {
    const homes = (beyondM: number): Criterion => ({ type: 'far', target: 'residential_building', layer: 'buildings', beyondM, kinds: ['single_family', 'multi_family'], text: `${beyondM} m od domów` });
    const farther = buildRequest({ scenario: wind, criteria: [homes(1000)] });
    expect(farther.request.filters!.far).toEqual([{ layer: 'buildings', beyond_m: 1000, kinds: ['single_family', 'multi_family'] }]);
    const nearer = buildRequest({ scenario: wind, criteria: [homes(500)] });
    expect(nearer.request.filters!.far).toEqual([{ layer: 'buildings', beyond_m: 700, kinds: ['single_family', 'multi_family'] }]);
    expect(nearer.notes).toContainEqual({ id: 'statutory_minimum', asked: 500, m: 700, scenario: 'wind_farm_site' });
    const biogas = buildRequest({ scenario: findScenario('biogas_plant')!, criteria: [homes(200)] });
    expect(biogas.request.filters!.far![0]!.beyond_m).toBe(200);
  });

  it('intersects zoning with the scenario, and lets the query win (and say so) when nothing is left', () => {
    const buildable: Criterion = { type: 'zoning', categories: ['residential_single', 'residential_multi', 'mixed_residential_services', 'commercial_services', 'public_services'], text: 'budowlana' };
    expect(buildRequest({ scenario: housing, criteria: [buildable] }).request.filters!.zoning!.categories).toEqual(['residential_single', 'residential_multi', 'mixed_residential_services']);
    const industrial: Criterion = { type: 'zoning', categories: ['industrial', 'industrial_services'], text: 'przemysłowa' };
    const built = buildRequest({ scenario: housing, criteria: [industrial] });
    expect(built.request.filters!.zoning!.categories).toEqual(['industrial', 'industrial_services']);
    expect(built.notes).toContainEqual({ id: 'zoning_conflict', text: 'przemysłowa' });
  });

  it('asks for state land instead of excluding it when the query wants it', () => {
    const stateLand: Criterion = { type: 'near', target: 'state_land', layer: 'kowr_land', withinM: 0, explicit: true, text: 'KOWR' };
    const built = buildRequest({ scenario: housing, criteria: [stateLand] });
    expect(built.request.filters!.exclude!.map((e) => e.layer)).not.toContain('kowr_land');
    expect(built.request.filters!.no_kowr_pre_emption).toBeUndefined();
    expect(built.request.filters!.near).toContainEqual({ layer: 'kowr_land', within_m: 0 });
    expect(built.notes).toContainEqual({ id: 'state_land_over_pre_emption' });
  });

  it('replaces the scenario criterion on a layer with the query one, but keeps the first of two query ones', () => {
    const kindergarten: Criterion = { type: 'near', target: 'kindergarten', layer: 'services_poi', withinM: 1500, explicit: false, kinds: ['kindergarten'], text: 'blisko przedszkola' };
    const shop: Criterion = { type: 'near', target: 'shop', layer: 'services_poi', withinM: 1000, explicit: false, kinds: ['shop'], text: 'blisko sklepu' };
    const built = buildRequest({ scenario: housing, criteria: [kindergarten, shop] });
    expect(built.request.filters!.near!.find((n) => n.layer === 'services_poi')).toEqual({ layer: 'services_poi', within_m: 1500, kinds: ['kindergarten'] });
    expect(built.notes.map((note) => note.id)).toEqual(['replaces_scenario', 'one_per_layer']);
  });

  it('keeps values inside the search bounds and drops a scenario minimum above the asked maximum', () => {
    const far: Criterion = { type: 'near', target: 'substation', layer: 'power_substations', withinM: 80_000, explicit: true, text: 'do 80 km od stacji' };
    const built = buildRequest({ scenario: null, criteria: [far] });
    expect(built.request.filters!.near![0]!.within_m).toBe(50_000);
    expect(built.notes).toContainEqual({ id: 'clamped', text: 'do 80 km od stacji', used: 50_000, unit: 'm' });
    const small: Criterion = { type: 'area', max: 300, reading: 'max', text: 'do 300 m2' };
    expect(buildRequest({ scenario: housing, criteria: [small] }).request.filters!.area_sqm).toEqual({ max: 300 });
  });

  it('takes the limit of the body over a count in the text, and adds ranking signals without duplicates', () => {
    const limit: Criterion = { type: 'limit', value: 5, text: '5 działek' };
    const cheap: Criterion = { type: 'rank', signal: 'price_per_sqm_pln', weight: 50, reason: 'cheap', text: 'tanie' };
    const large: Criterion = { type: 'rank', signal: 'area', weight: 50, reason: 'large', text: 'duże' };
    expect(buildRequest({ scenario: null, criteria: [limit] }).request.limit).toBe(5);
    expect(buildRequest({ scenario: null, criteria: [limit], limit: 12 }).request.limit).toBe(12);
    expect(buildRequest({ scenario: housing, criteria: [cheap, large] }).request.rank_by).toEqual([
      { signal: 'area', weight: 50 },
      { signal: 'transit_distance_m', weight: 35 },
      { signal: 'slope_pct', weight: 30 },
      { signal: 'price_per_sqm_pln', weight: 50 },
    ]);
  });
});
