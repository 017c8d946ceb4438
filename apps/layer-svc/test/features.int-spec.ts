import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { LagTolerantReads } from '@lp/db';
import { AppError, findLayer, type LayerFeaturePageReply, type LayerFeaturesRequest } from '@lp/contracts';
import { tileAt, tileBbox } from '@lp/geo';
import { readMvt, type ServiceUnderTest } from '@lp/testing';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { FeaturesRepository, featurePageSql } from '../src/features/features.repository.js';
import { cql2ToSql } from '../src/features/filter/cql2-sql.js';
import { FeaturesService } from '../src/features/features.service.js';
import type { RefreshPipeline } from '../src/refresh/refresh-pipeline.js';
import { ServedStates } from '../src/serving/served-states.js';
import { ServedVersionRepository } from '../src/serving/served-version.repository.js';
import { BasemapRepository } from '../src/basemap/basemap.repository.js';
import { BasemapService } from '../src/basemap/basemap.service.js';
import { TileCache } from '../src/tiles/tile-cache.js';
import { TileCutter } from '../src/tiles/tile-cutter.js';
import { TilesRepository } from '../src/tiles/tiles.repository.js';
import { TilesService } from '../src/tiles/tiles.service.js';
import { startRefreshPipeline, type RefreshPipelineInProcess } from './refresh-pipeline-fixture.js';
import { adminUnits, featureLines, sourceDir, square, substations } from './source-files.js';

/** 60 plots of state land, 400 m squares in a 12 x 5 grid inside gminas Alfa and Beta. */
function stateLand(): string {
  return featureLines(
    Array.from({ length: 60 }, (_, index) => ({
      properties: { id: `kowr-${index}`, kind: index % 3 === 0 ? 'leased' : 'in_stock', name: null, teryt: null, area_sqm: 150_000 + index, asking_price_pln: index % 2 === 0 ? 1_000_000 + index : null },
      coordinates: square(16.22 + (index % 12) * 0.02, 52.32 + Math.floor(index / 12) * 0.012, 0.006),
    })),
  );
}

