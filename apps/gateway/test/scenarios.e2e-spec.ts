import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { assertSearchRequest, type ScenarioListView, type SearchParcelsRequest } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

const SCENARIO_IDS = [
  'solar_farm_site',
  'wind_farm_site',
  'bess_storage',
  'agrivoltaics_site',
  'biogas_plant',
  'data_center_site',
  'urban_residential_development',
  'housing_estate_site',
  'retail_park_site',
  'logistics_warehouse',
  'brownfield_redevelopment',
  'public_land_opportunity',
];

describe('GET /v1/scenarios and POST /v1/scenarios/{id}/compile', () => {
  let stack: TestStack;

  const compile = <T>(id: string, body: unknown, asKey = stack.apiKey) => stack.api().post<T>(`/v1/scenarios/${id}/compile`, { key: asKey, body });

  beforeAll(async () => (stack = await startTestStack({ template: 'fixture', services: ['search-svc'], scopes: ['search:read'] })));
  afterAll(() => stack?.stop());

  it('lists the twelve scenarios with criteria, effective parameters and weights', async () => {
    const res = await stack.api().get<ScenarioListView>('/v1/scenarios', { key: stack.apiKey });
    expect(res.status).toBe(200);
    const { scenarios } = res.json();
    expect(scenarios.map((s) => s.id)).toEqual(SCENARIO_IDS);
    const wind = scenarios.find((s) => s.id === 'wind_farm_site')!;
    expect(wind.parameters.map((p) => [p.id, p.default])).toEqual([
      ['min_area_sqm', 5000],
      ['env_buffer_m', 1000],
      ['substation_km', 15],
      ['residential_setback_m', 700],
    ]);
    // the wind act's 700 m from homes is the floor of the range, measured from the buildings
    expect(wind.parameters.find((p) => p.id === 'residential_setback_m')).toMatchObject({ min: 700, max: 3000 });
    expect(wind.criteria.find((c) => c.label === 'Statutory setback clear')!.criterion_ids).toEqual(['exclude:wind_exclusion', 'far:buildings']);
    const bess = scenarios.find((s) => s.id === 'bess_storage')!;
    expect(bess.signals.map((s) => [s.signal, s.weight])).toEqual([
      ['grid_capacity_mw', 55],
      ['grid_distance_km', 30],
      ['area', 15],
    ]);
    expect(bess.criteria.find((c) => c.label === 'Grid capacity available')).toMatchObject({
      searched_as: 'near grid_capacity within 5000 m where available_mw_gte 10',
      criterion_ids: ['near:grid_capacity'],
    });
  });

  it('answers 403 without search:read and 401 without a key', async () => {
    const other = await stack.createKey(['parcels:read', 'market:read', 'layers:read']);
    const forbidden = await stack.api().get<ErrorEnvelope>('/v1/scenarios', { key: other });
    expect(forbidden.status).toBe(403);
    expect(forbidden.json().error.code).toBe('insufficient_scope');
    expect((await compile<ErrorEnvelope>('bess_storage', {}, other)).status).toBe(403);
    const anonymous = await stack.api().get<ErrorEnvelope>('/v1/scenarios');
    expect(anonymous.status).toBe(401);
  });

  it('compiles a scenario with overrides to the structured request of POST /v1/search/parcels', async () => {
    const res = await compile<SearchParcelsRequest>('bess_storage', { params: { capacity_km: 8 }, region: '3064011', limit: 5 });
    expect(res.status).toBe(200);
    const request = res.json();
    expect(request).toMatchObject({ region: '3064011', limit: 5, filters: { area_sqm: { min: 2000 }, slope_pct: { max: 30 } } });
    expect(request.filters!.near![0]).toEqual({ layer: 'grid_capacity', within_m: 8000, where: { available_mw_gte: 10 } });
    expect(() => assertSearchRequest(request)).not.toThrow();
    const bare = await stack.api().post<SearchParcelsRequest>('/v1/scenarios/wind_farm_site/compile', { key: stack.apiKey });
    expect(bare.status).toBe(200);
    expect(bare.json().filters!.near).toEqual([{ layer: 'power_substations', within_m: 15000, where: { voltage_kv_gte: 110 } }]);
  });

  it('answers 400 naming the range, the allowed parameters or the bad field', async () => {
    const range = await compile<ErrorEnvelope>('solar_farm_site', { params: { max_slope_pct: 70 } });
    expect(range.status).toBe(400);
    expect(range.json().error).toMatchObject({ code: 'invalid_request', message: 'params.max_slope_pct = 70 is outside its range 5 to 60 %' });
    const unknown = await compile<ErrorEnvelope>('solar_farm_site', { params: { school_m: 800 } });
    expect(unknown.json().error.message).toMatch(/params\.school_m is not a parameter of solar_farm_site; its parameters: min_area_sqm/);
    const field = await compile<ErrorEnvelope>('solar_farm_site', { parameters: {} });
    expect(field.status).toBe(400);
    expect(field.json().error.message).toMatch(/parameters is not an accepted field/);
  });

  it('answers 404 with the scenario ids as candidates for an unknown scenario', async () => {
    const res = await compile<ErrorEnvelope>('solar_park', {});
    expect(res.status).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(res.json().error.candidates).toEqual(SCENARIO_IDS);
  });
});
