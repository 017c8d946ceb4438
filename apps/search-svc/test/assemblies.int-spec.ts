import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AssemblySearchRequest } from '@lp/contracts';
import { AssemblyRepository } from '../src/assemblies/assembly.repository.js';
import { AssemblyService } from '../src/assemblies/assembly.service.js';
import { SearchIndexRepository } from '../src/search-index/search-index.repository.js';
import { gminasWhere, naturalLanguageOver, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';

/** The small demo's parcels lie in Poznań. */
const POZNAN = '3064011';

/**
 * Site assembly on the small demo dataset, checked with plain PostGIS: sites reach an area no single
 * parcel has, their members are neighbours within the gap, and a member failing a filter splits a site.
 */
describe('site assembly', () => {
  let f: SearchEngineFixture;
  let assemblies: AssemblyService;
  /** WGS84 box around three test strips, A | B | C, 4 m apart: A and C 50 × 200 m, B 4 × 200 m. */
  let stripsBbox: string;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    assemblies = new AssemblyService(f.engine, new AssemblyRepository(f.source));
    // east of every Poznań parcel, in Poznań's gmina, with nothing else within reach
    const [{ x, y }] = await f.source.query(`SELECT ST_XMax(ST_Extent(geom)) + 2000 AS x, ST_YMin(ST_Extent(geom)) AS y FROM layer_pub.parcels WHERE teryt = $1`, [POZNAN]);
    const strips = [
      ['test-strip-a', 0, 50],
      ['test-strip-b', 54, 58],
      ['test-strip-c', 62, 112],
    ] as const;
    for (const [id, from, to] of strips) {
      await f.db.sql(
        `INSERT INTO layer_pub.parcels (id, kind, name, teryt, attrs, geom, source_run_id, fetched_at, source_url, source_bbox)
         SELECT $1::text, p.kind, $1::text, p.teryt, jsonb_build_object('parcel_id', $1::text), ST_MakeEnvelope($2::float8 + $4::float8, $3::float8, $2::float8 + $5::float8, $3::float8 + 200, 2180),
                p.source_run_id, p.fetched_at, p.source_url, p.source_bbox
         FROM layer_pub.parcels p WHERE p.teryt = $6 LIMIT 1`,
        [id, Number(x), Number(y), from, to, POZNAN],
      );
    }
    const [{ box }] = await f.source.query(
      `SELECT concat_ws(',', ST_XMin(e), ST_YMin(e), ST_XMax(e), ST_YMax(e)) AS box
       FROM (SELECT ST_Transform(ST_Expand(ST_MakeEnvelope($1::float8, $2::float8, $1::float8 + 112, $2::float8 + 200, 2180), 20), 4326)::box2d AS e) b`,
      [Number(x), Number(y)],
    );
    stripsBbox = box;
    const index = new SearchIndexRepository(f.source);
    await index.buildGmina(POZNAN);
  }, 300_000);
  afterAll(() => f?.close());

  /** Whether the parcels form one chain of neighbours at most `gap` metres apart, by plain PostGIS. */
  async function connected(ids: readonly string[], gap: number): Promise<boolean> {
    const [row] = await f.source.query(
      `SELECT ST_NumGeometries(ST_Union(ST_Buffer(geom, $2::float8 / 2 + 0.01))) AS parts FROM layer_pub.parcels WHERE id = ANY($1::text[])`,
      [ids, gap],
    );
    return Number(row.parts) === 1;
  }

  it('assembles neighbouring parcels into sites no single parcel reaches, each a chain within the gap', async () => {
    const [{ largest }] = await f.source.query(`SELECT max(COALESCE(area_sqm, ST_Area(geom))) AS largest FROM layer_pub.parcels WHERE teryt = $1`, [POZNAN]);
    const min = Math.ceil(Number(largest) * 1.5);
    const request: AssemblySearchRequest = { region: POZNAN, assembly: { min_total_area_sqm: min, max_gap_m: 5 }, limit: 5 };
    const answer = await assemblies.run(request);
    expect(answer.blocked).toBe(false);
    expect(answer.results.length).toBeGreaterThan(0);
    // matched counts every site, not the page: a larger limit shows more of the same ranking
    const more = await assemblies.run({ ...request, limit: 200 });
    expect(more.matched).toBe(answer.matched);
    expect(more.results.length).toBe(Math.min(200, answer.matched));
    expect(more.results.slice(0, answer.results.length).map((s) => s.parcels[0]!.parcel_id)).toEqual(answer.results.map((s) => s.parcels[0]!.parcel_id));
    const seen = new Set<string>();
    for (const site of answer.results) {
      expect(site.parcels.length).toBeGreaterThanOrEqual(2);
      expect(site.parcels.length).toBeLessThanOrEqual(10);
      expect(site.total_area_sqm).toBeGreaterThanOrEqual(min);
      expect(site.total_area_sqm).toBeCloseTo(site.parcels.reduce((sum, p) => sum + p.area_sqm, 0), 1);
      expect(await connected(site.parcels.map((p) => p.parcel_id), 5)).toBe(true);
      expect(site.compactness).toBeGreaterThan(0);
      expect(site.compactness).toBeLessThanOrEqual(1);
      for (const p of site.parcels) {
        expect(seen.has(p.parcel_id)).toBe(false);
        seen.add(p.parcel_id);
      }
    }
  });

  it('strips 4 m apart join with max_gap_m 5 and not with 0', async () => {
    const request = (gap: number): AssemblySearchRequest => ({ bbox: stripsBbox, assembly: { min_total_area_sqm: 20_500, max_gap_m: gap } });
    const joined = await assemblies.run(request(5));
    expect(joined.results).toHaveLength(1);
    expect(joined.results[0]!.parcels.map((p) => p.parcel_id).sort()).toEqual(['test-strip-a', 'test-strip-b', 'test-strip-c']);
    expect(joined.results[0]!.total_area_sqm).toBeCloseTo(20_800, 0);
    expect((await assemblies.run(request(0))).results).toEqual([]);
  });

  it('a member failing a per-parcel filter splits the site', async () => {
    const request: AssemblySearchRequest = { bbox: stripsBbox, assembly: { min_total_area_sqm: 15_000, max_gap_m: 5 } };
    expect((await assemblies.run(request)).results).toHaveLength(1);
    // the 800 m² middle strip fails a minimum member area: the 10,000 m² strips on either side are 12 m apart
    const split = await assemblies.run({ ...request, filters: { area_sqm: { min: 1_000 } } });
    expect(split.results).toEqual([]);
    expect(split.candidates).toBeGreaterThanOrEqual(2);
  });

  it('a site is as near as its nearest member; ranking by area puts the largest site first with 100 points', async () => {
    const request: AssemblySearchRequest = {
      region: POZNAN,
      filters: { near: [{ layer: 'power_substations', within_m: 2000, where: { voltage_kv_gte: 110 } }] },
      rank_by: [{ signal: 'area', weight: 1 }],
      assembly: { min_total_area_sqm: 20_000, max_gap_m: 5 },
      limit: 3,
    };
    const answer = await assemblies.run(request);
    expect(answer.results.length).toBeGreaterThan(0);
    expect(answer.results[0]!.score).toBe(100);
    for (const site of answer.results) {
      const [row] = await f.source.query(
        `SELECT bool_or(EXISTS (SELECT 1 FROM layer_pub.power_substations s WHERE s.voltage_kv >= 110 AND ST_DWithin(s.geom, p.geom, 2000))) AS near
         FROM layer_pub.parcels p WHERE p.id = ANY($1::text[])`,
        [site.parcels.map((p) => p.parcel_id)],
      );
      expect(row.near).toBe(true);
      expect(site.components).toEqual([expect.objectContaining({ signal: 'area', value: site.total_area_sqm })]);
    }
  });

  it('"lies in" (a reach of 0) is each member\'s: every member of every site has the PV yield asked', async () => {
    const [{ yield: median }] = await f.source.query(`SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY solar_yield) AS yield FROM search.parcel_index WHERE teryt = $1 AND solar_yield IS NOT NULL`, [POZNAN]);
    expect(median).not.toBeNull();
    const answer = await assemblies.run({
      region: POZNAN,
      filters: { near: [{ layer: 'solar_irradiance', within_m: 0, where: { yield_kwh_kwp_gte: Number(median) } }] },
      assembly: { min_total_area_sqm: 10_000 },
      limit: 20,
    });
    expect(answer.results.length).toBeGreaterThan(0);
    const members = answer.results.flatMap((s) => s.parcels.map((p) => p.parcel_id));
    const rows: Array<{ solar_yield: number | null }> = await f.source.query(`SELECT solar_yield FROM search.parcel_index WHERE parcel_id = ANY($1::text[])`, [members]);
    expect(rows).toHaveLength(members.length);
    for (const row of rows) expect(Number(row.solar_yield)).toBeGreaterThanOrEqual(Number(median));
  });

  it('coverage behaves as in search: no grid data blocks', async () => {
    const [without] = await gminasWhere(f.source, 'grid_capacity', 'missing');
    const answer = await assemblies.run({ region: without!, filters: { near: [{ layer: 'grid_capacity', within_m: 1000 }] }, assembly: { min_total_area_sqm: 10_000 } });
    expect(answer).toMatchObject({ blocked: true, results: [] });
    expect(answer.coverage).toEqual([expect.objectContaining({ criterion: 'near:grid_capacity', status: 'missing' })]);
  });

  it('natural language "co najmniej 2 ha w kilku działkach" answers the sites of POST /v1/search/assemblies, and says so', async () => {
    const { nl } = await naturalLanguageOver(f, { assemblies, namedFeatures: false });
    const answer = await nl.run({ query: 'co najmniej 2 ha w kilku działkach w Poznaniu', limit: 3 });
    expect(answer.interpretation.assembly).toEqual({ min_total_area_sqm: 20_000 });
    expect(answer.interpretation.request.filters?.area_sqm).toBeUndefined();
    expect(answer.interpretation.filters.join(' ')).toMatch(/teren z kilku sąsiednich działek, łącznie co najmniej 2 ha/);
    expect(answer.interpretation.assumptions.join(' ')).toMatch(/szukano terenów z kilku sąsiednich działek/);
    const replayed = await assemblies.run({ ...answer.interpretation.request, language: 'pl', assembly: answer.interpretation.assembly! });
    // a Polish query's sites say why in Polish
    expect(answer.sites![0]!.why[0]).toMatch(/^\d+ (sąsiednie działki|sąsiednich działek), łącznie \d+,\d\d ha \(największa \d+,\d\d ha\)$/);
    expect(answer.results).toEqual([]);
    expect(answer.sites!.map((s) => s.parcels.map((p) => p.parcel_id))).toEqual(replayed.results.map((s) => s.parcels.map((p) => p.parcel_id)));
    expect(answer.sites!.length).toBeGreaterThan(0);
    // without a total area there is nothing to assemble to: single parcels, and the assumption says so
    const bare = await nl.run({ query: 'sąsiednie działki w Poznaniu', limit: 3 });
    expect(bare.interpretation.assembly).toBeUndefined();
    expect(bare.interpretation.assumptions.join(' ')).toMatch(/nie ma do czego łączyć działek/);
  });
});
