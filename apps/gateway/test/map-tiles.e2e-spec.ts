import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { tileAt } from '@lp/geo';
import { readMvt, startTestStack, type TestStack } from '@lp/testing';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './map-app/browser.js';

const ORIGIN = 'https://maps.example.com';
const TILE_LIMIT = 40;

/** Tiles for browsers: the base map, the map style, their own rate limit, caching and CORS for configured origins. */
describe('map tiles for browsers', () => {
  let stack: TestStack;
  let base: string;
  const overFixture = tileAt(16.9736, 52.3987, 14);
  const basemapPath = `/v1/basemap/tiles/${overFixture.z}/${overFixture.x}/${overFixture.y}.mvt`;

  beforeAll(async () => {
    stack = await startTestStack({
      services: ['layer-svc'],
      gatewayEnv: { RATE_LIMIT_TILES_PER_MINUTE: String(TILE_LIMIT), CORS_ORIGINS: `${ORIGIN},http://localhost:5173` },
    });
    base = stack.gatewayUrls[0]!;
  });
  afterAll(() => stack?.stop());

  const get = (path: string, key: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}`, ...headers } });

  it('serves one base-map tile with the admin bounds and the label points there, cacheable, 304 on its tag', async () => {
    const key = await stack.createKey(['layers:read']);
    const res = await get(basemapPath, key);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const layers = readMvt(new Uint8Array(await res.arrayBuffer()));
    const names = await stack.sql<{ name: string }>(
      `SELECT DISTINCT name FROM layer_pub.admin_bounds WHERE ST_Intersects(geom, ST_Transform(ST_TileEnvelope($1, $2, $3), 2180)) ORDER BY name`,
      [overFixture.z, overFixture.x, overFixture.y],
    );
    expect(names.length).toBeGreaterThan(0);
    expect(layers.find((layer) => layer.name === 'admin_bounds')!.values).toEqual(expect.arrayContaining(names.map((row) => row.name)));
    const again = await get(basemapPath, key, { 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect((await get('/v1/basemap/tiles/9/259/170.mvt', key)).status).toBe(204);
    expect((await get('/v1/basemap/tiles/23/0/0.mvt', key)).status).toBe(400);
    expect((await fetch(`${base}${basemapPath}`)).status).toBe(401);
  });

  it('labels the cities with powiat rights on a base-map tile of all Poland', async () => {
    const key = await stack.createKey(['layers:read']);
    const country = tileAt(16.9736, 52.3987, 5);
    const res = await get(`/v1/basemap/tiles/${country.z}/${country.x}/${country.y}.mvt`, key);
    expect(res.status).toBe(200);
    const places = readMvt(new Uint8Array(await res.arrayBuffer())).find((layer) => layer.name === 'places')!;
    const cities = await stack.sql<{ name: string }>(`SELECT name FROM layer_pub.admin_bounds WHERE kind = 'gmina' AND substr(teryt, 3, 2) >= '61'`);
    expect(cities.map((city) => city.name)).toContain('Poznań');
    expect(places.values).toEqual(expect.arrayContaining(['city', ...cities.map((city) => city.name)]));
    // Gminas themselves are not drawn at this zoom: only the voivodeship and the city.
    expect(places.values).not.toContain('gmina');
  });

  it('serves a MapLibre style of our own sources only, with the overlays for the layer switcher', async () => {
    const key = await stack.createKey(['layers:read']);
    const style = (await (await get('/v1/map/style.json', key)).json()) as {
      version: number;
      glyphs?: string;
      sprite?: string;
      sources: Record<string, { tiles?: string[]; url?: string }>;
      metadata: { 'landparcel:overlays': Array<{ id: string; style_layers: string[] }> };
      layers: Array<{ id: string }>;
    };
    expect(style.version).toBe(8);
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    for (const source of Object.values(style.sources)) {
      for (const url of [...(source.tiles ?? []), ...(source.url ? [source.url] : [])]) expect(url.startsWith(`${base}/v1/`)).toBe(true);
    }
    // Tile URLs, zooms and bounds are written in: a map loading the style asks for no TileJSON (each would spend tile budget).
    const tileJson = (await (await get('/v1/layers/parcels/tiles.json', key)).json()) as { tiles: string[]; minzoom: number; maxzoom: number; bounds: number[] };
    expect(style.sources['parcels']).toMatchObject({ tiles: tileJson.tiles, minzoom: tileJson.minzoom, maxzoom: tileJson.maxzoom, bounds: tileJson.bounds });
    expect(Object.values(style.sources).filter((source) => source.url !== undefined)).toEqual([]);
    const overlays = style.metadata['landparcel:overlays'];
    expect(overlays.map((overlay) => overlay.id)).toEqual(expect.arrayContaining(['parcels', 'mpzp_zones', 'env_layers']));
    const layerIds = new Set(style.layers.map((layer) => layer.id));
    for (const overlay of overlays) for (const id of overlay.style_layers) expect(layerIds.has(id)).toBe(true);
  });

  it('gives tiles their own per-key budget: a spent tile budget answers 429 while other routes still work', async () => {
    const key = await stack.createKey(['layers:read']);
    const statuses: number[] = [];
    let limited: Response | undefined;
    // The budget refills while we ask (GCRA), so ask until it is spent.
    while (limited?.status !== 429 && statuses.length < 3 * TILE_LIMIT) {
      limited = await get(statuses.length % 2 ? basemapPath : `/v1/layers/parcels/tiles/14/${overFixture.x}/${overFixture.y}.mvt`, key);
      statuses.push(limited.status);
      if (limited.status !== 429) await limited.arrayBuffer();
    }
    // 204: that layer tile is empty here; anything but 429 was served within the budget.
    expect(statuses.slice(0, TILE_LIMIT).filter((status) => status !== 200 && status !== 204)).toEqual([]);
    expect(limited!.status).toBe(429);
    expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited!.json()) as { error: { code: string } }).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await get('/v1/layers', key)).status).toBe(200);
  });

  it('answers CORS preflights of configured origins only, with Bearer keys and without credentials', async () => {
    const key = await stack.createKey(['layers:read']);
    const preflight = await fetch(`${base}${basemapPath}`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    const tile = await get(basemapPath, key, { origin: ORIGIN });
    expect(tile.status).toBe(200);
    expect(tile.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(tile.headers.get('access-control-expose-headers')).toMatch(/ETag/);
    expect(tile.headers.get('vary')).toMatch(/Origin/);

    const stranger = await fetch(`${base}${basemapPath}`, { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
    expect((await get(basemapPath, key, { origin: 'https://evil.example' })).headers.get('access-control-allow-origin')).toBeNull();
  });

  describe('in a browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(() => browser?.close());

    it('says so when the tile budget is spent, waits out the server Retry-After and then fills the map in', async () => {
      const key = await stack.createKey(['layers:read', 'parcels:read']);
      const opened = await openPage(browser, { key });
      await opened.page.goto(`${base}/?map=16/52.3987/16.9736`);
      await opened.page.locator('.maplibregl-canvas').waitFor();
      // Panning on in one direction at high zoom asks for more new tiles (the browser caches the
      // ones it has) than the budget of this stack allows.
      // The message lasts as long as the server's wait (a second or two here): read it as soon as it shows.
      let said: string | null = null;
      for (let step = 0; step < 20 && said === null; step++) {
        await opened.page.mouse.move(1100, 700);
        await opened.page.mouse.down();
        await opened.page.mouse.move(150, 150, { steps: 5 });
        await opened.page.mouse.up();
        said = await opened.page.getByRole('alert').textContent({ timeout: 1000 }).catch(() => null);
      }
      expect(said).toMatch(/Limit zapytań wyczerpany.* za \d+ s/);
      const limited = opened.responses.findIndex((response) => response.status === 429);
      expect(limited).toBeGreaterThanOrEqual(0);
      // The wait shown is the server's Retry-After counting down, not a fixed one.
      const serverWait = Math.max(...opened.responses.filter((response) => response.status === 429).map((response) => Number(response.retryAfter)));
      expect(serverWait).toBeGreaterThan(0);
      expect(Number(/za (\d+) s/.exec(said!)![1])).toBeLessThanOrEqual(serverWait);
      // Once it has passed the message goes and the refused tiles are asked again and served.
      await opened.page.getByRole('alert').waitFor({ state: 'detached', timeout: 60_000 });
      // Served: 200, 204 (empty there) or 304 (the browser's copy revalidated).
      const served = () => opened.responses.slice(limited + 1).filter((response) => [200, 204, 304].includes(response.status) && response.path.endsWith('.mvt'));
      const deadline = Date.now() + 60_000;
      while (served().length === 0 && Date.now() < deadline) await opened.page.waitForTimeout(200);
      expect(served().length).toBeGreaterThan(0);
      await opened.context.close();
    });
  });
});
