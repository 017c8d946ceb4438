import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { LayerFeaturePageView, LayerListView, TileJsonView } from '@lp/contracts';
import { tileAt } from '@lp/geo';
import { type ErrorEnvelope, startTestStack, type TestStack } from '@lp/testing';

/** The fixture's parcels lie in one Poznań precinct, inside this box. */
const POZNAN = '16.83,52.35,16.98,52.45';

describe('layer features and vector tiles through the gateway', () => {
  let stack: TestStack;
  let parcelCount: number;
  let parcelPoint: [number, number];

  beforeAll(async () => {
    stack = await startTestStack({ services: ['layer-svc'], scopes: ['layers:read'] });
    const layers = (await stack.api().get<LayerListView>('/v1/layers', { key: stack.apiKey })).json().layers;
    parcelCount = layers.find((layer) => layer.id === 'parcels')!.feature_count;
    const first = (await stack.api().get<LayerFeaturePageView>(`/v1/layers/parcels/features?bbox=${POZNAN}&limit=1`, { key: stack.apiKey })).json();
    parcelPoint = (first.features[0]!.geometry.coordinates as number[][][])[0]![0] as [number, number];
  });
  afterAll(() => stack?.stop());

  const features = (query: string, options: { key?: string } = {}) =>
    stack.api().get<LayerFeaturePageView & ErrorEnvelope>(`/v1/layers/${query}`, { key: options.key ?? stack.apiKey });

  describe('GET /v1/layers/{layer_id}/features', () => {
    it('pages through the parcels of a bbox as application/geo+json that matches /openapi.yaml', async () => {
      const ids: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const res = await features(`parcels/features?bbox=${POZNAN}&limit=7${cursor ? `&cursor=${cursor}` : ''}`);
        expect(res.status).toBe(200);
        expect(res.header('content-type')).toMatch(/^application\/geo\+json/);
        const page = res.json();
        expect(page).toMatchObject({ type: 'FeatureCollection', layer_id: 'parcels' });
        expect(page.numberReturned).toBe(page.features.length);
        ids.push(...page.features.map((feature) => feature.id));
        cursor = page.next_cursor;
        pages++;
      } while (cursor && pages < 20);
      expect(parcelCount).toBeGreaterThan(7);
      expect(ids).toHaveLength(parcelCount);
      expect(new Set(ids).size).toBe(parcelCount);
      expect(pages).toBe(Math.ceil(parcelCount / 7));
      const one = (await features(`parcels/features?bbox=${POZNAN}&limit=1`)).json().features[0]!;
      expect(one.properties).toMatchObject({ kind: 'parcel', teryt: '3064011', provenance: { layer: 'parcels' } });
      expect(one.properties['parcel_id']).toBe(one.id);
      expect(typeof one.properties['area_sqm']).toBe('number');
    });

    it('takes a bbox of all Poland and pages through the whole layer by following rel=next links', async () => {
      const ids: string[] = [];
      let path: string | null = `/v1/layers/parcels/features?bbox=14,49,24.2,54.9&limit=6`;
      let pages = 0;
      while (path !== null && pages < 20) {
        const res = await stack.api().get<LayerFeaturePageView>(path, { key: stack.apiKey });
        expect(res.status).toBe(200);
        const page: LayerFeaturePageView = res.json();
        const self = page.links.find((link) => link.rel === 'self')!;
        expect(self.href).toBe(`${stack.gatewayUrls[0]}${path.replace(/,/g, '%2C')}`);
        ids.push(...page.features.map((feature) => feature.id));
        const next: { href: string } | undefined = page.links.find((link) => link.rel === 'next');
        expect(next === undefined).toBe(page.next_cursor === null);
        if (next) expect(new URL(next.href).searchParams.get('cursor')).toBe(page.next_cursor);
        path = next ? next.href.slice(stack.gatewayUrls[0]!.length) : null;
        pages++;
      }
      const [sql] = await stack.sql<{ count: string }>('SELECT count(*) FROM layer_pub.parcels');
      expect(new Set(ids).size).toBe(Number(sql!.count));
      expect(ids).toHaveLength(Number(sql!.count));
      expect(pages).toBe(Math.ceil(Number(sql!.count) / 6));
    });

    it('answers 404 for an unknown layer, naming the catalogue layers', async () => {
      const res = await features(`parcel/features?bbox=${POZNAN}`);
      expect(res.status).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(res.json().error.message).toMatch(/No layer has the id parcel\. Layers listed as features: parcels, cadastral_units, admin_bounds/);
      expect(res.json().error.candidates).toContain('parcels');
    });

    it('answers 400 for layers served only as tiles or WMS, saying how they are served', async () => {
      const contours = await features(`contours/features?bbox=${POZNAN}`);
      expect(contours.status).toBe(400);
      expect(contours.json().error.message).toMatch(/contours is served only as vector tiles.*\/v1\/layers\/contours\/tiles\/\{z\}\/\{x\}\/\{y\}\.mvt/);
      const ortho = await features(`ortho/features?bbox=${POZNAN}`);
      expect(ortho.status).toBe(400);
      expect(ortho.json().error.message).toMatch(/raster layer served only as a proxied WMS/);
    });

    it('answers 400 with a message for every kind of bad bbox', async () => {
      const cases: Array<[string, RegExp]> = [
        ['', /bbox is required/],
        ['&bbox=abc', /4 comma-separated numbers .*got 1/],
        ['&bbox=16.9,52.4,17.0', /got 3/],
        ['&bbox=16.9,north,17.0,52.5', /minLat 'north' is not a number/],
        ['&bbox=17.0,52.4,16.9,52.5', /minLng \(17\) must be less than maxLng \(16.9\)/],
        ['&bbox=16.9,95,17.0,96', /minLat 95 is outside -90..90/],
        ['&bbox=2.2,48.8,2.5,48.9', /does not overlap Poland/],
        ['&bbox=52.4,16.9,52.5,17.0', /latitude came first/],
      ];
      for (const [query, message] of cases) {
        const res = await features(`parcels/features?limit=5${query}`);
        expect([query, res.status]).toEqual([query, 400]);
        expect(res.json().error.code).toBe('invalid_request');
        expect(res.json().error.message).toMatch(message);
      }
    });

    it('answers 400 for a limit outside 1..1000 and for a cursor it did not issue', async () => {
      for (const limit of ['0', '1001', 'ten', '2.5']) {
        const res = await features(`parcels/features?bbox=${POZNAN}&limit=${limit}`);
        expect(res.status).toBe(400);
        expect(res.json().error.message).toBe('limit must be an integer from 1 to 1000 (default 100)');
      }
      expect((await features(`parcels/features?bbox=${POZNAN}&limit=1000`)).status).toBe(200);
      const forged = await features(`parcels/features?bbox=${POZNAN}&cursor=bm90LWEtY3Vyc29y`);
      expect(forged.status).toBe(400);
      expect(forged.json().error.message).toMatch(/not a cursor this API issued/);
      const page = (await features(`parcels/features?bbox=${POZNAN}&limit=3`)).json();
      const otherBox = await features(`parcels/features?bbox=16.84,52.35,16.98,52.45&limit=3&cursor=${page.next_cursor}`);
      expect(otherBox.status).toBe(400);
      expect(otherBox.json().error.message).toMatch(/another bbox/);
    });

    it('needs the layers:read scope', async () => {
      const parcelsOnly = await stack.createKey(['parcels:read']);
      const res = await features(`parcels/features?bbox=${POZNAN}`, { key: parcelsOnly });
      expect(res.status).toBe(403);
      expect(res.json().error.code).toBe('insufficient_scope');
    });
  });

  describe('GET /v1/layers/{layer_id}/tiles/{z}/{x}/{y}.mvt and tiles.json', () => {
    const tilePath = (z: number): string => {
      const tile = tileAt(parcelPoint[0], parcelPoint[1], z);
      return `/v1/layers/parcels/tiles/${tile.z}/${tile.x}/${tile.y}.mvt`;
    };

    it('sends a tile over the data as application/vnd.mapbox-vector-tile with ETag and Cache-Control', async () => {
      const res = await stack.api().get(tilePath(15), { key: stack.apiKey });
      expect(res.status).toBe(200);
      expect(res.header('content-type')).toBe('application/vnd.mapbox-vector-tile');
      expect(res.header('cache-control')).toBe('public, max-age=300');
      expect(res.header('etag')).toMatch(/^"parcels-v\d+-[0-9a-z]+-15-\d+-\d+-m2"$/);
      const bytes = Buffer.from(await (await fetch(`${stack.gatewayUrls[0]}${tilePath(15)}`, { headers: { authorization: `Bearer ${stack.apiKey}` } })).arrayBuffer());
      expect(bytes.length).toBeGreaterThan(50);
      // A tile is a protobuf whose first field is layer 1 (field 3, length-delimited) named after the layer.
      expect(bytes[0]).toBe(0x1a);
      expect(bytes.includes(Buffer.from('parcels'))).toBe(true);
    });

    it('answers 304 to If-None-Match with the current ETag, weak or strong', async () => {
      const etag = (await stack.api().get(tilePath(15), { key: stack.apiKey })).header('etag')!;
      for (const ifNoneMatch of [etag, `W/${etag}`, `"something-else", ${etag}`]) {
        const res = await stack.api().get(tilePath(15), { key: stack.apiKey, headers: { 'if-none-match': ifNoneMatch } });
        expect(res.status).toBe(304);
        expect(res.body).toBe('');
        expect(res.header('etag')).toBe(etag);
      }
      expect((await stack.api().get(tilePath(15), { key: stack.apiKey, headers: { 'if-none-match': '"parcels-v0-old"' } })).status).toBe(200);
    });

    it('answers a tile again with the same ETag and bytes, remembered or made afresh on Cache-Control: no-cache', async () => {
      const tile = async (headers: Record<string, string> = {}) => {
        const res = await fetch(`${stack.gatewayUrls[0]}${tilePath(14)}`, { headers: { authorization: `Bearer ${stack.apiKey}`, ...headers } });
        return { status: res.status, etag: res.headers.get('etag'), bytes: Buffer.from(await res.arrayBuffer()) };
      };
      const first = await tile();
      const remembered = await tile();
      const fresh = await tile({ 'cache-control': 'no-cache' });
      const legacy = await tile({ pragma: 'no-cache' });
      for (const again of [remembered, fresh, legacy]) {
        expect(again).toMatchObject({ status: 200, etag: first.etag });
        expect(again.bytes.equals(first.bytes)).toBe(true);
      }
      expect(first.bytes[0]).toBe(0x1a);
    });

    it('never answers a tile or a 304 of a version no longer served, even one it remembers', async () => {
      const before = await stack.api().get(tilePath(15), { key: stack.apiKey });
      const oldTag = before.header('etag')!;
      const version = Number(/-v(\d+)-/.exec(oldTag)![1]);
      // As a swap does, without any event: the served state alone must tell.
      await stack.sql(`UPDATE layer.layer_state SET version = version + 1 WHERE layer_id = 'parcels'`);
      const after = await stack.api().get(tilePath(15), { key: stack.apiKey, headers: { 'if-none-match': oldTag } });
      expect(after.status).toBe(200);
      expect(after.header('etag')).toContain(`-v${version + 1}-`);
      const revalidated = await stack.api().get(tilePath(15), { key: stack.apiKey, headers: { 'if-none-match': after.header('etag')! } });
      expect(revalidated.status).toBe(304);
      expect((await stack.api().get(tilePath(15), { key: stack.apiKey })).header('etag')).toBe(after.header('etag'));
    });

    it('answers 204 with no body for a tile without features and below the layer minzoom', async () => {
      const empty = await stack.api().get('/v1/layers/parcels/tiles/15/18000/10800.mvt', { key: stack.apiKey });
      expect(empty.status).toBe(204);
      expect(empty.body).toBe('');
      expect(empty.header('etag')).toBeDefined();
      expect((await stack.api().get(tilePath(10), { key: stack.apiKey })).status).toBe(204);
    });

    it('answers 400 for a tile address out of range and for a layer not served as tiles', async () => {
      const cases: Array<[string, RegExp]> = [
        ['/v1/layers/parcels/tiles/23/0/0.mvt', /z must be an integer from 0 to 22/],
        ['/v1/layers/parcels/tiles/3/8/0.mvt', /x must be an integer from 0 to 7 at zoom 3/],
        ['/v1/layers/parcels/tiles/3/0/abc.mvt', /y must be an integer/],
        ['/v1/layers/power_substations/tiles/12/2240/1350.mvt', /not served as vector tiles .*features\?bbox=/],
      ];
      for (const [path, message] of cases) {
        const res = await stack.api().get<ErrorEnvelope>(path, { key: stack.apiKey });
        expect([path, res.status]).toEqual([path, 400]);
        expect(res.json().error.message).toMatch(message);
      }
      expect((await stack.api().get<ErrorEnvelope>('/v1/layers/nope/tiles/12/0/0.mvt', { key: stack.apiKey })).status).toBe(404);
    });

    it('describes the tiles in TileJSON 3.0.0 with an absolute tile URL and the bounds of the data', async () => {
      const res = await stack.api().get<TileJsonView>('/v1/layers/parcels/tiles.json', { key: stack.apiKey });
      expect(res.status).toBe(200);
      const tileset = res.json();
      expect(tileset).toMatchObject({ tilejson: '3.0.0', name: 'parcels', minzoom: 13, maxzoom: 16 });
      expect(tileset.tiles).toEqual([`${stack.gatewayUrls[0]}/v1/layers/parcels/tiles/{z}/{x}/{y}.mvt`]);
      const [west, south, east, north] = tileset.bounds;
      expect(parcelPoint[0]).toBeGreaterThanOrEqual(west!);
      expect(parcelPoint[0]).toBeLessThanOrEqual(east!);
      expect(parcelPoint[1]).toBeGreaterThanOrEqual(south!);
      expect(parcelPoint[1]).toBeLessThanOrEqual(north!);
      expect(tileset.vector_layers[0]!.fields).toMatchObject({ id: 'String', kind: 'String', area_sqm: 'Number' });
    });
  });

  // Last: it bumps the served version, as a refresh does.
  it('answers 409 stale_cursor for a cursor of a version that has since been replaced', async () => {
    const page = (await features(`parcels/features?bbox=${POZNAN}&limit=3`)).json();
    await stack.sql(`UPDATE layer.layer_state SET version = version + 1 WHERE layer_id = 'parcels'`);
    const res = await features(`parcels/features?bbox=${POZNAN}&limit=3&cursor=${page.next_cursor}`);
    expect(res.status).toBe(409);
    expect(res.json().error.code).toBe('stale_cursor');
    expect(res.json().error.message).toMatch(/refreshed since this cursor was issued.*start again without cursor/);
  });
});
