import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SEARCH_LIMIT_MAX, type SearchParcelsRequest } from '@lp/contracts';
import { SCENARIOS } from '../src/scenarios/scenario-catalogue.js';
import { compileScenario } from '../src/scenarios/scenario-compiler.js';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/**
 * The distance from homes in the wind, biogas and BESS scenarios, against plain PostGIS on the raw
 * buildings: no returned parcel has a single- or multi-family building within the setback, and the
 * distance is exact (measured from the buildings, not from a drawn setback polygon), so a parcel
 * 699.3 m from a house fails 700 m and passes 699.2 m.
 */
const HOMES = ['single_family', 'multi_family'];
const SETBACK_SCENARIOS: ReadonlyArray<[string, number]> = [
  ['wind_farm_site', 700],
  ['biogas_plant', 300],
  ['bess_storage', 100],
];

describe('distance from homes in the wind, biogas and BESS scenarios (demo data)', () => {
  let f: SearchEngineFixture;
  /** Demo gminas with parcels and buildings. */
  let gminas: string[];

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    gminas = await gminasWhere(f.source, 'buildings', 'available');
  }, 300_000);
  afterAll(() => f?.close());

  /** Of `ids`, those with a home within `metres`, by plain PostGIS on the raw layers. */
  async function withHomeWithin(ids: readonly string[], metres: number): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows: Array<{ id: string }> = await f.source.query(
      `SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])
         AND EXISTS (SELECT 1 FROM layer_pub.buildings b WHERE b.kind = ANY($2::text[]) AND ST_DWithin(b.geom, p.geom, $3))
       ORDER BY p.id COLLATE "C"`,
      [ids, HOMES, metres],
    );
    return rows.map((row) => row.id);
  }

  const scenario = (id: string) => SCENARIOS.find((s) => s.id === id)!;

  /**
   * A minimum distance is only known where the buildings layer has data over its whole reach: a
   * parcel that near a gmina without building data is left out of a far search (a nearer house may
   * stand there), so the plain-PostGIS answer leaves it out too.
   */
  const clearOfNoData = (metres: number): string =>
    `NOT EXISTS (SELECT 1 FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND ST_DWithin(g.geom, p.geom, ${metres})
       AND NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.level = 'gmina' AND c.layer_id = 'buildings' AND c.teryt = g.id AND c.status <> 'missing'))`;

  it('returns no parcel with a home within the setback, for the defaults and an override; the setback is a criterion with its coverage', async () => {
    expect(gminas.length).toBeGreaterThan(0);
    let removed = 0;
    for (const [id, setback] of SETBACK_SCENARIOS) {
      for (const region of gminas) {
        for (const metres of [setback, setback + 250]) {
          const request = compileScenario(scenario(id), { region, limit: SEARCH_LIMIT_MAX, params: { residential_setback_m: metres } });
          expect(request.filters!.far).toEqual([{ layer: 'buildings', kinds: HOMES, beyond_m: metres }]);
          const answer = await f.engine.run(request);
          expect(answer.coverage.find((c) => c.criterion === 'far:buildings')).toMatchObject({ mode: 'requires' });
          expect({
            id,
            region,
            metres,
            near: await withHomeWithin(
              answer.results.map((r) => r.parcel_id),
              metres,
            ),
          }).toEqual({ id, region, metres, near: [] });
          // without the setback the same search returns parcels next to homes: the criterion is what keeps them out
          const { far: _far, ...filters } = request.filters!;
          const without: SearchParcelsRequest = { ...request, filters };
          removed += (
            await withHomeWithin(
              (await f.engine.run(without)).results.map((r) => r.parcel_id),
              metres,
            )
          ).length;
        }
      }
    }
    expect(removed).toBeGreaterThan(0);
  }, 600_000);

  it('measures exactly: a parcel fails a setback a tenth of a metre beyond its nearest home and passes one a tenth short of it', async () => {
    // parcels of several gminas whose nearest home lies 600-800 m away, off the tenth-of-a-metre grid
    const parcels: Array<{ id: string; teryt: string; area: number; distance: number }> = await f.source.query(
      `SELECT DISTINCT ON (left(p.teryt, 7)) p.id, left(p.teryt, 7) AS teryt, p.area_sqm::float8 AS area, h.d::float8 AS distance
       FROM layer_pub.parcels p
       CROSS JOIN LATERAL (SELECT min(ST_Distance(b.geom, p.geom)) AS d FROM layer_pub.buildings b
                           WHERE b.kind = ANY($1::text[]) AND ST_DWithin(b.geom, p.geom, 800)) h
       WHERE h.d BETWEEN 600 AND 800 AND abs(h.d * 10 - round(h.d * 10)) > 0.01 AND ${clearOfNoData(800)}
       ORDER BY left(p.teryt, 7), p.id COLLATE "C" LIMIT 6`,
      [HOMES],
    );
    expect(parcels.length).toBeGreaterThan(0);
    for (const parcel of parcels) {
      const short = Math.floor(parcel.distance * 10) / 10;
      const beyond = Math.ceil(parcel.distance * 10) / 10;
      // the parcel's own area narrows the search to it (and the few of the same area)
      const found = async (metres: number): Promise<boolean> => {
        const answer = await f.engine.run({
          region: parcel.teryt,
          filters: { area_sqm: { min: parcel.area - 0.01, max: parcel.area + 0.01 }, far: [{ layer: 'buildings', kinds: HOMES, beyond_m: metres }] },
          limit: SEARCH_LIMIT_MAX,
        });
        return answer.results.some((r) => r.parcel_id === parcel.id);
      };
      expect({ id: parcel.id, distance: parcel.distance, short: await found(short), beyond: await found(beyond) }).toEqual({
        id: parcel.id,
        distance: parcel.distance,
        short: true,
        beyond: false,
      });
    }
  }, 300_000);

  it('a wind search measures its setback from the buildings: every candidate farther than it is returned, every nearer one left out', async () => {
    // the wind scenario's candidates without the setback, each with its nearest home by plain PostGIS
    const candidates: Array<{ region: string; id: string; d: number | null; known: boolean }> = [];
    for (const region of gminas) {
      const request = compileScenario(scenario('wind_farm_site'), { region, limit: SEARCH_LIMIT_MAX });
      const { far: _far, ...others } = request.filters!;
      const all = await f.engine.run({ ...request, filters: others });
      // only where every candidate is in hand can the setback's answer be judged whole
      if (all.blocked || all.matched > SEARCH_LIMIT_MAX) continue;
      const rows: Array<{ id: string; d: number | null; known: boolean }> = await f.source.query(
        `SELECT p.id, (SELECT min(ST_Distance(b.geom, p.geom)) FROM layer_pub.buildings b WHERE b.kind = ANY($2::text[]) AND ST_DWithin(b.geom, p.geom, 5000))::float8 AS d,
                ${clearOfNoData(3000)} AS known
         FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])`,
        [all.results.map((r) => r.parcel_id), HOMES],
      );
      candidates.push(...rows.map((row) => ({ region, ...row })));
    }
    // a setback a hair below the median candidate's nearest home splits the candidates in two
    const distances = candidates
      .filter((c) => c.d !== null && c.d < 3000)
      .map((c) => c.d!)
      .sort((a, b) => a - b);
    expect(distances.length).toBeGreaterThan(1);
    const median = distances[Math.floor(distances.length / 2)]!;
    const setback = Math.round(median * 10) / 10 - 0.1;
    for (const region of new Set(candidates.map((c) => c.region))) {
      // the scenario's own filters with its distance from homes set to the split (below 700 m the act allows no override, so set in the filter)
      const request = compileScenario(scenario('wind_farm_site'), { region, limit: SEARCH_LIMIT_MAX });
      const answer = await f.engine.run({ ...request, filters: { ...request.filters, far: [{ layer: 'buildings', kinds: HOMES, beyond_m: setback }] } });
      const judged = candidates.filter((c) => c.region === region);
      // clear of gminas without building data over the setback's reach, as the search requires
      const known = await f.source.query(`SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]) AND ${clearOfNoData(setback)}`, [
        judged.map((c) => c.id),
      ]);
      const knownIds = new Set((known as Array<{ id: string }>).map((row) => row.id));
      const expected = judged
        .filter((c) => knownIds.has(c.id) && (c.d === null || c.d > setback))
        .map((c) => c.id)
        .sort();
      expect({ region, setback, ids: answer.results.map((r) => r.parcel_id).sort() }).toEqual({ region, setback, ids: expected });
    }
    expect(distances.filter((d) => d <= setback).length).toBeGreaterThan(0);
    expect(distances.filter((d) => d > setback).length).toBeGreaterThan(0);
  }, 300_000);

  it('judging one parcel (scenario fit): clear of the homes we hold but near a gmina without building data is unverified, a home within is a failure', async () => {
    const far = { far: [{ layer: 'buildings', kinds: HOMES, beyond_m: 700 }] };
    const noDataNear = `NOT (${clearOfNoData(700)})`;
    const homeWithin = `EXISTS (SELECT 1 FROM layer_pub.buildings b WHERE b.kind = ANY($1::text[]) AND ST_DWithin(b.geom, p.geom, 700))`;
    const pick = async (condition: string): Promise<{ id: string; teryt: string } | undefined> => {
      const [row] = (await f.source.query(
        `SELECT p.id, left(p.teryt, 7) AS teryt FROM layer_pub.parcels p WHERE left(p.teryt, 7) = ANY($2::text[]) AND ${condition} ORDER BY p.id COLLATE "C" LIMIT 1`,
        [HOMES, gminas],
      )) as Array<{ id: string; teryt: string }>;
      return row;
    };
    const unknown = await pick(`${noDataNear} AND NOT ${homeWithin}`);
    const failing = await pick(homeWithin);
    expect(unknown).toBeDefined();
    expect(failing).toBeDefined();
    // before, the search's "left out near a gmina without data" made the fit say it failed
    expect(await f.engine.judgeParcel(far, unknown!.teryt, unknown!.id)).toMatchObject({ blocked: false, found: true, unscreened: ['far:buildings'] });
    expect(await f.engine.judgeParcel(far, failing!.teryt, failing!.id)).toMatchObject({ blocked: false, found: false });
  }, 120_000);
});
