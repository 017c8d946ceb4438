import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, type SearchParcelsRequest } from '@lp/contracts';
import { createSchemaDataSource, guardQueryDeadlines } from '@lp/db';
import { currentDeadlineMs, runWithRequestContext } from '@lp/runtime';
import type { NamedFeatures } from '../src/natural-language/anchors/named-features.js';
import { NamedFeaturesRepository } from '../src/natural-language/anchors/named-features.repository.js';
import { NamedFeaturesService } from '../src/natural-language/anchors/named-features.service.js';
import type { NaturalLanguageService } from '../src/natural-language/natural-language.service.js';
import { gminasWhere, naturalLanguageOver, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

const KORNIK = '3021093';
const POWIAT_POZNANSKI = '3021';
/** The small demo's parcels lie in Poznań (and Zamość, Ostróda): measured answers are checked there. */
const POZNAN = '3064011';
/** Kromolice 400/110 kV (OpenStreetMap vertex 4086 of the power-grid data), in gmina Kórnik. */
const KROMOLICE = 'gridkit-v4086';
/** "17 Rataje" 110 kV, in Poznań, among other 110 kV substations of the city. */
const RATAJE = 'gridkit-v1181';

/**
 * Minimum distances, named anchors and grid phrases on the small demo dataset, checked against the
 * raw layers with plain
 * PostGIS: a minimum distance keeps only parcels with no feature of the layer within the distance;
 * a named anchor measures the distance to that feature alone; a grid phrase is a criterion, not a place.
 */
describe('minimum distances and named anchors', () => {
  let f: SearchEngineFixture;
  let nl: NaturalLanguageService;
  let features: NamedFeatures;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    ({ nl, features } = await naturalLanguageOver(f));
  }, 300_000);
  afterAll(() => f?.close());

  /** Parcel ids of a region (TERYT prefix) with, or without, a feature of the layer within `metres`, by plain PostGIS. */
  async function parcelsByDistance(region: string, layer: string, metres: number, within: boolean, extra = 'true', values: unknown[] = []): Promise<string[]> {
    const rows: Array<{ id: string }> = await f.source.query(
      `SELECT p.id FROM layer_pub.parcels p
        WHERE p.teryt LIKE $1 AND ${within ? '' : 'NOT'} EXISTS (SELECT 1 FROM layer_pub.${layer} f WHERE ST_DWithin(f.geom, p.geom, $2) AND ${extra})
        ORDER BY p.id COLLATE "C"`,
      [`${region}%`, metres, ...values],
    );
    return rows.map((row) => row.id);
  }

  /** Parcels of the region within `metres` of a gmina where the layer has no data (region_coverage), with plain PostGIS. */
  async function parcelsNearGminasWithout(region: string, layer: string, metres: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await f.source.query(
      `SELECT p.id FROM layer_pub.parcels p
        WHERE p.teryt LIKE $1 AND EXISTS (
          SELECT 1 FROM layer_pub.admin_bounds g WHERE g.kind = 'gmina' AND ST_DWithin(g.geom, p.geom, $2)
            AND NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.level = 'gmina' AND c.layer_id = $3 AND c.teryt = g.id AND c.status <> 'missing'))
        ORDER BY p.id COLLATE "C"`,
      [`${region}%`, metres, layer],
    );
    return rows.map((row) => row.id);
  }

  /** The answer of a request whose every match is checked: matched equals the PostGIS count, each result is one of them, index = spatial. */
  async function expectExactly(request: SearchParcelsRequest, expected: readonly string[]): Promise<string[]> {
    const response = await f.engine.run({ ...request, limit: 200 });
    expect(response.blocked).toBe(false);
    expect(expected.length).toBeGreaterThan(0);
    expect(response.matched).toBe(expected.length);
    const got = response.results.map((r) => r.parcel_id);
    for (const id of got) expect(expected).toContain(id);
    const spatial = await f.engine.search({ ...request, limit: 200 }, { path: 'spatial' });
    expect(spatial.results.map((r) => r.parcel_id)).toEqual(got);
    expect(spatial.matched).toBe(response.matched);
    return got;
  }

  it('far: every parcel returned is at least N m from every school, and every such parcel is matched (index and spatial paths agree)', async () => {
    const request: SearchParcelsRequest = { region: POZNAN, filters: { far: [{ layer: 'services_poi', kinds: ['school'], beyond_m: 1000 }] } };
    const response = await f.engine.run(request);
    // Poznań's neighbours hold no schools in the demo: within 1 km of them "far from a school" cannot be proven
    expect(response.coverage).toEqual([{ criterion: 'far:services_poi', mode: 'requires', status: 'partial', note: expect.stringMatching(/looks 1000 m around each parcel/) }]);
    const far = await parcelsByDistance(POZNAN, 'services_poi', 1000, false, `f.kind = 'school'`);
    const unknown = new Set(await parcelsNearGminasWithout(POZNAN, 'services_poi', 1000));
    expect(unknown.size).toBeGreaterThan(0);
    await expectExactly(request, far.filter((id) => !unknown.has(id)));
  });

  it('far from substations of at least 110 kV is answered from the index as from the layer', async () => {
    const request: SearchParcelsRequest = { region: POZNAN, filters: { far: [{ layer: 'power_substations', beyond_m: 1500, where: { voltage_kv_gte: 110 } }] } };
    await expectExactly(request, await parcelsByDistance(POZNAN, 'power_substations', 1500, false, 'f.voltage_kv >= 110'));
  });

  it('far is a requires criterion: no data for its layer blocks the search rather than calling every parcel far', async () => {
    const without = await gminasWhere(f.source, 'grid_capacity', 'missing');
    expect(without.length).toBeGreaterThan(0);
    const response = await f.engine.run({ region: without[0], filters: { far: [{ layer: 'grid_capacity', beyond_m: 1000 }] } });
    expect(response).toMatchObject({ blocked: true, count: 0, results: [] });
    expect(response.coverage).toEqual([expect.objectContaining({ criterion: 'far:grid_capacity', mode: 'requires', status: 'missing' })]);
  });

  it('near with ids measures the distance to the named substation only, and says which it measured', async () => {
    const request: SearchParcelsRequest = { region: POZNAN, filters: { near: [{ layer: 'power_substations', ids: [RATAJE], within_m: 3000 }] } };
    const response = await f.engine.run({ ...request, limit: 200 });
    expect(response.coverage).toEqual([{ criterion: 'near:power_substations', mode: 'requires', status: 'available' }]);
    const expected = await parcelsByDistance(POZNAN, 'power_substations', 3000, true, 'f.id = $3', [RATAJE]);
    const got = await expectExactly(request, expected);
    for (const result of response.results) {
      expect(result.facts?.near_name?.['near:power_substations']).toMatch(/Rataje/);
      expect(result.facts?.near_m?.['near:power_substations']).toBeLessThanOrEqual(3000);
    }
    // parcels within 3 km of another 110 kV substation but not of Rataje are not returned
    const nearOthers = await parcelsByDistance(POZNAN, 'power_substations', 3000, true, 'f.id <> $3 AND f.voltage_kv >= 110', [RATAJE]);
    const onlyOthers = nearOthers.filter((id) => !expected.includes(id));
    expect(onlyOthers.length).toBeGreaterThan(0);
    expect(got.filter((id) => onlyOthers.includes(id))).toEqual([]);
  });

  it('far with ids keeps the distance from that feature only', async () => {
    const request: SearchParcelsRequest = { region: POZNAN, filters: { far: [{ layer: 'power_substations', ids: [RATAJE], beyond_m: 3000 }] } };
    await expectExactly(request, await parcelsByDistance(POZNAN, 'power_substations', 3000, false, 'f.id = $3', [RATAJE]));
  });

  it('an unknown anchor id is a 400 naming it, not an empty answer', async () => {
    const error = await f.engine.run({ region: KORNIK, filters: { near: [{ layer: 'power_substations', ids: ['no-such-id'], within_m: 5000 }] } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'invalid_request' });
    expect((error as AppError).message).toContain('no-such-id');
  });

  it('NL "within 5 km of the Kromolice substation" in powiat poznański: the named substation, the distance given, the region as said', async () => {
    const answer = await nl.run({ query: 'plots within 5 km of the Kromolice substation in Poznań county', limit: 200 });
    expect(answer.interpretation.region?.teryt).toBe(POWIAT_POZNANSKI);
    expect(answer.interpretation.request.filters?.near).toEqual([{ layer: 'power_substations', within_m: 5000, ids: [KROMOLICE] }]);
    expect(answer.interpretation.assumptions.join(' ')).toContain('Kromolice');
    expect(answer.interpretation.filters.join(' ')).toContain('Kromolice');
    const expected = await parcelsByDistance(POWIAT_POZNANSKI, 'power_substations', 5000, true, 'f.id = $3', [KROMOLICE]);
    expect(answer.matched).toBe(expected.length);
    for (const result of answer.results) {
      expect(expected).toContain(result.parcel_id);
      expect(result.why.join(' ')).toContain('Kromolice');
    }
  });

  it('NL distances from a place measure to its boundary (admin_bounds), near and far, checked with plain PostGIS', async () => {
    const SWARZEDZ = '3021163';
    const near = await nl.run({ query: 'działki w Poznaniu do 4 km od Swarzędza', limit: 200 });
    expect(near.interpretation.region?.teryt).toBe(POZNAN);
    expect(near.interpretation.request.filters?.near).toEqual([{ layer: 'admin_bounds', within_m: 4000, ids: [SWARZEDZ] }]);
    expect(near.interpretation.assumptions.join(' ')).toContain('granicy jednostki Swarzędz (gmina miejsko-wiejska, TERYT 3021163)');
    const nearExpected = await parcelsByDistance(POZNAN, 'admin_bounds', 4000, true, 'f.id = $3', [SWARZEDZ]);
    expect(nearExpected.length).toBeGreaterThan(0);
    expect(near.matched).toBe(nearExpected.length);
    for (const result of near.results) expect(nearExpected).toContain(result.parcel_id);

    const far = await nl.run({ query: 'działki w Poznaniu co najmniej 4 km od Swarzędza', limit: 200 });
    expect(far.interpretation.request.filters?.far).toEqual([{ layer: 'admin_bounds', beyond_m: 4000, ids: [SWARZEDZ] }]);
    const farExpected = await parcelsByDistance(POZNAN, 'admin_bounds', 4000, false, 'f.id = $3', [SWARZEDZ]);
    expect(farExpected.length).toBeGreaterThan(0);
    expect(far.matched).toBe(farExpected.length);
    for (const result of far.results) expect(farExpected).toContain(result.parcel_id);
    // together they are every parcel of the city, once
    const all: Array<{ n: number }> = await f.source.query(`SELECT count(*)::int AS n FROM layer_pub.parcels WHERE teryt LIKE $1`, [`${POZNAN}%`]);
    expect(near.matched + far.matched).toBe(all[0]!.n);
  });

  it('NL "do 5 km od stacji Kromolice" keeps 5 km; a station we hold no feature of is said, not searched as any station', async () => {
    const answer = await nl.interpret({ query: 'działka do 5 km od stacji Kromolice w powiecie poznańskim' });
    expect(answer.region?.teryt).toBe(POWIAT_POZNANSKI);
    expect(answer.request.filters?.near).toEqual([{ layer: 'power_substations', within_m: 5000, ids: [KROMOLICE] }]);
    // Plewiska 400/220/110 kV is a substation GridKit merged from several OSM objects: held, and named
    const plewiska = await nl.interpret({ query: 'do 5 km od stacji Plewiska' });
    expect(plewiska.request.filters?.near).toEqual([{ layer: 'power_substations', within_m: 5000, ids: ['gridkit-v20534'] }]);
    expect(plewiska.assumptions.join(' ')).toContain('Plewiska 400/220/110 kV');
    const error = await nl.interpret({ query: 'do 5 km od stacji Nibylandia' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'unresolvable_query' });
    expect((error as AppError).message).toContain('Nibylandia');
  });

  it.each([
    ['plot in Kórnik at least 2 km from a school', KORNIK, 'services_poi', 2000, `f.kind = 'school'`],
    ['działka w Kórniku dalej niż 3 km od autostrady', KORNIK, 'roads', 3000, `f.kind = 'motorway'`],
    ['plot in Kornik more than 5 km from a substation', KORNIK, 'power_substations', 5000, 'f.voltage_kv >= 110'],
    // the same phrasings where the small demo has parcels, so results are measured
    ['plot in Poznań at least 1 km from a school', POZNAN, 'services_poi', 1000, `f.kind = 'school'`],
    ['działka w Poznaniu nie bliżej niż 1500 m od stacji 110 kV', POZNAN, 'power_substations', 1500, 'f.voltage_kv >= 110'],
    ['plot in Poznan no closer than 1 km to a school', POZNAN, 'services_poi', 1000, `f.kind = 'school'`],
  ])('NL %s: a minimum distance, every result at least that far from every feature (PostGIS)', async (query, region, layer, metres, condition) => {
    const answer = await nl.run({ query, limit: 200 });
    expect(answer.interpretation.region?.teryt).toBe(region);
    expect((answer.interpretation.request.filters?.near ?? []).some((n) => n.layer === layer)).toBe(false);
    expect(answer.interpretation.request.filters?.far).toEqual([expect.objectContaining({ layer, beyond_m: metres })]);
    expect(answer.coverage.find((c) => c.criterion === `far:${layer}`)).toMatchObject({ mode: 'requires' });
    const close = await parcelsByDistance(region, layer, metres, true, condition);
    expect(answer.results.filter((r) => close.includes(r.parcel_id)).map((r) => r.parcel_id)).toEqual([]);
    if (region === POZNAN) expect(answer.blocked).toBe(false);
    if (!answer.blocked) {
      const far = await parcelsByDistance(region, layer, metres, false, condition);
      expect(answer.matched).toBe(far.length);
    }
  });

  it('NL "do 3 km od stacji Rataje w Poznaniu": measured from Rataje only, results checked with PostGIS', async () => {
    const answer = await nl.run({ query: 'działka do 3 km od stacji Rataje w Poznaniu', limit: 200 });
    expect(answer.interpretation.region?.teryt).toBe(POZNAN);
    expect(answer.interpretation.request.filters?.near).toEqual([{ layer: 'power_substations', within_m: 3000, ids: [RATAJE] }]);
    const expected = await parcelsByDistance(POZNAN, 'power_substations', 3000, true, 'f.id = $3', [RATAJE]);
    expect(answer.matched).toBe(expected.length);
    for (const result of answer.results) {
      expect(expected).toContain(result.parcel_id);
      expect(result.why.join(' ')).toContain('Rataje');
    }
  });

  it('NL "działka z przyłączem do sieci w Kórniku" is Kórnik with a grid criterion (MV network within 500 m), not a 422 about the village Siecie', async () => {
    const answer = await nl.run({ query: 'działka z przyłączem do sieci w Kórniku', limit: 200 });
    expect(answer.interpretation.region?.teryt).toBe(KORNIK);
    expect(answer.interpretation.request.filters?.near).toEqual([{ layer: 'power_lines', within_m: 500, kinds: ['mv_line', 'mv_cable'] }]);
    expect(answer.coverage.map((c) => c.criterion)).toEqual(['near:power_lines']);
    const expected = await parcelsByDistance(KORNIK, 'power_lines', 500, true, `f.kind IN ('mv_line', 'mv_cable')`);
    expect(answer.matched).toBe(expected.length);
    for (const result of answer.results) expect(expected).toContain(result.parcel_id);
    // for an energy asset the same words mean grid capacity
    const solar = await nl.interpret({ query: 'farma fotowoltaiczna z przyłączem do sieci w Kórniku' });
    expect(solar.region?.teryt).toBe(KORNIK);
    expect(solar.request.filters?.near?.some((n) => n.layer === 'grid_capacity')).toBe(true);
  });

  it('named features: start-up does not wait for their load, the first query does; a load noticed inside a request is not cut by its deadline', async () => {
    // statements under a request's deadline are cancelled or refused, as in the service
    const db = createSchemaDataSource({ url: f.db.urlAs('search_svc'), schema: 'search', applicationName: 'named-features-test', poolSize: 1 });
    await db.initialize();
    guardQueryDeadlines(db, currentDeadlineMs);
    try {
      const service = new NamedFeaturesService(new NamedFeaturesRepository(db));
      expect(service.onApplicationBootstrap()).toBeUndefined();
      expect((await service.features())?.size).toBe(features.size);
      // a check started by a query whose deadline has passed runs under its own deadline
      const late = new NamedFeaturesService(new NamedFeaturesRepository(db));
      await runWithRequestContext({ requestId: 'late', deadlineMs: Date.now() - 1 }, () => late.refresh('noticed by a late request'));
      expect((await late.features())?.size).toBe(features.size);
    } finally {
      await db.destroy();
    }
  });
});
