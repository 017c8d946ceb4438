import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  assertSearchRequest,
  EGIB_CLASS_LAND_USE,
  expandKinds,
  findLayer,
  LAND_COVER_LAND_USE,
  whereConditions,
  ZONING_CATEGORY_GROUPS,
  type SearchFilters,
  type SearchParcelsRequest,
} from '@lp/contracts';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import type { ParcelSearchResponse } from '../src/engine/search-results.js';
import { gminasWhere, searchEngineOnDemo, type SearchEngineFixture } from './search-engine-fixture.js';
import { exclude, filters, near } from './search-arbitraries.js';

/**
 * Properties of the engine on the small demo dataset, over generated requests:
 * narrowing a filter never adds results; no screened result lies inside an excluded area plus its
 * buffer; every result passes every hard filter when checked against the raw layers with plain
 * PostGIS (an oracle written here, independent of the search index); the index and the
 * spatial-join path give the same results.
 */

/** A stricter version of a filter set: one filter tightened or one added. */
function narrowed(base: SearchFilters): fc.Arbitrary<SearchFilters> {
  const options: Array<fc.Arbitrary<SearchFilters>> = [
    fc.integer({ min: 1, max: 5000 }).map((extra) => ({ ...base, area_sqm: { min: (base.area_sqm?.min ?? 0) + extra } })),
    fc.boolean().map((vacant) => (base.vacant === undefined ? { ...base, vacant } : base)),
    near.map((n) => (base.near?.some((b) => b.layer === n.layer) ? base : { ...base, near: [...(base.near ?? []), n] })),
    exclude.map((e) => (base.exclude?.some((b) => b.layer === e.layer) ? base : { ...base, exclude: [...(base.exclude ?? []), e] })),
  ];
  if (base.near?.length) options.push(fc.double({ min: 0.1, max: 1, noNaN: true }).map((k) => ({ ...base, near: base.near!.map((n, i) => (i === 0 ? { ...n, within_m: Math.floor(n.within_m * k) } : n)) })));
  if (base.exclude?.length) options.push(fc.integer({ min: 1, max: 800 }).map((extra) => ({ ...base, exclude: base.exclude!.map((e, i) => (i === 0 ? { ...e, buffer_m: Math.min(5000, (e.buffer_m ?? 0) + extra) } : e)) })));
  if (base.slope_pct) options.push(fc.integer({ min: 0, max: 100 }).map((pct) => ({ ...base, slope_pct: { max: (base.slope_pct!.max * pct) / 100 } })));
  return fc.oneof(...options);
}

function kindsOf(layer: string, kinds?: readonly string[]): string[] {
  return kinds ? expandKinds(layer, kinds) : findLayer(layer)!.kinds.map((k) => k.id);
}

/** A polygon of the layer covering at least 1 % of the parcel (the share parcel detail counts). */
const covering = (layer: string, alias: string, where = 'true'): string =>
  `EXISTS (SELECT 1 FROM layer_pub.${layer} ${alias} WHERE ST_Intersects(${alias}.geom, p.geom) AND ${where}
           AND ST_Area(ST_Intersection(${alias}.geom, p.geom)) >= 0.01 * ST_Area(p.geom))`;
const PLAN_OGOLNY_OVERLAYS = ['infill_area', 'inner_city_area'];

/**
 * Zoning proven by the binding instrument, on the raw layers: a local-plan zone covers the parcel
 * (of a wanted category), or no local plan does and a zone of a general plan in force does (one
 * allowing building, for buildable). A parcel inside a plan without zones never qualifies.
 * Returns the condition and its parameters, numbered from $2.
 */
function zoningProven(zoning: NonNullable<SearchFilters['zoning']>): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const param = (value: unknown): string => {
    params.push(value);
    return `$${params.length + 1}::text[]`;
  };
  const zone = [zoning.categories ? `z.category = ANY(${param(zoning.categories)})` : 'true', zoning.buildable ? `z.category = ANY(${param(ZONING_CATEGORY_GROUPS['buildable'])})` : 'true'];
  const local = covering('mpzp_zones', 'z', zone.join(' AND '));
  if (zoning.require_plan || zoning.symbols) return { sql: local, params };
  const general = covering('plan_ogolny_zones', 'g', `g.status = 'in_force' AND NOT (g.kind = ANY(${param(PLAN_OGOLNY_OVERLAYS)}))${zoning.buildable ? ' AND g.allows_building' : ''}`);
  return { sql: `(${local}) OR (NOT ${covering('mpzp_plans', 'm')} AND ${general})`, params };
}

