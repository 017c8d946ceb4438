import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, type GeocodeCandidateView } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { GeocodeSvcEnv } from '../src/config/geocode-svc.env.js';
import { startGeocodeSvc } from '../src/geocode-svc.app.js';

/**
 * The fixture template carries the addresses of tools/demo/load-fixture.ts (loaded by the test
 * runner with the addresses CLI): ul. Głogowska 10, 12, 12A, 14/16, 18 on plots 1 to 5 of precinct
 * 306401_1.0012 in Poznań, ul. Głogowa 12 beside it, al./os./pl. streets, ul. 3 Maja 5, and
 * ul. Głogowska 200 (Poznań), ul. Głogowska 12 (Luboń) and Dąbrowa 15 on no plot.
 */
describe('geocode-svc address search over NATS against PostGIS', () => {
  let svc: ServiceUnderTest;

  const geocode = (q: unknown, limit?: unknown): Promise<GeocodeCandidateView[]> => svc.call<GeocodeCandidateView[]>('geocode.addresses.search', limit === undefined ? { q } : { q, limit });
  const labels = async (q: string, limit?: number): Promise<string[]> => (await geocode(q, limit)).map((candidate) => candidate.label);
  const best = async (q: string): Promise<GeocodeCandidateView> => (await geocode(q))[0]!;

  beforeAll(async () => {
    svc = await startServiceUnderTest((env) => startGeocodeSvc(loadEnv(GeocodeSvcEnv, { ...env, LOG_LEVEL: 'fatal', DB_POOL_SIZE: '3' })), { role: 'geocode_svc' });
  });
  afterAll(() => svc?.stop());

  it('finds ul. Głogowska 12 typed without diacritics, the exact address first, with its point and parcel', async () => {
    const candidates = await geocode('Glogowska 12 Poznan');
    expect(candidates[0]).toEqual({
      label: 'ul. Głogowska 12, 60-101 Poznań',
      lng: expect.any(Number),
      lat: expect.any(Number),
      parcel_id: '306401_1.0012.2',
      score: 100,
      exact: true,
      address_id: 'ADR.F2',
      street: 'ul. Głogowska',
      house_number: '12',
      locality: 'Poznań',
      postcode: '60-101',
      teryt: '3064011',
      gmina: 'Poznań',
    });
    // Partial matches follow, never above the exact one: the same number with a letter, then nearby numbers.
    expect(candidates.slice(1, 3).map((candidate) => candidate.label)).toEqual(['ul. Głogowska 12A, 60-101 Poznań', 'ul. Głogowska 10, 60-101 Poznań']);
    expect(candidates.slice(1).every((candidate) => !candidate.exact && candidate.score < 100)).toBe(true);
    const scores = candidates.map((candidate) => candidate.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('reads the words in any order, with or without commas and case', async () => {
    const expected = await labels('Głogowska 12, Poznań');
    expect(expected[0]).toBe('ul. Głogowska 12, 60-101 Poznań');
    expect(await labels('12 Głogowska Poznań')).toEqual(expected);
    expect(await labels('Poznań, Głogowska 12')).toEqual(expected);
    expect(await labels('POZNAN GLOGOWSKA 12')).toEqual(expected);
  });

  it('takes street types abbreviated, written out or left out, and prefers the type typed among equals', async () => {
    for (const q of ['ul. Głogowska 12 Poznań', 'ulica Głogowska 12 Poznań', 'ul.Glogowska 12 Poznan']) expect((await best(q)).label).toBe('ul. Głogowska 12, 60-101 Poznań');
    for (const q of ['al. Niepodległości 5', 'aleja Niepodleglosci 5', 'Niepodległości 5']) expect((await best(q)).label).toBe('al. Niepodległości 5, 61-701 Poznań');
    for (const q of ['os. Słoneczne 3', 'osiedle Sloneczne 3']) expect((await best(q)).label).toBe('os. Słoneczne 3, 61-702 Poznań');
    for (const q of ['pl. Wolności 1', 'plac Wolnosci 1']) expect((await best(q)).label).toBe('pl. Wolności 1, 61-738 Poznań');
  });

  it('reads house numbers with a letter or a slash', async () => {
    expect(await labels('Głogowska 12a Poznań', 2)).toEqual(['ul. Głogowska 12A, 60-101 Poznań', 'ul. Głogowska 12, 60-101 Poznań']);
    expect(await labels('Głogowska 12 A Poznań', 1)).toEqual(['ul. Głogowska 12A, 60-101 Poznań']);
    // 12/3 is flat 3 of number 12: the building is an exact hit.
    expect(await best('Głogowska 12/3 Poznań')).toMatchObject({ label: 'ul. Głogowska 12, 60-101 Poznań', exact: true });
    expect(await best('Głogowska 14/16 Poznań')).toMatchObject({ label: 'ul. Głogowska 14/16, 60-101 Poznań', exact: true, score: 100 });
    expect(await best('Głogowska 14 Poznań')).toMatchObject({ label: 'ul. Głogowska 14/16, 60-101 Poznań', exact: false });
  });

  it('finds addresses by postcode, with or without the dash, alone or with a street', async () => {
    const byPostcode = await geocode('60-101');
    expect(byPostcode.map((candidate) => candidate.house_number)).toEqual(['10', '12', '12A', '14/16']);
    expect(byPostcode.every((candidate) => candidate.postcode === '60-101' && candidate.exact)).toBe(true);
    expect(await labels('60101')).toEqual(byPostcode.map((candidate) => candidate.label));
    expect(await labels('60-101 12', 1)).toEqual(['ul. Głogowska 12, 60-101 Poznań']);
    // The postcode decides between two exact streets of the same name and number.
    expect(await labels('Głogowska 12, 62-030', 1)).toEqual(['ul. Głogowska 12, 62-030 Luboń']);
    expect(await labels('Głogowska 12, 60-101', 1)).toEqual(['ul. Głogowska 12, 60-101 Poznań']);
  });

  it('keeps to the locality typed, and among equal matches puts the bigger place first', async () => {
    expect(await labels('Głogowska 12 Luboń')).toEqual(['ul. Głogowska 12, 62-030 Luboń']);
    const both = await geocode('Głogowska 12', 2);
    expect(both.map((candidate) => [candidate.label, candidate.exact])).toEqual([
      ['ul. Głogowska 12, 60-101 Poznań', true],
      ['ul. Głogowska 12, 62-030 Luboń', true],
    ]);
    expect(both[1]!.gmina).toBeNull();
  });

  it('tells a street from one that begins the same: Głogowa is not Głogowska', async () => {
    expect(await labels('Głogowa 12')).toEqual(['ul. Głogowa 12, 60-103 Poznań']);
    expect((await geocode('Glogowska')).map((candidate) => candidate.street)).not.toContain('ul. Głogowa');
    // An unfinished word begins both, and neither is exact.
    const unfinished = await geocode('Głog 12 Poznań');
    expect(unfinished.map((candidate) => candidate.street)).toEqual(expect.arrayContaining(['ul. Głogowa', 'ul. Głogowska']));
    expect(unfinished.every((candidate) => !candidate.exact)).toBe(true);
  });

  it('matches names with numbers and hyphens: 3 Maja in either order, Curie-Skłodowskiej by its surname', async () => {
    expect(await labels('3 Maja 5')).toEqual(['ul. 3 Maja 5, 61-703 Poznań']);
    expect(await labels('5 3 Maja')).toEqual(['ul. 3 Maja 5, 61-703 Poznań']);
    expect(await best('Marii Curie-Skłodowskiej 2 Poznań')).toMatchObject({ exact: true, score: 100 });
    const surname = await best('Curie Sklodowskiej 2');
    expect(surname).toMatchObject({ label: 'ul. Marii Curie-Skłodowskiej 2, 61-704 Poznań', exact: false });
    expect(surname.score).toBeLessThan(100);
  });

  it('finds a house of a locality numbered without streets, named with its gmina when they differ', async () => {
    expect(await best('Dabrowa 15')).toMatchObject({ label: 'Dąbrowa 15, 62-070 Dąbrowa', street: null, locality: 'Dąbrowa', teryt: '3021052', exact: true, parcel_id: null });
  });

  it('resolves each hit to the parcel containing its point, and to null where no parcel does', async () => {
    const candidates = [...(await geocode('Poznań')), ...(await geocode('Głogowska'))];
    expect(candidates.length).toBeGreaterThan(10);
    for (const candidate of candidates) {
      const containing = await svc.sql<{ id: string }>(
        `SELECT p.id FROM geocode.address_points a JOIN layer_pub.parcels p ON ST_Intersects(p.geom, a.geom) WHERE a.id = $1`,
        [candidate.address_id],
      );
      expect([candidate.address_id, candidate.parcel_id]).toEqual([candidate.address_id, containing[0]?.id ?? null]);
    }
    const offPlot = await best('Głogowska 200 Poznań');
    expect(offPlot).toMatchObject({ label: 'ul. Głogowska 200, 60-102 Poznań', parcel_id: null });
    // Returned in WGS84: the point is where the address table has it.
    const [point] = await svc.sql<{ lng: number; lat: number }>(
      `SELECT ST_X(g) AS lng, ST_Y(g) AS lat FROM geocode.address_points a, ST_Transform(a.geom, 4326) AS g WHERE a.id = $1`,
      [offPlot.address_id],
    );
    expect(offPlot.lng).toBeCloseTo(point!.lng, 6);
    expect(offPlot.lat).toBeCloseTo(point!.lat, 6);
  });

  it('respells a word the register does not know, never calling the hit exact, and finds nothing for an unknown street', async () => {
    const respelt = await best('Glogowsak 12 Poznan');
    expect(respelt).toMatchObject({ label: 'ul. Głogowska 12, 60-101 Poznań', exact: false });
    expect(respelt.score).toBeLessThan(90);
    expect(await geocode('Lipowa 1 Poznań')).toEqual([]);
    expect(await geocode('xyzzy')).toEqual([]);
    expect(await geocode('99-999')).toEqual([]);
  });

  it('returns at most limit candidates, 15 by default', async () => {
    expect(await geocode('Poznań', 2)).toHaveLength(2);
    const all = await geocode('Poznań');
    expect(all).toHaveLength(13);
    expect(new Set(all.map((candidate) => candidate.address_id)).size).toBe(13);
  });

  it('refuses a missing, empty, too long or number-only q and a limit out of 1..15 as invalid_request, saying what is allowed', async () => {
    for (const [q, limit] of [[undefined, undefined], ['', undefined], ['x'.repeat(201), undefined], ['12', undefined], [' ,.-', undefined], ['Głogowska', 0], ['Głogowska', 16], ['Głogowska', '5']] as const) {
      const error = await geocode(q, limit).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('invalid_request');
    }
    const tooLong = (await geocode('x'.repeat(201)).catch((caught: unknown) => caught)) as AppError;
    expect(tooLong.message).toBe('q must be an address of 1 to 200 characters, e.g. "Głogowska 12, Poznań"');
    const numberOnly = (await geocode('12').catch((caught: unknown) => caught)) as AppError;
    expect(numberOnly.message).toMatch(/must name a street, a locality or a postcode/);
  });
});
