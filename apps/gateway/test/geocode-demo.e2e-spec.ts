import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { GeocodeCandidateView } from '@lp/contracts';
import { foldPolish } from '@lp/geo';
import { startTestStack, testEnvironment, type TestStack } from '@lp/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface SourceAddress {
  id: string;
  locality: string;
  street: string | null;
  house_number: string;
  postcode: string | null;
  teryt: string;
  parcel_id: string;
}

/** The demo's generated addresses (real localities and postcodes), as the test runner loaded them. */
function demoAddresses(): SourceAddress[] {
  const dir = testEnvironment().demoSourcesDir;
  if (!dir) throw new Error('The demo sources are not provisioned: run the tests with `npm test`.');
  return readFileSync(join(dir, 'addresses.geojsonl'), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => (JSON.parse(line) as { properties: SourceAddress }).properties);
}

describe('GET /v1/geocode on the demo dataset', () => {
  let stack: TestStack;
  let addresses: SourceAddress[];
  const geocode = async (q: string): Promise<GeocodeCandidateView[]> => {
    const res = await stack.api().get<GeocodeCandidateView[]>(`/v1/geocode?q=${encodeURIComponent(q)}`, { key: stack.apiKey });
    expect(res.status).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['geocode-svc'], scopes: ['parcels:read'] });
    addresses = demoAddresses();
  });
  afterAll(() => stack?.stop());

  it('finds sampled demo addresses typed folded, without the street type, number first, as exact hits on the parcel they were generated on', async () => {
    const sample = addresses.filter((_, index) => index % 97 === 0);
    expect(sample.length).toBeGreaterThan(10);
    for (const address of sample) {
      const street = address.street ? foldPolish(address.street).replace(/^(ul|al|os|pl) /, '') : '';
      const [best] = await geocode(`${address.house_number} ${street} ${foldPolish(address.locality)}`);
      expect([address.id, best?.address_id, best?.exact, best?.score, best?.parcel_id]).toEqual([address.id, address.id, true, 100, address.parcel_id]);
      const containing = await stack.sql<{ id: string }>(
        `SELECT id FROM layer_pub.parcels WHERE ST_Intersects(geom, ST_Transform(ST_SetSRID(ST_MakePoint($1, $2), 4326), 2180))`,
        [best!.lng, best!.lat],
      );
      expect(containing.map((row) => row.id)).toEqual([address.parcel_id]);
    }
  });

  it('finds a house of a village numbered without streets by the village and its gmina, labelled with both', async () => {
    const village = addresses.find((address) => address.street === null)!;
    const gmina = (await stack.sql<{ name: string }>(`SELECT name FROM layer_pub.admin_bounds WHERE id = $1`, [village.teryt]))[0]!.name;
    const [best] = await geocode(`${village.locality} ${village.house_number} ${gmina}`);
    expect(best).toMatchObject({ address_id: village.id, street: null, gmina, exact: true, label: `${village.locality} ${village.house_number}, ${village.postcode} ${village.locality}, gm. ${gmina}` });
  });
});