/** Land of the kinds: an EGiB class of the parcel proves it, or, without classes, land cover on 1 % of it. $a class patterns, $b land-cover kinds. */
function landUseIs(a: number, b: number): string {
  return `(EXISTS (SELECT 1 FROM unnest(string_to_array(p.land_use_classes, ',')) c WHERE btrim(c) ~ ANY($${a}::text[]))
           OR (COALESCE(btrim(p.land_use_classes), '') = '' AND ${covering('land_cover', 'l', `l.kind = ANY($${b}::text[])`)}))`;
}

function landUseParams(kinds: readonly string[]): unknown[] {
  const patterns = EGIB_CLASS_LAND_USE.filter((rule) => rule.kinds.some((k) => kinds.includes(k))).map((rule) => rule.pattern);
  const cover = Object.entries(LAND_COVER_LAND_USE).filter(([, shows]) => shows.some((k) => kinds.includes(k))).map(([kind]) => kind);
  return [patterns, cover];
}

/** Plain-PostGIS oracle: the result ids that break one filter, checked on the raw layers. */
async function violations(db: DataSource, request: SearchParcelsRequest, response: ParcelSearchResponse): Promise<string[]> {
  const f = request.filters ?? {};
  const screened = (criterion: string): string[] => response.results.filter((r) => !r.unscreened?.includes(criterion)).map((r) => r.parcel_id);
  const all = response.results.map((r) => r.parcel_id);
  const bad: string[] = [];
  const check = async (label: string, ids: string[], sql: string, params: unknown[] = []): Promise<void> => {
    if (ids.length === 0) return;
    const rows: Array<{ id: string }> = await db.query(`SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]) AND NOT (${sql})`, [ids, ...params]);
    bad.push(...rows.map((row) => `${label}: ${row.id}`));
  };
  if (f.area_sqm?.min !== undefined) await check('area', all, `COALESCE(p.area_sqm, ST_Area(p.geom)) >= $2`, [f.area_sqm.min]);
  if (f.slope_pct) await check('slope', screened('slope'), `(SELECT t.slope_mean_pct FROM layer_pub.terrain_stats t WHERE t.id = p.id) <= $2`, [f.slope_pct.max]);
  if (f.vacant !== undefined) await check('vacant', all, `${f.vacant ? 'NOT ' : ''}EXISTS (SELECT 1 FROM layer_pub.buildings b WHERE ST_Intersects(b.geom, p.geom))`);
  if (f.zoning) {
    const proven = zoningProven(f.zoning);
    await check('zoning', all, proven.sql, proven.params);
  }
  if (f.land_use?.kinds) await check('land_use', all, landUseIs(2, 3), landUseParams(f.land_use.kinds));
  if (f.land_use?.exclude_kinds) await check('land_use:exclude', screened('land_use:exclude'), `NOT (${landUseIs(2, 3)})`, landUseParams(f.land_use.exclude_kinds));
  for (const n of f.near ?? []) {
    const conditions = whereConditions(n.where ?? {}).map((c, i) => `x.${c.attribute} ${c.operator === 'gte' ? '>=' : '<='} $${i + 4}`);
    await check(`near:${n.layer}`, all, `EXISTS (SELECT 1 FROM layer_pub.${n.layer} x WHERE ST_DWithin(x.geom, p.geom, $2) AND x.kind = ANY($3::text[])${conditions.map((c) => ` AND ${c}`).join('')})`, [
      n.within_m,
      kindsOf(n.layer, n.kinds),
      ...whereConditions(n.where ?? {}).map((c) => c.value),
    ]);
  }
  for (const e of f.exclude ?? []) {
    await check(`exclude:${e.layer}`, screened(`exclude:${e.layer}`), `NOT EXISTS (SELECT 1 FROM layer_pub.${e.layer} x WHERE x.kind = ANY($3::text[]) AND ST_DWithin(x.geom, p.geom, $2))`, [e.buffer_m ?? 0, kindsOf(e.layer, e.kinds)]);
  }
  return bad;
}

