import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ParcelComparisonView } from '@lp/contracts';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

/** POST /v1/parcels/compare on the demo data, where terrain has data in some gminas only. */
describe('parcel comparison over HTTP (demo data)', () => {
  let stack: TestStack;
  let withTerrain: string[];
  let withoutTerrain: string[];
  const compare = (body: unknown) => stack.api().post<ParcelComparisonView>('/v1/parcels/compare', { key: stack.apiKey, body });

  beforeAll(async () => {
    stack = await startTestStack({ template: 'demo', services: ['parcel-svc'], scopes: ['parcels:read'] });
    const pick = async (terrain: 'available' | 'missing'): Promise<string[]> =>
      (
        await stack.sql<{ id: string }>(
          `WITH g AS (
             SELECT p.teryt FROM layer_pub.parcels p
             GROUP BY p.teryt HAVING count(*) >= 10
                AND (EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.layer_id = 'terrain_stats' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status = 'available')) = ($1 = 'available')
                AND NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.layer_id = 'terrain_stats' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status = 'partial')
             ORDER BY p.teryt LIMIT 1)
           SELECT p.parcel_id AS id FROM layer_pub.parcels p JOIN g USING (teryt)
           WHERE (EXISTS (SELECT 1 FROM layer_pub.terrain_stats s WHERE s.id = p.id)) = ($1 = 'available')
           ORDER BY p.parcel_id LIMIT 10`,
          [terrain],
        )
      ).map((r) => r.id);
    // terrain_stats rolls out powiat by powiat: some demo gminas have it, others have none.
    [withTerrain, withoutTerrain] = await Promise.all([pick('available'), pick('missing')]);
  }, 180_000);
  afterAll(() => stack?.stop());

  it('compares two parcels in one row each, in the order asked, with the best value of each column', async () => {
    const ids = [withoutTerrain[0]!, withTerrain[0]!];
    const res = await compare({ parcel_ids: ids });
    expect(res.status).toBe(200);
    const body = res.json();
    expect(body.rows.map((row) => row.parcel_id)).toEqual(ids);
    expect(body.missing).toEqual([]);
    const larger = body.rows.reduce((a, b) => (b.area_sqm > a.area_sqm ? b : a));
    expect(body.best.area_sqm).toEqual({ value: larger.area_sqm, parcel_ids: expect.arrayContaining([larger.parcel_id]) });
    for (const row of body.rows) {
      expect(['local_plan', 'general_plan', 'none', 'unknown']).toContain(row.zoning_source);
      expect(Number.isInteger(row.blocking_constraints)).toBe(true);
    }
  });

  it('leaves terrain out of a row whose gmina has no terrain data and says why, never 0', async () => {
    const body = (await compare({ parcel_ids: [withoutTerrain[0]!, withTerrain[0]!] })).json();
    const [noTerrain, terrain] = body.rows;
    expect(noTerrain && 'slope_mean_pct' in noTerrain).toBe(false);
    expect(noTerrain?.gaps).toEqual(expect.arrayContaining([expect.objectContaining({ column: 'slope_mean_pct', reason: 'no_data' })]));
    expect(typeof terrain?.slope_mean_pct).toBe('number');
    expect(body.best.slope_mean_pct?.parcel_ids).toEqual([terrain?.parcel_id]);
  });

  it('measures substation_m to the nearest substation of at least 110 kV, as plain PostGIS does (never an MV transformer station)', async () => {
    const ids = [...withTerrain.slice(0, 5), ...withoutTerrain.slice(0, 5)];
    const res = await compare({ parcel_ids: ids });
    expect(res.status).toBe(200);
    const expected = await stack.sql<{ parcel_id: string; hv: number; any: number }>(
      `SELECT p.parcel_id,
              (SELECT min(ST_Distance(s.geom, p.geom)) FROM layer_pub.power_substations s WHERE s.voltage_kv >= 110)::float8 AS hv,
              (SELECT min(ST_Distance(s.geom, p.geom)) FROM layer_pub.power_substations s)::float8 AS any
         FROM layer_pub.parcels p WHERE p.parcel_id = ANY($1)`,
      [ids],
    );
    expect(expected).toHaveLength(ids.length);
    for (const row of res.json().rows) {
      const truth = expected.find((e) => e.parcel_id === row.parcel_id)!;
      expect([row.parcel_id, Math.abs(row.substation_m! - truth.hv) <= 1]).toEqual([row.parcel_id, true]);
    }
    // the demo's MV transformer stations are closer than any HV substation for some of these parcels
    expect(expected.some((e) => e.any < e.hv - 1)).toBe(true);
  });

  it('compares twenty parcels at once', async () => {
    const ids = [...withTerrain, ...withoutTerrain];
    expect(ids).toHaveLength(20);
    const body = (await compare({ parcel_ids: ids })).json();
    expect(body.rows).toHaveLength(20);
    const nearestSchool = Math.min(...body.rows.flatMap((row) => (row.school_m === undefined ? [] : [row.school_m])));
    expect(body.best.school_m?.value).toBe(nearestSchool);
  }, 60_000);

  it('lists unknown ids in missing and compares the rest', async () => {
    const unknown = `${withTerrain[0]}9999`;
    const body = (await compare({ parcel_ids: [withTerrain[0]!, unknown, withTerrain[1]!] })).json();
    expect(body.missing).toEqual([unknown]);
    expect(body.rows.map((row) => row.parcel_id)).toEqual([withTerrain[0], withTerrain[1]]);
  });

  it.each([
    [{ parcel_ids: ['306401_1.0012.1'] }, /parcel_ids must hold 2 to 20 parcel ids/],
    [{ parcel_ids: Array.from({ length: 21 }, (_, i) => `306401_1.0012.${i + 1}`) }, /parcel_ids must hold 2 to 20 parcel ids; split a longer list/],
    [{ parcel_ids: ['306401_1.0012.1', '306401_1.0012.1'] }, /parcel_ids must not repeat an id/],
    [{ parcel_ids: ['306401_1.0012.1', 'drop table;'] }, /each of parcel_ids must be an EGiB parcel id/],
    [{ parcel_ids: '306401_1.0012.1' }, /parcel_ids must hold 2 to 20 parcel ids as a JSON array of strings/],
    [{ parcel_ids: ['306401_1.0012.1', '306401_1.0012.2'], scenario: 'Solar!' }, /scenario must be a scenario id such as solar_farm_site/],
    [{ parcel_ids: ['306401_1.0012.1', '306401_1.0012.2'], include: ['terrain'] }, /include is not an accepted field/],
  ])('refuses %j with 400 naming what is allowed', async (body, message) => {
    const res = await stack.api().post<ErrorEnvelope>('/v1/parcels/compare', { key: stack.apiKey, body });
    expect(res.status).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
    expect(res.json().error.message).toMatch(message);
  });
});
