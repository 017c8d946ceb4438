import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, assertSearchRequest, SearchSubjects, type InterpretationView } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { SearchSvcEnv } from '../src/config/search-svc.env.js';
import { startSearchSvc } from '../src/search-svc.app.js';

describe('search-svc natural-language interpretation over NATS, on the demo data', () => {
  let svc: ServiceUnderTest;
  const interpret = (data: unknown): Promise<InterpretationView> => svc.call<InterpretationView>(SearchSubjects.nlInterpret, data);
  const failure = (data: unknown): Promise<AppError> => svc.failure(SearchSubjects.nlInterpret, data);

  beforeAll(async () => {
    svc = await startServiceUnderTest((env) => startSearchSvc(loadEnv(SearchSvcEnv, { ...env, LOG_LEVEL: 'warn', DB_POOL_SIZE: '2' })), { template: 'demo', role: 'search_svc' });
  });
  afterAll(() => svc?.stop());

  it('interprets a Polish query against the gazetteer geocode publishes: place, scenario, criteria, assumptions', async () => {
    const interpretation = await interpret({ query: 'farma fotowoltaiczna pod Olsztynem, co najmniej 2 ha, do 3 km od stacji 110 kV' });
    expect(interpretation.region).toEqual({ teryt: '2862011', name: 'Olsztyn', unit_type: 'gmina miejska' });
    expect(interpretation.scenario).toBe('solar_farm_site');
    expect(interpretation.language).toBe('pl');
    expect(interpretation.request).toMatchObject({ region: '2862011', filters: { area_sqm: { min: 20_000 } } });
    expect(interpretation.request.filters!.near).toContainEqual({ layer: 'power_substations', within_m: 3000, where: { voltage_kv_gte: 110 } });
    expect(interpretation.assumptions).toContain('„pod Olsztynem”: przeszukiwany jest obszar Olsztyn; okolice poza nim podaj jako powiat lub gminę.');
    expect(() => assertSearchRequest(interpretation.request)).not.toThrow();
  });

  it('maps a SIMC locality to its gmina and says so', async () => {
    const interpretation = await interpret({ query: 'warehouse in Zalasewo', language: 'en' });
    expect(interpretation.region).toEqual({ teryt: '3021163', name: 'Swarzędz', unit_type: 'gmina miejsko-wiejska' });
    expect(interpretation.assumptions).toContain("'in Zalasewo': Zalasewo (wieś) lies in gmina Swarzędz (gmina miejsko-wiejska); the whole gmina is searched.");
  });

  it('answers ambiguous_region with every unit a name fits, each readable with its TERYT code', async () => {
    const error = await failure({ query: 'działki w Ostródzie' });
    expect(error.code).toBe('ambiguous_region');
    expect(error.candidates).toEqual([
      'Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie (2815011)',
      'Ostróda — gmina wiejska, powiat ostródzki, warmińsko-mazurskie (2815092)',
    ]);
    const powiat = await interpret({ query: 'działki w powiecie ostródzkim' });
    expect(powiat.region).toEqual({ teryt: '2815', name: 'powiat ostródzki', unit_type: 'powiat' });
  });

  it('lets region in the request override the place in the text, also an ambiguous one', async () => {
    const interpretation = await interpret({ query: 'działki w Ostródzie', region: '2815092' });
    expect(interpretation.region).toEqual({ teryt: '2815092', name: 'Ostróda', unit_type: 'gmina wiejska' });
    expect(interpretation.request.region).toBe('2815092');
  });

  it('answers unresolvable_query naming what was understood and what was not', async () => {
    const error = await failure({ query: 'działka xyzzy' });
    expect(error.code).toBe('unresolvable_query');
    expect(error.message).toMatch(/Zrozumiano: „działka”\. Nie zrozumiano: „xyzzy”/);
  });

  it('refuses an empty, oversized or malformed request as invalid_request', async () => {
    expect((await failure({ query: '' })).code).toBe('invalid_request');
    expect((await failure({ query: 'x'.repeat(501) })).message).toMatch(/at most 500 characters/);
    const bad = await failure({ query: 'solar', language: 'de', region: '123', extra: 1 });
    expect(bad.message).toMatch(/language must be one of pl, en/);
    expect(bad.message).toMatch(/region must be a TERYT code/);
    expect(bad.message).toMatch(/extra is not an accepted field/);
  });
});