describe('structured search properties', () => {
  let f: SearchEngineFixture;
  let regions: fc.Arbitrary<string>;

  beforeAll(async () => {
    f = await searchEngineOnDemo();
    const gminas = await gminasWhere(f.source, 'parcels', 'available');
    regions = fc.constantFrom(...gminas, ...new Set(gminas.map((t) => t.slice(0, 4))));
    // building the index of the demo gminas takes tens of seconds on a loaded machine
  }, 300_000);
  afterAll(() => f?.close());

  const request = (region: string, filters: SearchFilters): SearchParcelsRequest => {
    const built: SearchParcelsRequest = { region, filters, limit: 200 };
    assertSearchRequest(built);
    return built;
  };

  it('narrowing a filter never adds results', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(regions, filters).chain(([region, base]) => fc.tuple(fc.constant(region), fc.constant(base), narrowed(base))),
        async ([region, base, narrow]) => {
          const wide = await f.engine.run(request(region, base));
          const tight = await f.engine.run(request(region, narrow));
          expect(tight.matched).toBeLessThanOrEqual(wide.matched);
          if (wide.matched <= 200 && !wide.blocked) {
            const ids = new Set(wide.results.map((r) => r.parcel_id));
            expect(tight.results.filter((r) => !ids.has(r.parcel_id))).toEqual([]);
          }
        },
      ),
      { numRuns: 40 },
    );
  }, 600_000);

  it('every result passes every hard filter on the raw layers, and no screened result lies within an excluded area plus its buffer', async () => {
    await fc.assert(
      fc.asyncProperty(regions, filters, async (region, filterSet) => {
        const req = request(region, filterSet);
        const response = await f.engine.run(req);
        if (response.blocked) expect(response.results).toEqual([]);
        expect(await violations(f.source, req, response)).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 600_000);

  it('no result has a requires criterion unknown in its own parcel detail: the layers have data for it there', async () => {
    await fc.assert(
      fc.asyncProperty(regions, filters, async (region, filterSet) => {
        const req = request(region, filterSet);
        const response = await f.engine.run(req);
        const all = response.results.map((r) => r.parcel_id);
        if (all.length === 0) return;
        const unknown: string[] = [];
        const detailUnknown = async (label: string, sql: string, params: unknown[] = []): Promise<void> => {
          const rows: Array<{ id: string }> = await f.source.query(`SELECT p.id FROM layer_pub.parcels p WHERE p.id = ANY($1::text[]) AND (${sql})`, [all, ...params]);
          unknown.push(...rows.map((row) => `${label}: ${row.id}`));
        };
        const noData = (layer: string): string =>
          `NOT EXISTS (SELECT 1 FROM layer_pub.region_coverage c WHERE c.layer_id = '${layer}' AND c.level = 'gmina' AND c.teryt = p.teryt AND c.status <> 'missing')`;
        // regulations: inside a local plan whose zones we lack, mpzp is absent ("the plan's zones are not in our data")
        if (filterSet.zoning) await detailUnknown('zoning', `${covering('mpzp_plans', 'm')} AND NOT ${covering('mpzp_zones', 'z')}`);
        if (filterSet.zoning) await detailUnknown('zoning', noData('mpzp_plans'));
        if (filterSet.land_use?.kinds) await detailUnknown('land_use', `COALESCE(btrim(p.land_use_classes), '') = '' AND ${noData('land_cover')}`);
        if (filterSet.vacant !== undefined) await detailUnknown('vacant', noData('buildings'));
        for (const n of filterSet.near ?? []) await detailUnknown(`near:${n.layer}`, noData(n.layer));
        expect(unknown).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 600_000);

  it('the search index answers near and exclude filters exactly as spatial joins on the layers do', async () => {
    await fc.assert(
      fc.asyncProperty(regions, filters, async (region, filterSet) => {
        const req = { ...request(region, filterSet), rank_by: [{ signal: 'area', weight: 1 }] };
        const viaIndex = await f.engine.search(req);
        const viaJoins = await f.engine.search(req, { path: 'spatial' });
        expect(viaIndex.matched).toBe(viaJoins.matched);
        expect(viaIndex.results.map((r) => r.parcel_id)).toEqual(viaJoins.results.map((r) => r.parcel_id));
      }),
      { numRuns: 30 },
    );
  }, 600_000);
});
