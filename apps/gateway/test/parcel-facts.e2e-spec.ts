import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ConstraintsView, ParcelBatchView, ParcelFeatureView, ProximityView, RegulationsView, TerrainView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

/** The parcel facts routes through the gateway on the demo data; every body is checked against /openapi.yaml. */
describe('parcel facts over HTTP (demo data)', () => {
  let stack: TestStack;
  let parcelId: string;
  const path = (id: string, rest = ''): string => `/v1/parcels/${encodeURIComponent(id)}${rest}`;

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['parcel-svc', 'market-svc'], scopes: ['parcels:read'] });
    // A Chartowo parcel with a map sheet and a '/' in its number, in a gmina with local plan zones.
    const rows = await stack.sql<{ id: string }>(`SELECT id FROM layer_pub.parcels WHERE id LIKE '306401_1.0007.AR_%/%' ORDER BY id LIMIT 1`);
    parcelId = rows[0]!.id;
  }, 120_000);
  afterAll(() => stack?.stop());

  it('embeds every block with include, as documented', async () => {
    const res = await stack.api().get<ParcelFeatureView>(path(parcelId, '?include=regulations,constraints,terrain,proximity,market'), { key: stack.apiKey });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/geo\+json/);
    const { properties } = res.json();
    expect(properties.regulations?.coverage.length).toBeGreaterThan(0);
    expect(properties.constraints?.buffer_m).toBe(100);
    expect(properties.terrain?.coverage[0]?.layer).toBe('terrain_stats');
    expect(properties.proximity?.items.length).toBeGreaterThan(0);
    expect(properties.market?.property_type).toBe('land');
    expect(properties.market?.coverage[0]?.layer).toBe('transactions');
  });

  it('serves each block on its own route', async () => {
    const regulations = await stack.api().get<RegulationsView>(path(parcelId, '/regulations'), { key: stack.apiKey });
    expect(regulations.status).toBe(200);
    expect(Array.isArray(regulations.json().pre_emption)).toBe(true);
    const constraints = await stack.api().get<ConstraintsView>(path(parcelId, '/constraints?buffer_m=2500'), { key: stack.apiKey });
    expect(constraints.json().buffer_m).toBe(2500);
    const terrain = await stack.api().get<TerrainView>(path(parcelId, '/terrain'), { key: stack.apiKey });
    expect(terrain.status).toBe(200);
    const proximity = await stack.api().get<ProximityView>(path(parcelId, '/proximity?kinds=power_substation,transit_stop,school'), { key: stack.apiKey });
    expect(proximity.json().items.map((i) => i.kind).sort()).toEqual(['power_substation', 'school', 'transit_stop']);
  });

  it('refuses an unknown block, kind or a buffer out of range with the allowed values', async () => {
    const include = await stack.api().get<ErrorEnvelope>(path(parcelId, '?include=zoning'), { key: stack.apiKey });
    expect(include.status).toBe(400);
    expect(include.json().error.message).toMatch(/include must be one of regulations, constraints, terrain, proximity, market/);
    const kinds = await stack.api().get<ErrorEnvelope>(path(parcelId, '/proximity?kinds=airport'), { key: stack.apiKey });
    expect(kinds.status).toBe(400);
    expect(kinds.json().error.message).toMatch(/kinds must be one of power_substation/);
    const buffer = await stack.api().get<ErrorEnvelope>(path(parcelId, '/constraints?buffer_m=9000'), { key: stack.apiKey });
    expect(buffer.status).toBe(400);
    expect(buffer.json().error.message).toMatch(/0 to 5000/);
  });

  it('answers 404 with candidates for an unknown parcel on a block route', async () => {
    const res = await stack.api().get<ErrorEnvelope>(path(`${parcelId}9`, '/constraints'), { key: stack.apiKey });
    expect(res.status).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('embeds blocks in a batch and lists unknown ids in missing', async () => {
    const res = await stack.api().post<ParcelBatchView>('/v1/parcels/batch', { key: stack.apiKey, body: { parcel_ids: [parcelId, '306401_1.0007.99999'], include: ['terrain', 'constraints'] } });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.missing).toEqual(['306401_1.0007.99999']);
    expect(body.features[0]?.properties.constraints?.buffer_m).toBe(100);
    expect(body.features[0]?.properties.terrain).toBeDefined();
    const market = await stack.api().post<ErrorEnvelope>('/v1/parcels/batch', { key: stack.apiKey, body: { parcel_ids: [parcelId], include: ['market'] } });
    expect(market.status).toBe(400);
  });

  describe('a parcel number with its precinct or gmina in words', () => {
    it('resolves to the one parcel it names', async () => {
      const [row] = await stack.sql<{ number: string; n: string }>(
        `SELECT p.parcel_number AS number, (SELECT count(*) FROM layer_pub.parcels q WHERE q.precinct_id = p.precinct_id AND q.parcel_number = p.parcel_number) AS n
         FROM layer_pub.parcels p WHERE p.id = $1`,
        [parcelId],
      );
      expect(row!.n).toBe('1');
      const res = await stack.api().get<ParcelFeatureView>(path(`${row!.number}, obręb Chartowo, Poznań`), { key: stack.apiKey });
      expect(res.status).toBe(200);
      expect(res.json().id).toBe(parcelId);
      const blocks = await stack.api().get<TerrainView>(path(`dz. ${row!.number} obr. chartowo gmina poznan`, '/terrain'), { key: stack.apiKey });
      expect(blocks.status).toBe(200);
    });

    it('answers ambiguous_parcel with the ids when the number repeats in the gmina', async () => {
      const [row] = await stack.sql<{ number: string; ids: string[] }>(
        `SELECT parcel_number AS number, array_agg(id ORDER BY id) AS ids FROM layer_pub.parcels
         WHERE teryt = '3064011' GROUP BY parcel_number HAVING count(*) BETWEEN 2 AND 10 ORDER BY parcel_number LIMIT 1`,
      );
      const res = await stack.api().get<ErrorEnvelope>(path(`${row!.number}, Poznań`), { key: stack.apiKey });
      expect(res.status).toBe(422);
      expect(res.json().error.code).toBe('ambiguous_parcel');
      expect(res.json().error.candidates).toEqual(row!.ids);
    });

    it('says which part did not match', async () => {
      const precinct = await stack.api().get<ErrorEnvelope>(path('12, obręb Atlantyda, Poznań'), { key: stack.apiKey });
      expect(precinct.status).toBe(404);
      expect(precinct.json().error.message).toMatch(/No cadastral precinct is named Atlantyda/);
      const number = await stack.api().get<ErrorEnvelope>(path('99999/9, obręb Chartowo'), { key: stack.apiKey });
      expect(number.status).toBe(404);
      expect(number.json().error.message).toMatch(/No parcel numbered 99999\/9 lies in precinct/);
      const bare = await stack.api().get<ErrorEnvelope>(path('12/3 please'), { key: stack.apiKey });
      expect(bare.status).toBe(404);
    });
  });

  it('needs the parcels:read scope', async () => {
    const other = await stack.createKey(['market:read']);
    const res = await stack.api().get<ErrorEnvelope>(path(parcelId, '/regulations'), { key: other });
    expect(res.status).toBe(403);
  });
});
