import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { assertSearchRequest, type InterpretationView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

describe('POST /v1/search/natural-language and /interpret', () => {
  let stack: TestStack;

  const search = <T>(body: unknown, asKey: string | undefined = stack.apiKey) => stack.api().post<T>('/v1/search/natural-language', { key: asKey, body });
  const interpret = <T>(body: unknown, asKey: string | undefined = stack.apiKey) => stack.api().post<T>('/v1/search/natural-language/interpret', { key: asKey, body });

  beforeAll(async () => (stack = await startTestStack({ template: 'demo', services: ['search-svc'], scopes: ['search:read'] })));
  afterAll(() => stack?.stop());

  it('interprets a Polish query: region, scenario, a valid structured request, assumptions in Polish', async () => {
    const res = await interpret<InterpretationView>({ query: 'farma fotowoltaiczna koło Poznania, co najmniej 2 ha, do 3 km od stacji 110 kV, bez Natury 2000' });
    expect(res.status).toBe(200);
    const interpretation = res.json();
    expect(interpretation).toMatchObject({ region: { teryt: '3064011', name: 'Poznań', unit_type: 'gmina miejska' }, scenario: 'solar_farm_site', language: 'pl' });
    expect(interpretation.request).toMatchObject({ region: '3064011', filters: { area_sqm: { min: 20_000 } } });
    expect(interpretation.request.filters!.near).toContainEqual({ layer: 'power_substations', within_m: 3000, where: { voltage_kv_gte: 110 } });
    expect(() => assertSearchRequest(interpretation.request)).not.toThrow();
    expect(interpretation.assumptions[0]).toBe('Typ inwestycji: Farma fotowoltaiczna (scenariusz solar_farm_site); dodano jego kryteria i ranking.');
    expect(interpretation.understood).toEqual(['farma fotowoltaiczna', 'koło Poznania', 'co najmniej 2 ha', 'do 3 km od stacji 110 kV', 'bez Natury 2000']);
  });

  it('interprets an English query with no place as all of Poland, stating the defaults it used', async () => {
    const res = await interpret<InterpretationView>({ query: 'flat vacant plots near public transport, at least 3 hectares', limit: 15 });
    expect(res.status).toBe(200);
    const interpretation = res.json();
    expect(interpretation.region).toBeNull();
    expect(interpretation.request).toEqual({
      filters: { area_sqm: { min: 30_000 }, slope_pct: { max: 5 }, vacant: true, near: [{ layer: 'transport_stops', within_m: 800 }] },
      limit: 15,
    });
    expect(interpretation.assumptions).toEqual(
      expect.arrayContaining(['"Flat" means a mean slope of at most 5 %.', 'Near public transport: at most 800 m to a stop.', 'No place given: searching all of Poland.']),
    );
  });

  it('lets region in the body override the place in the text', async () => {
    const res = await interpret<InterpretationView>({ query: 'magazyn energii w Krakowie', region: '3021' });
    expect(res.json()).toMatchObject({ region: { teryt: '3021', name: 'powiat poznański', unit_type: 'powiat' }, request: { region: '3021' } });
  });

  it('answers 422 ambiguous_region with the units a name fits, on both routes', async () => {
    for (const res of [await search<ErrorEnvelope>({ query: 'farma PV w Ostródzie' }), await interpret<ErrorEnvelope>({ query: 'solar farm in Ostroda', language: 'en' })]) {
      expect(res.status).toBe(422);
      expect(res.json().error).toMatchObject({
        code: 'ambiguous_region',
        candidates: ['Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie (2815011)', 'Ostróda — gmina wiejska, powiat ostródzki, warmińsko-mazurskie (2815092)'],
      });
    }
  });

  it('answers 422 unresolvable_query saying which words were understood and which were not', async () => {
    const res = await search<ErrorEnvelope>({ query: 'plot with good vibes' });
    expect(res.status).toBe(422);
    expect(res.json().error.code).toBe('unresolvable_query');
    expect(res.json().error.message).toMatch(/Understood: 'plot', 'with' and 'good'\. Not understood: 'vibes'\./);
  });

  it('answers 400 for a missing, empty or oversized query and for bad fields', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{}, /query must be a non-empty text of at most 500 characters/],
      [{ query: '   ' }, /query must be a non-empty text/],
      [{ query: 'x'.repeat(501) }, /at most 500 characters/],
      [{ query: 'solar', region: 'Poznań' }, /region must be a TERYT code/],
      [{ query: 'solar', language: 'de' }, /language must be one of pl, en/],
      [{ query: 'solar', limit: 500 }, /limit must be an integer from 1 to 200/],
      [{ query: 'solar', filters: {} }, /filters is not an accepted field/],
    ];
    for (const [body, message] of cases) {
      const res = await search<ErrorEnvelope>(body);
      expect(res.status).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(message) });
    }
  });

  it('needs a key with search:read', async () => {
    expect((await stack.api().post<ErrorEnvelope>('/v1/search/natural-language', { body: { query: 'solar' } })).status).toBe(401);
    const other = await stack.createKey(['parcels:read']);
    const res = await interpret<ErrorEnvelope>({ query: 'solar' }, other);
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('insufficient_scope');
  });
});
