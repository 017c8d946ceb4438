import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, assertSearchRequest, SearchSubjects, type ScenarioListView, type SearchParcelsRequest, type Subject } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { SearchSvcEnv } from '../src/config/search-svc.env.js';
import { startSearchSvc } from '../src/search-svc.app.js';

describe('search-svc scenarios over NATS', () => {
  let svc: ServiceUnderTest;
  const call = <T>(subject: Subject<never, unknown>, data: unknown): Promise<T> => svc.call<T>(subject, data);
  const failure = (subject: Subject<never, unknown>, data: unknown): Promise<AppError> => svc.failure(subject, data);

  beforeAll(async () => {
    svc = await startServiceUnderTest((env) => startSearchSvc(loadEnv(SearchSvcEnv, { ...env, LOG_LEVEL: 'warn', DB_POOL_SIZE: '2' })), { role: 'search_svc' });
  });
  afterAll(() => svc?.stop());

  it('lists the twelve scenarios with effective values', async () => {
    const list = await call<ScenarioListView>(SearchSubjects.scenariosList, {});
    expect(list.scenarios).toHaveLength(12);
    const wind = list.scenarios.find((s) => s.id === 'wind_farm_site')!;
    expect(wind.parameters.find((p) => p.id === 'env_buffer_m')).toMatchObject({ default: 1000, min: 0, max: 2000, unit: 'm' });
    expect(wind.parameters.find((p) => p.id === 'substation_km')).toMatchObject({ default: 15, min: 1, max: 30, unit: 'km' });
  });

  it('compiles a scenario with overrides to a structured request the search accepts', async () => {
    const request = await call<SearchParcelsRequest>(SearchSubjects.scenariosCompile, {
      scenario: 'bess_storage',
      params: { substation_km: 5 },
      weights: { area: 25 },
      region: '3064',
      limit: 10,
    });
    expect(request.region).toBe('3064');
    expect(request.limit).toBe(10);
    expect(request.filters!.near![1]).toEqual({ layer: 'power_substations', within_m: 5000, where: { voltage_kv_gte: 110 } });
    expect(request.rank_by).toEqual([
      { signal: 'grid_capacity_mw', weight: 55 },
      { signal: 'grid_distance_km', weight: 30 },
      { signal: 'area', weight: 25 },
    ]);
    expect(() => assertSearchRequest(request)).not.toThrow();
  });

  it('answers not_found with every scenario id as candidates for an unknown scenario', async () => {
    const error = await failure(SearchSubjects.scenariosCompile, { scenario: 'solar_park' });
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/No scenario has the id solar_park; the scenarios are solar_farm_site, wind_farm_site/);
    expect(error.candidates).toHaveLength(12);
    expect(error.candidates).toContain('solar_farm_site');
  });

  it('answers invalid_request with the range for a parameter outside it', async () => {
    const error = await failure(SearchSubjects.scenariosCompile, { scenario: 'wind_farm_site', params: { env_buffer_m: 2500 } });
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe('params.env_buffer_m = 2500 is outside its range 0 to 2000 m');
  });

  it('validates the message itself: wrong types and unknown fields are invalid_request', async () => {
    const error = await failure(SearchSubjects.scenariosCompile, { scenario: 7, params: [1], extra: true });
    expect(error.code).toBe('invalid_request');
    expect(error.message).toMatch(/scenario must be a scenario id/);
    expect(error.message).toMatch(/params must be an object/);
    expect(error.message).toMatch(/extra is not an accepted field/);
  });
});
