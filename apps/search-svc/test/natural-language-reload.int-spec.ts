import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, SearchSubjects, type InterpretationView } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { eventually, refreshLayer, startServiceUnderTest, writeLayerSource, type ServiceUnderTest } from '@lp/testing';
import { SearchSvcEnv } from '../src/config/search-svc.env.js';
import { startSearchSvc } from '../src/search-svc.app.js';

const square = (lng: number, lat: number): number[][][] => [
  [
    [lng, lat],
    [lng + 0.1, lat],
    [lng + 0.1, lat + 0.1],
    [lng, lat + 0.1],
    [lng, lat],
  ],
];

/** The fixture's units (Poznań) and a gmina of warmińsko-mazurskie with its powiat and voivodeship. */
function adminBoundsWithLukta(): string {
  const units = [
    { id: '30', kind: 'voivodeship', name: 'wielkopolskie', unit_type: 'województwo', parent_teryt: null, at: [16.9, 52.4] },
    { id: '3064', kind: 'powiat', name: 'Poznań', unit_type: 'miasto na prawach powiatu', parent_teryt: '30', at: [16.9, 52.4] },
    { id: '3064011', kind: 'gmina', name: 'Poznań', unit_type: 'gmina miejska', parent_teryt: '3064', at: [16.9, 52.4] },
    { id: '28', kind: 'voivodeship', name: 'warmińsko-mazurskie', unit_type: 'województwo', parent_teryt: null, at: [20.1, 53.8] },
    { id: '2815', kind: 'powiat', name: 'powiat ostródzki', unit_type: 'powiat', parent_teryt: '28', at: [20.1, 53.8] },
    { id: '2815042', kind: 'gmina', name: 'Łukta', unit_type: 'gmina wiejska', parent_teryt: '2815', at: [20.1, 53.8] },
  ];
  const lines = units.map(({ at, ...unit }) => JSON.stringify({ type: 'Feature', properties: { ...unit, teryt: unit.id }, geometry: { type: 'Polygon', coordinates: square(at[0]!, at[1]!) } }));
  return writeLayerSource('admin_bounds', lines.join('\n') + '\n', null);
}

describe('search-svc reloads its place gazetteer once geocode-svc has rebuilt the places of a refreshed admin_bounds', () => {
  let search: ServiceUnderTest;
  const interpret = (query: string): Promise<InterpretationView> => search.call<InterpretationView>(SearchSubjects.nlInterpret, { query });

  beforeAll(async () => {
    search = await startServiceUnderTest((env) => startSearchSvc(loadEnv(SearchSvcEnv, { ...env, EVENT_RETRY_SECONDS: '1', LOG_LEVEL: 'error', DB_POOL_SIZE: '2' })), {
      role: 'search_svc',
      alongside: { 'geocode-svc': { EVENT_RETRY_SECONDS: '1' } },
    });
  });
  afterAll(() => search?.stop());

  it('knows the new gmina after the refresh event, without a restart', async () => {
    expect(await interpret('działka w Poznaniu')).toMatchObject({ region: { teryt: '3064011' } });
    // a place the gazetteer does not know yet is asked about, never searched as all of Poland
    await expect(interpret('farma PV w Łukcie')).rejects.toMatchObject({ code: 'unresolvable_query', message: expect.stringContaining('w Łukcie') });
    await refreshLayer(search.db.url, 'admin_bounds', adminBoundsWithLukta(), { natsUrl: search.nats.url });
    await eventually(async () => expect(await interpret('farma PV w Łukcie')).toMatchObject({ region: { teryt: '2815042', name: 'Łukta', unit_type: 'gmina wiejska' } }), 30_000);
  });

  it('searches the unit given as region in the request, and refuses a code that names none', async () => {
    const call = (region: string) => search.call<InterpretationView>(SearchSubjects.nlInterpret, { query: 'farma PV', region });
    await expect(call('2815')).resolves.toMatchObject({ region: { teryt: '2815', name: 'powiat ostródzki', unit_type: 'powiat' } });
    const unknown = await call('2816').catch((error: unknown) => error as AppError);
    expect(unknown).toBeInstanceOf(AppError);
    expect((unknown as AppError).message).toMatch(/region 2816 is not the TERYT code of a voivodeship, powiat or gmina/);
  });
});