describe('layer features and vector tiles against PostGIS', () => {
  let layer: ServiceUnderTest<RefreshPipelineInProcess>;
  let db: DataSource;
  let pipeline: RefreshPipeline;
  let features: FeaturesService;
  let tiles: TilesService;
  let basemap: BasemapService;

  const refresh = (layer: string, content: string) => pipeline.refresh(layer, { source: join(sourceDir({ [`${layer}.geojsonl`]: content }), `${layer}.geojsonl`), allowShrink: true });
  const list = (request: Omit<LayerFeaturesRequest, 'layer_id'> & { layer_id?: string }, service = features): Promise<LayerFeaturePageReply> =>
    service.list({ layer_id: 'power_substations', ...request });
  const failure = async (work: Promise<unknown>): Promise<AppError> => {
    const error = await work.then(() => null, (caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };
  /** Every page of a listing, following next_cursor. */
  const allPages = async (request: Omit<LayerFeaturesRequest, 'layer_id' | 'cursor'> & { layer_id?: string }, service = features): Promise<LayerFeaturePageReply[]> => {
    const pages: LayerFeaturePageReply[] = [];
    let cursor: string | undefined;
    do {
      const page = await list({ ...request, ...(cursor ? { cursor } : {}) }, service);
      pages.push(page);
      cursor = page.next_cursor ?? undefined;
    } while (cursor && pages.length < 200);
    return pages;
  };
  /** What PostGIS says intersects the box, asked the plain way (geometry transformed to WGS84). */
  const idsIntersecting = async (layer: string, box: string): Promise<string[]> => {
    const rows: Array<{ id: string }> = await db.query(
      `SELECT id FROM layer_pub.${layer} WHERE ST_Intersects(ST_Transform(geom, 4326), ST_MakeEnvelope(${box}, 4326)) ORDER BY id`,
    );
    return rows.map((row) => row.id);
  };

  beforeAll(async () => {
    layer = await startRefreshPipeline('features-test');
    ({ db, pipeline } = layer.service);
    await refresh('admin_bounds', adminUnits());
    await refresh('power_substations', substations(250));
    await refresh('kowr_land', stateLand());
    const versions = new ServedVersionRepository(new LagTolerantReads(db));
    features = new FeaturesService(versions, new FeaturesRepository());
    const cutter = new TileCutter(new TilesRepository());
    tiles = new TilesService(versions, new ServedStates(versions), new TilesRepository(), cutter, new LagTolerantReads(db), new TileCache(16 * 1024 * 1024));
    basemap = new BasemapService(versions, cutter, new BasemapRepository(db));
  });
  afterAll(() => layer?.stop());

  describe('feature pages', () => {
    const bbox = '16.305,52.305,16.455,52.365';

    it('pages through a bbox with a small limit and returns every feature inside it exactly once', async () => {
      const pages = await allPages({ bbox, limit: 7 });
      const ids = pages.flatMap((page) => page.features.map((feature) => feature.id));
      const expected = await idsIntersecting('power_substations', bbox);
      expect(expected.length).toBeGreaterThan(50);
      expect(expected.length).toBeLessThan(250);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(expected);
      expect(pages.slice(0, -1).every((page) => page.numberReturned === 7 && page.next_cursor !== null)).toBe(true);
      expect(pages[pages.length - 1]!.next_cursor).toBeNull();
      expect(pages.length).toBe(Math.ceil(expected.length / 7));
    });

    it('returns no feature outside the bbox, in WGS84 with 7 decimals, typed attributes and provenance', async () => {
      const page = await list({ bbox, limit: 1000 });
      expect(page).toMatchObject({ type: 'FeatureCollection', layer_id: 'power_substations', next_cursor: null });
      expect(page.version).toBeGreaterThan(0);
      for (const feature of page.features) {
        const [lng, lat] = feature.geometry.coordinates as [number, number];
        expect(lng).toBeGreaterThanOrEqual(16.305);
        expect(lng).toBeLessThanOrEqual(16.455);
        expect(lat).toBeGreaterThanOrEqual(52.305);
        expect(lat).toBeLessThanOrEqual(52.365);
        expect(String(lng).split('.')[1]!.length).toBeLessThanOrEqual(7);
      }
      const first = page.features[0]!;
      expect(first).toMatchObject({ type: 'Feature', geometry: { type: 'Point' } });
      expect(first.properties).toMatchObject({ kind: 'hv_substation', voltage_kv: 110, teryt: expect.stringMatching(/^300[12]0[12][12]$/) });
      expect(Object.keys(first.properties)[0]).toBe('kind');
      expect(first.properties.provenance).toMatchObject({ layer: 'power_substations', source_run_id: expect.stringMatching(/^power_substations-\d+$/) });
      expect(first.properties.provenance.source_bbox).toHaveLength(4);
      const elsewhere = await list({ bbox: '18.0,50.0,18.5,50.5' });
      expect(elsewhere).toMatchObject({ features: [], numberReturned: 0, next_cursor: null });
    });

    it('answers stale_cursor when the layer is refreshed between two pages, and starts again cleanly', async () => {
      const first = await list({ bbox, limit: 10 });
      expect(first.next_cursor).not.toBeNull();
      await refresh('power_substations', substations(240));
      const error = await failure(list({ bbox, limit: 10, cursor: first.next_cursor! }));
      expect(error.code).toBe('stale_cursor');
      expect(error.message).toMatch(/power_substations was refreshed since this cursor was issued .*start again without cursor/);
      const again = await allPages({ bbox, limit: 10 });
      expect(again[0]!.version).toBe(first.version + 1);
      expect(again.flatMap((page) => page.features.map((feature) => feature.id)).sort()).toEqual(await idsIntersecting('power_substations', bbox));
    });

    it('refuses a cursor used with another bbox or another layer, and one it did not issue', async () => {
      const first = await list({ bbox, limit: 5 });
      expect((await failure(list({ bbox: '16.3,52.3,16.45,52.36', limit: 5, cursor: first.next_cursor! }))).message).toMatch(/another bbox/);
      expect((await failure(list({ layer_id: 'kowr_land', bbox, cursor: first.next_cursor! }))).message).toMatch(/issued for layer power_substations, not kowr_land/);
      expect((await failure(list({ bbox, cursor: 'bm90LWEtY3Vyc29y' }))).code).toBe('invalid_request');
      // Same box written differently is the same box.
      const next = await list({ bbox: '16.3050,52.305,16.455,52.3650', limit: 5, cursor: first.next_cursor! });
      expect(next.features[0]!.id).not.toBe(first.features[0]!.id);
    });

    it('names the layers for an unknown id and explains how tile-only and WMS layers are served', async () => {
      const unknown = await failure(list({ layer_id: 'power_substation', bbox }));
      expect(unknown.code).toBe('not_found');
      expect(unknown.message).toMatch(/Layers listed as features: parcels, cadastral_units, admin_bounds/);
      expect(unknown.candidates).toContain('power_substations');
      expect((await failure(list({ layer_id: 'contours', bbox }))).message).toMatch(/served only as vector tiles/);
      expect((await failure(list({ layer_id: 'ortho', bbox }))).message).toMatch(/WMS/);
    });

    it('takes a bbox of all Poland (no area bound) and pages through every feature in it', async () => {
      const poland = '14,49,24.2,54.9';
      const ids = (await allPages({ bbox: poland, limit: 1000 })).flatMap((page) => page.features.map((feature) => feature.id));
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.sort()).toEqual(await idsIntersecting('power_substations', poland));
    });

    it('lists a whole collection for OGC API without a bbox, with numberMatched the served count', async () => {
      const pages: LayerFeaturePageReply[] = [];
      let cursor: string | undefined;
      do {
        const page = await features.items({ layer_id: 'power_substations', limit: 7, ...(cursor ? { cursor } : {}) });
        pages.push(page);
        cursor = page.next_cursor ?? undefined;
      } while (cursor && pages.length < 1000);
      const rows: Array<{ id: string }> = await db.query('SELECT id FROM layer_pub.power_substations ORDER BY id');
      const ids = pages.flatMap((page) => page.features.map((feature) => feature.id));
      expect(ids.sort()).toEqual(rows.map((row) => row.id));
      expect(pages.every((page) => page.numberMatched === rows.length)).toBe(true);
      expect(pages[0]!.numberReturned).toBe(Math.min(7, rows.length));
    });

    it('serves OGC API limits above the maximum as the maximum, and a box off Poland as an empty page', async () => {
      const big = await features.items({ layer_id: 'power_substations', limit: 50_000 });
      expect(big.numberReturned).toBeLessThanOrEqual(1000);
      const paris = await features.items({ layer_id: 'power_substations', bbox: '2.2,48.8,2.5,48.9' });
      expect(paris).toMatchObject({ features: [], numberReturned: 0, next_cursor: null });
      expect(paris.numberMatched).toBeUndefined();
      const world = await features.items({ layer_id: 'power_substations', bbox: '-180,-90,180,90', limit: 1000 });
      const [count] = await db.query('SELECT count(*)::int AS n FROM layer_pub.power_substations');
      expect(world.numberReturned).toBe(Math.min(1000, (count as { n: number }).n));
    });

    it('finds one feature by its id, and names the collection when the id is unknown', async () => {
      const first = (await features.items({ layer_id: 'power_substations', limit: 1 })).features[0]!;
      expect(await features.item({ layer_id: 'power_substations', feature_id: first.id })).toEqual(first);
      const missing = await failure(features.item({ layer_id: 'power_substations', feature_id: 'no-such-feature' }));
      expect(missing.code).toBe('not_found');
      expect(missing.message).toMatch(/No feature has the id no-such-feature in collection power_substations/);
    });

    it('ends a page early at its size budget and still lists every feature once', async () => {
      const small = new FeaturesService(new ServedVersionRepository(new LagTolerantReads(db)), new FeaturesRepository(), { replyBudgetBytes: 2500 });
      const pages = await allPages({ bbox, limit: 100 }, small);
      expect(pages.length).toBeGreaterThan(3);
      expect(pages.every((page) => page.numberReturned < 100)).toBe(true);
      const ids = pages.flatMap((page) => page.features.map((feature) => feature.id));
      expect(ids.sort()).toEqual(await idsIntersecting('power_substations', bbox));
    });

    it('sends a feature larger than the budget on its own, simplified and marked', async () => {
      const tiny = new FeaturesService(new ServedVersionRepository(new LagTolerantReads(db)), new FeaturesRepository(), { replyBudgetBytes: 200 });
      const page = await list({ layer_id: 'kowr_land', bbox: '16.2,52.3,16.3,52.35', limit: 3 }, tiny);
      expect(page.numberReturned).toBe(1);
      expect(page.features[0]!.properties.geometry_simplified_m).toBeGreaterThan(0);
      expect(page.features[0]!.geometry.type).toBe('Polygon');
      expect(page.next_cursor).not.toBeNull();
    });

    it('reads the version its state names even when a refresh commits between the state and the page', async () => {
      const before = (await features.list({ layer_id: 'power_substations', bbox, limit: 1 })).version;
      const seen = await new ServedVersionRepository(new LagTolerantReads(db)).read('power_substations', async (q, served) => {
        await refresh('power_substations', substations(120));
        const count = async (relation: string): Promise<number> => Number((await q.query(`SELECT count(*) AS n FROM ${relation}`))[0].n);
        const page = await new FeaturesRepository().page(q, findLayer('power_substations')!, served.table!, { area: null }, 0, 1000, 1 << 20);
        return { version: served.version, table: await count(`layer.${served.table}`), page: page.rows.length, view: await count('layer_pub.power_substations') };
      });
      expect(seen.version).toBe(before);
      expect(seen.table).toBe(240);
      expect(seen.page).toBe(240);
      // The published view is resolved from the catalog when the statement runs: it already names the new
      // table, whose rows our snapshot cannot see. Reading through it would have answered an empty layer.
      expect(seen.view).toBe(0);
      expect((await features.list({ layer_id: 'power_substations', bbox, limit: 1 })).version).toBe(before + 1);
    });

    it('asks the GiST index for the box, transformed to EPSG:2180, not the table for every row', async () => {
      const layer = findLayer('power_substations')!;
      const [{ table_name: table }] = await db.query(`SELECT table_name FROM layer.layer_state WHERE layer_id = 'power_substations'`);
      const runner = db.createQueryRunner();
      await runner.connect();
      try {
        await runner.startTransaction();
        await runner.query('SET LOCAL enable_seqscan = off');
        const plan: Array<{ 'QUERY PLAN': string }> = await runner.query(`EXPLAIN ${featurePageSql(layer, table)}`, [0, 101, 786432, 16.31, 52.31, 16.32, 52.315]);
        const text = plan.map((row) => row['QUERY PLAN']).join('\n');
        await runner.rollbackTransaction();
        expect(text).toMatch(new RegExp(`${table}_geom`));
        expect(text).toMatch(/Index Cond: \(+geom && /);
        expect(text).not.toMatch(/st_transform\(f\.geom/i);
      } finally {
        await runner.release();
      }
    });

    it('answers an S_INTERSECTS filter and an EPSG:2180 box from the GiST index too, the literal transformed, never the column', async () => {
      const layer = findLayer('power_substations')!;
      const [{ table_name: table }] = await db.query(`SELECT table_name FROM layer.layer_state WHERE layer_id = 'power_substations'`);
      const filter = cql2ToSql('S_INTERSECTS(geometry, POLYGON((16.31 52.31, 16.32 52.31, 16.32 52.315, 16.31 52.31)))', layer, 4);
      const runner = db.createQueryRunner();
      await runner.connect();
      try {
        await runner.startTransaction();
        await runner.query('SET LOCAL enable_seqscan = off');
        const explain = async (sql: string, params: unknown[]): Promise<string> =>
          ((await runner.query(`EXPLAIN ${sql}`, params)) as Array<{ 'QUERY PLAN': string }>).map((row) => row['QUERY PLAN']).join('\n');
        const spatial = await explain(featurePageSql(layer, table, { boxSrid: null, filterSql: filter.sql }), [0, 101, 786432, ...filter.params]);
        const box2180 = await explain(featurePageSql(layer, table, { boxSrid: 2180, crs: 'EPSG:2180' }), [0, 101, 786432, 300000, 400000, 310000, 410000]);
        await runner.rollbackTransaction();
        for (const text of [spatial, box2180]) {
          expect(text).toMatch(new RegExp(`${table}_geom`));
          expect(text).toMatch(/Index Cond: \(+geom && /);
          expect(text).not.toMatch(/st_transform\(f\.geom/i);
        }
      } finally {
        await runner.release();
      }
    });
  });

  describe('base map', () => {
    it('puts the admin bounds of the zoom and one label point per unit into one tile, and skips layers without data', async () => {
      const tile = tileAt(16.3, 52.3, 9);
      const reply = await basemap.tile(tile);
      expect(reply.status).toBe('tile');
      expect(reply.etag).toMatch(/^"basemap-[0-9a-z._]+-9-\d+-\d+-b2"$/);
      const layers = readMvt(Buffer.from(reply.mvt!));
      // Only admin_bounds has data here; roads, waterways, land cover and buildings have none.
      expect(layers.map((layer) => layer.name).sort()).toEqual(['admin_bounds', 'places']);
      const box = tileBbox(tile);
      const truth = await db.query(
        `SELECT name FROM layer_pub.admin_bounds
         WHERE ST_Intersects(ST_Transform(ST_PointOnSurface(geom), 4326), ST_MakeEnvelope($1, $2, $3, $4, 4326)) ORDER BY name`,
        [box.minLng, box.minLat, box.maxLng, box.maxLat],
      );
      const places = layers.find((layer) => layer.name === 'places')!;
      expect(places.features).toHaveLength(truth.length);
      expect(places.values).toEqual(expect.arrayContaining(truth.map((row: { name: string }) => row.name)));
      expect(places.features.every((feature) => feature.type === 1)).toBe(true);
    });

    it('draws only voivodeships for all of Poland and answers not_modified for its tag', async () => {
      const tile = tileAt(16.3, 52.3, 5);
      const reply = await basemap.tile(tile);
      const admin = readMvt(Buffer.from(reply.mvt!)).find((layer) => layer.name === 'admin_bounds')!;
      expect(admin.features).toHaveLength(1);
      expect(admin.values).toContain('voivodeship');
      expect(admin.values).not.toContain('gmina');
      // Towns are labelled only for cities with powiat rights (TERYT powiat code 61+); these gminas (powiats 01, 02) are none.
      const places = readMvt(Buffer.from(reply.mvt!)).find((layer) => layer.name === 'places')!;
      expect(places.values).toContain('wielkopolskie');
      expect(places.values).not.toContain('city');
      expect(places.values).not.toContain('Alfa');
      expect(await basemap.tile({ ...tile, if_none_match: [reply.etag] })).toMatchObject({ status: 'not_modified', mvt: null });
      expect((await basemap.tile(tileAt(2.35, 48.85, 9))).status).toBe('empty');
    });
  });

  describe('vector tiles', () => {
    const overData = tileAt(16.33, 52.335, 12);

    it('cuts a tile over the data into a valid MVT layer named after the layer, with ids, kinds and key attributes', async () => {
      const reply = await tiles.tile({ layer_id: 'kowr_land', ...overData });
      expect(reply.status).toBe('tile');
      expect(reply.etag).toMatch(/^"kowr_land-v\d+-[0-9a-z]+-12-\d+-\d+-m2"$/);
      const [layer, ...others] = readMvt(Buffer.from(reply.mvt!));
      expect(others).toHaveLength(0);
      expect(layer).toMatchObject({ name: 'kowr_land', version: 2, extent: 4096 });
      expect(layer!.keys).toEqual(expect.arrayContaining(['id', 'kind', 'area_sqm']));
      const box = tileBbox(overData);
      const inside = await idsIntersecting('kowr_land', `${box.minLng}, ${box.minLat}, ${box.maxLng}, ${box.maxLat}`);
      expect(inside.length).toBeGreaterThan(0);
      expect(layer!.values).toEqual(expect.arrayContaining(['in_stock', 'leased', ...inside]));
      expect(layer!.features.length).toBeGreaterThanOrEqual(inside.length);
      expect(reply.feature_count).toBe(layer!.features.length);
      for (const feature of layer!.features) {
        expect(feature.type).toBe(3);
        expect(feature.id).not.toBeNull();
        for (const [x, y] of feature.points) {
          expect(x).toBeGreaterThanOrEqual(-64);
          expect(x).toBeLessThanOrEqual(4096 + 64);
          expect(y).toBeGreaterThanOrEqual(-64);
          expect(y).toBeLessThanOrEqual(4096 + 64);
        }
      }
    });

    it('answers empty tiles away from the data, outside Poland and below the layer minzoom', async () => {
      expect((await tiles.tile({ layer_id: 'kowr_land', ...tileAt(21.0, 50.0, 12) })).status).toBe('empty');
      expect((await tiles.tile({ layer_id: 'kowr_land', ...tileAt(2.35, 48.85, 12) })).status).toBe('empty');
      expect((await tiles.tile({ layer_id: 'kowr_land', ...tileAt(16.33, 52.335, 7) })).status).toBe('empty');
      expect((await tiles.tile({ layer_id: 'kowr_land', ...tileAt(16.33, 52.335, 8) })).status).toBe('tile');
    });

    it('answers not_modified for the current entity tag, and a new tag after a refresh', async () => {
      const first = await tiles.tile({ layer_id: 'kowr_land', ...overData });
      const again = await tiles.tile({ layer_id: 'kowr_land', ...overData, if_none_match: ['"other"', first.etag] });
      expect(again).toMatchObject({ status: 'not_modified', etag: first.etag, mvt: null });
      await refresh('kowr_land', stateLand());
      const refreshed = await tiles.tile({ layer_id: 'kowr_land', ...overData, if_none_match: [first.etag] });
      expect(refreshed.status).toBe('tile');
      expect(refreshed.etag).not.toBe(first.etag);
      expect(Buffer.from(refreshed.mvt!).equals(Buffer.from(first.mvt!))).toBe(true);
    });

    it('answers a remembered tile only while its version is served: refreshed with other data, the tile shows the new data at once', async () => {
      const box = tileBbox(overData);
      const boxText = `${box.minLng}, ${box.minLat}, ${box.maxLng}, ${box.maxLat}`;
      const first = await tiles.tile({ layer_id: 'kowr_land', ...overData });
      const remembered = await tiles.tile({ layer_id: 'kowr_land', ...overData });
      expect(remembered.etag).toBe(first.etag);
      expect(Buffer.from(remembered.mvt!).equals(Buffer.from(first.mvt!))).toBe(true);
      const before = await idsIntersecting('kowr_land', boxText);

      // Every other plot only: no event reaches these tiles, the served state alone must tell.
      await refresh('kowr_land', stateLand().split('\n').filter((_line, index) => index % 2 === 0).join('\n'));
      const after = await idsIntersecting('kowr_land', boxText);
      expect(after.length).toBeGreaterThan(0);
      expect(after.length).toBeLessThan(before.length);
      const refreshed = await tiles.tile({ layer_id: 'kowr_land', ...overData });
      expect(refreshed.etag).not.toBe(first.etag);
      const values = readMvt(Buffer.from(refreshed.mvt!))[0]!.values;
      expect(values).toEqual(expect.arrayContaining(after));
      expect(before.filter((id) => !after.includes(id)).filter((gone) => values.includes(gone))).toEqual([]);
      expect((await tiles.tile({ layer_id: 'kowr_land', ...overData, if_none_match: [first.etag] })).status).toBe('tile');
      await refresh('kowr_land', stateLand());
    });

    it('answers the version served now when the state moved without a refresh, from memory, for a 304 and for an empty tile', async () => {
      const empty = tileAt(21.0, 50.0, 12);
      const first = await tiles.tile({ layer_id: 'kowr_land', ...overData });
      const firstEmpty = await tiles.tile({ layer_id: 'kowr_land', ...empty });
      await db.query(`UPDATE layer.layer_state SET version = version + 1 WHERE layer_id = 'kowr_land'`);
      const fromMemory = await tiles.tile({ layer_id: 'kowr_land', ...overData });
      expect(fromMemory.version).toBe(first.version + 1);
      expect(fromMemory.etag).not.toBe(first.etag);
      expect(Buffer.from(fromMemory.mvt!).equals(Buffer.from(first.mvt!))).toBe(true);
      await db.query(`UPDATE layer.layer_state SET version = version + 1 WHERE layer_id = 'kowr_land'`);
      expect(await tiles.tile({ layer_id: 'kowr_land', ...overData, if_none_match: [fromMemory.etag] })).toMatchObject({ status: 'tile', version: first.version + 2 });
      await db.query(`UPDATE layer.layer_state SET version = version + 1 WHERE layer_id = 'kowr_land'`);
      expect(await tiles.tile({ layer_id: 'kowr_land', ...empty })).toMatchObject({ status: 'empty', version: firstEmpty.version + 3 });
    });

    it('cuts the tile from the version served now when the one it assumed was retired by two refreshes', async () => {
      await tiles.tile({ layer_id: 'kowr_land', ...overData });
      const [{ table_name: assumed }] = await db.query(`SELECT table_name FROM layer.layer_state WHERE layer_id = 'kowr_land'`);
      await refresh('kowr_land', stateLand());
      await refresh('kowr_land', stateLand());
      expect((await db.query(`SELECT to_regclass($1) AS still`, [`layer.${assumed}`]))[0].still).toBeNull();
      const [{ version }] = await db.query(`SELECT version FROM layer.layer_state WHERE layer_id = 'kowr_land'`);
      const elsewhere = await tiles.tile({ layer_id: 'kowr_land', ...tileAt(16.33, 52.335, 13) });
      expect(elsewhere).toMatchObject({ status: 'tile', version });
    });

    it('keeps the largest features of a tile over its cap and says it is truncated, as PostGIS ranks them', async () => {
      const tile = tileAt(16.33, 52.335, 10);
      const box = tileBbox(tile);
      const [{ table_name: table }] = await db.query(`SELECT table_name FROM layer.layer_state WHERE layer_id = 'kowr_land'`);
      const largest: Array<{ id: string }> = await db.query(
        `SELECT ext_id AS id FROM layer.${table} WHERE ST_Intersects(ST_Transform(geom, 4326), ST_MakeEnvelope($1, $2, $3, $4, 4326)) ORDER BY ST_Area(geom) DESC, fid LIMIT 5`,
        [box.minLng, box.minLat, box.maxLng, box.maxLat],
      );
      const options = { cap: 5, tolerance: 0, kinds: null };
      const capped = await new TilesRepository().tile(db.manager, findLayer('kowr_land')!, table, tile, options);
      expect(capped).toMatchObject({ features: 5, truncated: true, served: { table } });
      const kept = readMvt(capped.mvt)[0]!.values.filter((value) => typeof value === 'string' && value.startsWith('kowr-'));
      expect(kept.sort()).toEqual(largest.map((row) => row.id).sort());
      expect((await new TilesRepository().tile(db.manager, findLayer('kowr_land')!, table, tile, { ...options, cap: 1000 })).truncated).toBe(false);
    });

    it('says a tile is truncated exactly when the cap left candidates out: at the cap every feature is kept, one below it is truncated', async () => {
      const tile = tileAt(16.33, 52.335, 10);
      const [{ table_name: table }] = await db.query(`SELECT table_name FROM layer.layer_state WHERE layer_id = 'kowr_land'`);
      // the candidates as plain PostGIS finds them: outlines in web mercator meeting the tile with its buffer
      const [{ candidates }] = await db.query(
        `SELECT count(*)::int AS candidates FROM layer.${table} f WHERE ST_Transform(f.geom, 3857) && ST_TileEnvelope($1, $2, $3, margin => 64.0 / 4096)`,
        [tile.z, tile.x, tile.y],
      );
      const layer = findLayer('kowr_land')!;
      const options = { tolerance: 0, kinds: null };
      const all = await new TilesRepository().tile(db.manager, layer, table, tile, { ...options, cap: 1000 });
      expect(candidates).toBeGreaterThan(5);
      expect(all).toMatchObject({ features: candidates, truncated: false });
      const atCap = await new TilesRepository().tile(db.manager, layer, table, tile, { ...options, cap: candidates });
      expect(atCap).toMatchObject({ features: candidates, truncated: false });
      expect(atCap.mvt.equals(all.mvt)).toBe(true);
      expect(await new TilesRepository().tile(db.manager, layer, table, tile, { ...options, cap: candidates - 1 })).toMatchObject({ features: candidates - 1, truncated: true });
    });

    it('cuts the tile afresh when asked to, with the same tag and bytes', async () => {
      const remembered = await tiles.tile({ layer_id: 'kowr_land', ...overData });
      const fresh = await tiles.tile({ layer_id: 'kowr_land', ...overData, no_cache: true });
      expect(fresh.etag).toBe(remembered.etag);
      expect(Buffer.from(fresh.mvt!).equals(Buffer.from(remembered.mvt!))).toBe(true);
    });

    it('checks the tile address and that the layer is served as tiles', async () => {
      expect((await failure(tiles.tile({ layer_id: 'kowr_land', z: 23, x: 0, y: 0 }))).message).toMatch(/z must be an integer from 0 to 22/);
      expect((await failure(tiles.tile({ layer_id: 'kowr_land', z: 3, x: 8, y: 0 }))).message).toMatch(/x must be an integer from 0 to 7/);
      expect((await failure(tiles.tile({ layer_id: 'power_substations', z: 12, x: 0, y: 0 }))).message).toMatch(/not served as vector tiles/);
      expect((await failure(tiles.tile({ layer_id: 'unicorns', z: 12, x: 0, y: 0 }))).code).toBe('not_found');
    });

    it('describes the tiles in TileJSON with the bounds of the served data', async () => {
      const tileset = await tiles.tileset({ layer_id: 'kowr_land' });
      expect(tileset).toMatchObject({ tilejson: '3.0.0', name: 'kowr_land', scheme: 'xyz', minzoom: 8, maxzoom: 16, tiles: ['/v1/layers/kowr_land/tiles/{z}/{x}/{y}.mvt'] });
      const [west, south, east, north] = tileset.bounds;
      // The extent measured when the version was built: it covers the data, within metres.
      const data = [16.22, 52.32, 16.22 + 11 * 0.02 + 0.006, 52.32 + 4 * 0.012 + 0.006];
      expect(west).toBeLessThanOrEqual(data[0]!);
      expect(south).toBeLessThanOrEqual(data[1]!);
      expect(east).toBeGreaterThanOrEqual(data[2]!);
      expect(north).toBeGreaterThanOrEqual(data[3]!);
      expect(Math.max(data[0]! - west, data[1]! - south, east - data[2]!, north - data[3]!)).toBeLessThan(0.01);
      expect(tileset.vector_layers[0]).toMatchObject({ id: 'kowr_land', fields: { id: 'String', kind: 'String', area_sqm: 'Number', asking_price_pln: 'Number' } });
    });
  });
});
