import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GeocodeCandidateView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

/**
 * GET /v1/geocode on the fixture, whose addresses (tools/demo/load-fixture.ts) sit on the plots of
 * precinct 306401_1.0012 in Poznań: ul. Głogowska 10-18 and Głogowa 12 beside it, al./os./pl. streets,
 * and a few addresses on no plot (ul. Głogowska 200, ul. Głogowska 12 in Luboń, Dąbrowa 15).
 */
describe('GET /v1/geocode: free-text address to address points and their parcels', () => {
  let stack: TestStack;
  const geocode = (query: string, asKey = stack.apiKey) => stack.api().get<GeocodeCandidateView[]>(`/v1/geocode?${query}`, { key: asKey });
  const candidates = async (q: string) => {
    const res = await geocode(`q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return res.json();
  };
  const labels = async (q: string) => (await candidates(q)).map((candidate) => candidate.label);
  /** The parcel containing a WGS84 point, by plain PostGIS. */
  const parcelAt = async (lng: number, lat: number): Promise<string | null> =>
    (await stack.sql<{ id: string }>(`SELECT id FROM layer_pub.parcels WHERE ST_Intersects(geom, ST_Transform(ST_SetSRID(ST_MakePoint($1, $2), 4326), 2180))`, [lng, lat]))[0]?.id ?? null;

  beforeAll(async () => (stack = await startTestStack({ services: ['geocode-svc'], scopes: ['parcels:read'] })));
  afterAll(() => stack?.stop());

  it('finds the accented street typed without diacritics, exact match first, as a bare array of candidates', async () => {
    const res = await geocode(`q=${encodeURIComponent('Glogowska 12 Poznan')}`);
    expect(res.status).toBe(200);
    const body = res.json();
    expect(Array.isArray(body)).toBe(true);
    expect(body[0]).toMatchObject({ label: 'ul. Głogowska 12, 60-101 Poznań', parcel_id: '306401_1.0012.2', exact: true, score: 100, street: 'ul. Głogowska', house_number: '12', postcode: '60-101', teryt: '3064011' });
    expect(body[0]!.lng).toBeCloseTo(16.90566, 4);
    expect(body[0]!.lat).toBeCloseTo(52.40367, 4);
    expect(body.slice(1).every((candidate) => candidate.score < 100)).toBe(true);
    expect(await labels('GŁOGOWSKA 12 POZNAŃ')).toEqual(body.map((candidate) => candidate.label));
  });

  it('reads ul./ulica, al./aleja, os./osiedle and pl./plac alike', async () => {
    expect((await labels('ul. Głogowska 12, Poznań'))[0]).toBe('ul. Głogowska 12, 60-101 Poznań');
    expect((await labels('ulica Glogowska 12 Poznan'))[0]).toBe('ul. Głogowska 12, 60-101 Poznań');
    expect(await labels('al. Niepodległości 5')).toEqual(['al. Niepodległości 5, 61-701 Poznań']);
    expect(await labels('aleja Niepodleglosci 5')).toEqual(['al. Niepodległości 5, 61-701 Poznań']);
    expect(await labels('osiedle Słoneczne 3')).toEqual(['os. Słoneczne 3, 61-702 Poznań']);
    expect(await labels('plac Wolnosci 1')).toEqual(['pl. Wolności 1, 61-738 Poznań']);
  });

  it('finds addresses by postcode, and a postcode picks between same-named streets', async () => {
    const byPostcode = await candidates('60-101');
    expect(byPostcode.map((candidate) => candidate.label)).toEqual([
      'ul. Głogowska 10, 60-101 Poznań',
      'ul. Głogowska 12, 60-101 Poznań',
      'ul. Głogowska 12A, 60-101 Poznań',
      'ul. Głogowska 14/16, 60-101 Poznań',
    ]);
    expect(await labels('60101')).toEqual(byPostcode.map((candidate) => candidate.label));
    expect((await labels('Głogowska 12, 62-030'))[0]).toBe('ul. Głogowska 12, 62-030 Luboń');
  });

  it('gives the same answer whatever the word order', async () => {
    const expected = await labels('Głogowska 12, Poznań');
    expect(await labels('12 Głogowska Poznań')).toEqual(expected);
    expect(await labels('Poznań Głogowska 12')).toEqual(expected);
  });

  it('reads house numbers like 12a and 12/3', async () => {
    expect((await candidates('Głogowska 12a Poznań'))[0]).toMatchObject({ house_number: '12A', exact: true });
    expect((await candidates('Głogowska 12/3 Poznań'))[0]).toMatchObject({ house_number: '12', exact: true });
  });

  it('gives each candidate the parcel containing its point, and null where no parcel does', async () => {
    const all = [...(await candidates('Poznań')), ...(await candidates('Głogowska'))];
    expect(all.filter((candidate) => candidate.parcel_id !== null).length).toBeGreaterThan(5);
    expect(all.filter((candidate) => candidate.parcel_id === null).length).toBeGreaterThan(0);
    for (const candidate of all) expect([candidate.label, candidate.parcel_id]).toEqual([candidate.label, await parcelAt(candidate.lng, candidate.lat)]);
    expect((await candidates('Głogowska 200 Poznań'))[0]).toMatchObject({ label: 'ul. Głogowska 200, 60-102 Poznań', parcel_id: null });
  });

  it('answers 200 with an empty array when no address matches', async () => {
    for (const q of ['Lipowa 1 Poznań', 'xyzzy', '99-999']) {
      const res = await geocode(`q=${encodeURIComponent(q)}`);
      expect([q, res.status, res.json()]).toEqual([q, 200, []]);
    }
  });

  it('takes limit from 1 to 15', async () => {
    expect(await candidates('Poznań')).toHaveLength(13);
    expect((await geocode('q=Pozna%C5%84&limit=3')).json()).toHaveLength(3);
  });

  it('answers 400 invalid_request saying what is allowed for a missing, empty, too long or number-only q and a bad limit', async () => {
    for (const query of ['', 'q=', `q=${'a'.repeat(201)}`, 'q=12', `q=${encodeURIComponent(' ,. ')}`, 'q=a&q=b', 'q=Pozna&limit=0', 'q=Pozna&limit=16', 'q=Pozna&limit=ten']) {
      const res = await stack.api().get<ErrorEnvelope>(`/v1/geocode?${query}`, { key: stack.apiKey });
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.json().error.code).toBe('invalid_request');
      expect(res.json().error.request_id).toEqual(expect.any(String));
    }
    const tooLong = await stack.api().get<ErrorEnvelope>(`/v1/geocode?q=${'a'.repeat(201)}`, { key: stack.apiKey });
    expect(tooLong.json().error.message).toBe('q must be an address of 1 to 200 characters, e.g. "Głogowska 12, Poznań"');
    const numberOnly = await stack.api().get<ErrorEnvelope>('/v1/geocode?q=12', { key: stack.apiKey });
    expect(numberOnly.json().error.message).toMatch(/q must name a street, a locality or a postcode/);
  });

  it('needs a key with the parcels:read scope', async () => {
    expect((await stack.api().get<ErrorEnvelope>('/v1/geocode?q=Poznan')).status).toBe(401);
    const otherKey = await stack.createKey(['layers:read', 'market:read']);
    const res = await stack.api().get<ErrorEnvelope>('/v1/geocode?q=Poznan', { key: otherKey });
    expect(res.status).toBe(403);
    expect(res.json().error.code).toBe('insufficient_scope');
  });
});
