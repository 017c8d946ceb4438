import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { tileAt } from '@lp/geo';
import { type ErrorEnvelope, eventually, startTestStack, type TestStack } from '@lp/testing';
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A 1x1 PNG: what the stand-in upstream WMS answers to GetMap. */
const UPSTREAM_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

interface LayerEntry {
  id: string;
  served_via: string[];
  raster_tiles_url?: string | null;
  unavailable?: string;
}

/**
 * The raster layers: terrain_hillshade drawn by GDAL from the elevation data we hold, opened by
 * gdalinfo (a tile, and the tile service through GDAL's WMS driver); ortho proxied from its
 * upstream WMS, and honest about it when the upstream cannot be reached.
 */
describe('raster layers: terrain_hillshade drawn by GDAL, ortho proxied', () => {
  let stack: TestStack;
  let dir: string;
  let upstream: Server;
  let upstreamUp = false;
  const upstreamRequests: string[] = [];

  const layers = async () => (await stack.api().get<{ layers: LayerEntry[] }>('/v1/layers', { key: stack.apiKey })).json().layers;
  const tile = (layer: string, z: number, x: number, y: number) =>
    fetch(`${stack.gatewayUrls[0]}/v1/layers/${layer}/tiles/${z}/${x}/${y}.png`, { headers: { authorization: `Bearer ${stack.apiKey}` } });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lp-raster-test-'));
    // A stand-in for the GUGiK WMS: unreachable (connections dropped) until the test brings it up.
    upstream = createServer((req, res) => {
      if (!upstreamUp) return req.socket.destroy();
      upstreamRequests.push(req.url ?? '');
      if (req.url?.includes('GetCapabilities')) return res.writeHead(200, { 'content-type': 'text/xml' }).end('<WMS_Capabilities version="1.3.0"/>');
      res.writeHead(200, { 'content-type': 'image/png' }).end(UPSTREAM_PNG);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/wss/service/PZGIK/ORTO/WMS/StandardResolution`;
    stack = await startTestStack({
      template: 'demo',
      services: ['layer-svc'],
      serviceEnv: { 'layer-svc': { ORTHO_WMS_URL: upstreamUrl, ORTHO_WMS_CHECK_SECONDS: '10', RASTER_STEP_TIMEOUT_MS: '20000' } },
      scopes: ['layers:read'],
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A zoom-13 tile over a parcel with terrain statistics. */
  const terrainTile = async () => {
    const [point] = await stack.sql<{ lng: number; lat: number }>(
      `SELECT ST_X(p) AS lng, ST_Y(p) AS lat FROM (SELECT ST_Transform(ST_PointOnSurface(geom), 4326) AS p FROM layer_pub.terrain_stats ORDER BY id LIMIT 1) s`,
    );
    return tileAt(point!.lng, point!.lat, 13);
  };

  it('the catalogue offers hillshade tiles, and ortho as unavailable while its upstream cannot be reached', async () => {
    const all = await layers();
    expect(all.find((layer) => layer.id === 'terrain_hillshade')).toMatchObject({ served_via: ['wms'], raster_tiles_url: `${stack.gatewayUrls[0]}/v1/layers/terrain_hillshade/tiles/{z}/{x}/{y}.png` });
    const ortho = all.find((layer) => layer.id === 'ortho')!;
    expect(ortho.raster_tiles_url).toBeNull();
    expect(ortho.unavailable).toMatch(/proxied from http:\/\/127\.0\.0\.1:\d+\/wss\/service\/PZGIK\/ORTO\/WMS\/StandardResolution, which this server cannot reach/);
    const { z, x, y } = await terrainTile();
    const res = await tile('ortho', z, x, y);
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorEnvelope).error.message).toMatch(/cannot reach/);
  }, 60_000);

  it('a hillshade tile over the terrain data is a 256 px PNG that gdalinfo opens, with relief in it', async () => {
    const { z, x, y } = await terrainTile();
    const res = await tile('terrain_hillshade', z, x, y);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const file = join(dir, 'hillshade.png');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const { stdout } = await run('gdalinfo', ['-stats', file]);
    expect(stdout).toContain('Driver: PNG/Portable Network Graphics');
    expect(stdout).toContain('Size is 256, 256');
    expect(stdout).toMatch(/NoData Value=0/);
    const min = Number(/STATISTICS_MINIMUM=(\d+)/.exec(stdout)?.[1]);
    const max = Number(/STATISTICS_MAXIMUM=(\d+)/.exec(stdout)?.[1]);
    expect(max).toBeGreaterThan(min); // shaded, not one flat grey
    const again = await fetch(`${stack.gatewayUrls[0]}/v1/layers/terrain_hillshade/tiles/${z}/${x}/${y}.png`, {
      headers: { authorization: `Bearer ${stack.apiKey}`, 'if-none-match': res.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  }, 60_000);

  it('neighbouring hillshade tiles show no seam: the pixels either side of a shared edge agree as neighbouring pixels inside a tile do', async () => {
    // Zoom 16 (a tile ≈ 380 m on the ground, about 40 pixels of the 10 m demo model), in the middle of
    // the densest terrain: each tile resamples and shades the model with a margin on the same pixel grid.
    const [point] = await stack.sql<{ lng: number; lat: number }>(
      `WITH g AS (SELECT teryt FROM layer_pub.terrain_stats GROUP BY teryt ORDER BY count(*) DESC, teryt LIMIT 1),
            p AS (SELECT id, ST_PointOnSurface(geom) AS p FROM layer_pub.terrain_stats WHERE teryt = (SELECT teryt FROM g))
       SELECT ST_X(ST_Transform(p.p, 4326)) AS lng, ST_Y(ST_Transform(p.p, 4326)) AS lat FROM p
       ORDER BY (SELECT count(*) FROM p o WHERE ST_DWithin(o.p, p.p, 800)) DESC, p.id LIMIT 1`,
    );
    const { z, x, y } = tileAt(point!.lng, point!.lat, 16);
    const grey = async (tx: number, ty: number) => {
      const res = await tile('terrain_hillshade', z, tx, ty);
      expect(res.status).toBe(200);
      return greyPixels(dir, `${tx}-${ty}`, Buffer.from(await res.arrayBuffer()));
    };
    const [here, east, south] = await Promise.all([grey(x, y), grey(x + 1, y), grey(x, y + 1)]);
    // Across the east edge: column 255 of this tile against column 0 of the next; inside: columns 254 and 255.
    const eastSeam = edgeDifference(256, (i) => [here[i * 256 + 255]!, east[i * 256]!]);
    const eastInside = edgeDifference(256, (i) => [here[i * 256 + 254]!, here[i * 256 + 255]!]);
    // Across the south edge: row 255 of this tile against row 0 of the one below.
    const southSeam = edgeDifference(256, (i) => [here[255 * 256 + i]!, south[i]!]);
    const southInside = edgeDifference(256, (i) => [here[254 * 256 + i]!, here[255 * 256 + i]!]);
    for (const [seam, inside] of [[eastSeam, eastInside], [southSeam, southInside]] as const) {
      expect(seam.pairs).toBeGreaterThanOrEqual(128); // relief drawn on both sides along most of the edge
      expect(seam.mean).toBeLessThanOrEqual(inside.mean + SEAM_TOLERANCE_GREY);
      expect(seam.max).toBeLessThanOrEqual(inside.max + 2 * SEAM_TOLERANCE_GREY);
    }
  }, 120_000);

  it("GDAL's WMS driver reads the hillshade tiles as a TMS service with the key in GDAL_HTTP_HEADERS", async () => {
    const { z, x, y } = await terrainTile();
    const xml = join(dir, 'hillshade.xml');
    await writeFile(
      xml,
      `<GDAL_WMS><Service name="TMS"><ServerUrl>${stack.gatewayUrls[0]}/v1/layers/terrain_hillshade/tiles/\${z}/\${x}/\${y}.png</ServerUrl></Service>
       <DataWindow><UpperLeftX>-20037508.34</UpperLeftX><UpperLeftY>20037508.34</UpperLeftY><LowerRightX>20037508.34</LowerRightX><LowerRightY>-20037508.34</LowerRightY>
       <TileLevel>${z}</TileLevel><TileCountX>1</TileCountX><TileCountY>1</TileCountY><YOrigin>top</YOrigin></DataWindow>
       <Projection>EPSG:3857</Projection><BlockSizeX>256</BlockSizeX><BlockSizeY>256</BlockSizeY><BandsCount>1</BandsCount><ZeroBlockHttpCodes>204</ZeroBlockHttpCodes></GDAL_WMS>`,
    );
    const env = { ...process.env, GDAL_HTTP_HEADERS: `Authorization: Bearer ${stack.apiKey}` };
    const info = (await run('gdalinfo', [xml], { env })).stdout;
    expect(info).toContain('Driver: WMS/OGC Web Map Service');
    expect(info).toMatch(/ID\["EPSG",3857\]/);
    // Read exactly the one tile through the driver and check it against the tile served.
    const size = 40075016.68557849 / 2 ** z;
    const [ulx, uly] = [-20037508.342789244 + x * size, 20037508.342789244 - y * size];
    const out = join(dir, 'through-wms.tif');
    await run('gdal_translate', ['-q', '-projwin', String(ulx), String(uly), String(ulx + size), String(uly - size), xml, out], { env });
    const stats = (await run('gdalinfo', ['-stats', out])).stdout;
    expect(stats).toContain('Size is 256, 256');
    expect(Number(/STATISTICS_MAXIMUM=(\d+)/.exec(stats)?.[1])).toBeGreaterThan(0);
  }, 120_000);

  it("draws every tile of the Poznań relief window in docs/gis-clients.md (zoom 14, 5 × 5 tiles) from the demo's elevation model, every pixel", async () => {
    // gdal_translate -projwin 1880000 6880000 1890000 6870000 at TileLevel 14
    const size = 40075016.68557849 / 2 ** 14;
    const col = (x: number) => Math.floor((x + 20037508.342789244) / size);
    const row = (y: number) => Math.floor((20037508.342789244 - y) / size);
    const tiles: Array<[number, number]> = [];
    for (let x = col(1_880_000); x <= col(1_890_000); x++) for (let y = row(6_880_000); y <= row(6_870_000); y++) tiles.push([x, y]);
    expect(tiles).toHaveLength(25);
    for (const [x, y] of tiles) {
      const res = await tile('terrain_hillshade', 14, x, y);
      expect({ x, y, status: res.status }).toEqual({ x, y, status: 200 });
      const grey = await greyPixels(dir, `window-${x}-${y}`, Buffer.from(await res.arrayBuffer()));
      expect({ x, y, undrawn: grey.filter((value) => value === 0).length }).toEqual({ x, y, undrawn: 0 });
      expect(Math.max(...grey)).toBeGreaterThan(Math.min(...grey)); // relief, not one flat grey
    }
  }, 180_000);

  it('204 where there is no elevation data or below zoom 10; 400 for a layer that is not raster', async () => {
    expect((await tile('terrain_hillshade', 9, 278, 165)).status).toBe(204);
    expect((await tile('terrain_hillshade', 12, 0, 0)).status).toBe(204);
    const vector = await tile('parcels', 12, 2236, 1335);
    expect(vector.status).toBe(400);
    expect(((await vector.json()) as ErrorEnvelope).error.message).toMatch(/not a raster layer.*terrain_hillshade, ortho/);
  }, 60_000);

  it('ortho is served from the upstream once it can be reached, asked for the same tile in EPSG:3857', async () => {
    upstreamUp = true;
    await eventually(async () => expect((await layers()).find((layer) => layer.id === 'ortho')!.raster_tiles_url).toBe(`${stack.gatewayUrls[0]}/v1/layers/ortho/tiles/{z}/{x}/{y}.png`), 30_000);
    const { z, x, y } = await terrainTile();
    const res = await tile('ortho', z, x, y);
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(UPSTREAM_PNG);
    const getMap = upstreamRequests.find((url) => url.includes('GetMap'))!;
    expect(getMap).toContain('CRS=EPSG%3A3857');
    expect(getMap).toContain('WIDTH=256');
  }, 60_000);
});

/** How much more the grey may change across a tile edge than between two neighbouring pixels inside the tile. */
const SEAM_TOLERANCE_GREY = 3;

/** A PNG tile's grey values, row by row (0 is no data), read with gdal_translate. */
async function greyPixels(dir: string, name: string, png: Buffer): Promise<Uint8Array> {
  const file = join(dir, `${name}.png`);
  await writeFile(file, png);
  await run('gdal_translate', ['-q', '-of', 'ENVI', '-b', '1', file, join(dir, `${name}.raw`)]);
  return new Uint8Array(await readFile(join(dir, `${name}.raw`)));
}

/** Mean and largest grey difference of pixel pairs along an edge, both drawn (no data left out). */
function edgeDifference(length: number, pair: (i: number) => readonly [number, number]): { pairs: number; mean: number; max: number } {
  let pairs = 0;
  let sum = 0;
  let max = 0;
  for (let i = 0; i < length; i++) {
    const [a, b] = pair(i);
    if (a === 0 || b === 0) continue;
    pairs++;
    sum += Math.abs(a - b);
    max = Math.max(max, Math.abs(a - b));
  }
  return { pairs, mean: pairs === 0 ? 0 : sum / pairs, max };
}
