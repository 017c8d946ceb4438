import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hillshadeDrawBox, renderHillshadeTile } from '../src/raster/hillshade.renderer.js';
import { tileBounds3857 } from '../src/raster/mercator.js';
import { cutChunks, DEM_CHUNK_PX } from '../src/terrain/dem-chunks.js';
import type { DemChunk } from '../src/terrain/dem-store.repository.js';

type Box = [number, number, number, number];

/** How much more the grey may change across a tile edge than between neighbouring pixels inside a tile. */
const SEAM_TOLERANCE_GREY = 1;
/** A zoom-16 tile near Poznań, and the tiles east and south of it. */
const TILE = { z: 16, x: 35712, y: 21440 };
/** The model's pixel (m): a zoom-16 tile is about 380 m on the ground, so its 256 pixels sample a 2 m model finely. */
const PIXEL_M = 2;

/** A web-mercator box in EPSG:2180, outward to whole pixels. */
function boxIn2180([x0, y0, x1, y1]: Box): Box {
  const out = execFileSync('gdaltransform', ['-s_srs', 'EPSG:3857', '-t_srs', 'EPSG:2180', '-output_xy'], {
    input: `${x0} ${y0}\n${x1} ${y0}\n${x0} ${y1}\n${x1} ${y1}\n`,
    encoding: 'utf8',
  });
  const points = out
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/).map(Number) as [number, number]);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const snap = (v: number, up: boolean) => (up ? Math.ceil(v / PIXEL_M) : Math.floor(v / PIXEL_M)) * PIXEL_M;
  return [snap(Math.min(...xs), false), snap(Math.min(...ys), false), snap(Math.max(...xs), true), snap(Math.max(...ys), true)];
}

/** A smooth surface (hills 10 m high, ripples of 3 m) as a GeoTIFF in EPSG:2180 over `extent`. */
function surface(dir: string, [x0, y0, x1, y1]: Box): string {
  const [width, height] = [(x1 - x0) / PIXEL_M, (y1 - y0) / PIXEL_M];
  const heights = new Float32Array(width * height);
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const [x, y] = [x0 + (col + 0.5) * PIXEL_M, y1 - (row + 0.5) * PIXEL_M];
      heights[row * width + col] = 80 + 10 * Math.sin(x / 300) * Math.cos(y / 250) + 3 * Math.sin(x / 90 + y / 140);
    }
  }
  writeFileSync(join(dir, 'surface.bil'), Buffer.from(heights.buffer));
  const header = ['BYTEORDER I', 'LAYOUT BIL', `NROWS ${height}`, `NCOLS ${width}`, 'NBANDS 1', 'NBITS 32', 'PIXELTYPE FLOAT'];
  header.push(`ULXMAP ${x0 + PIXEL_M / 2}`, `ULYMAP ${y1 - PIXEL_M / 2}`, `XDIM ${PIXEL_M}`, `YDIM ${PIXEL_M}`);
  writeFileSync(join(dir, 'surface.hdr'), `${header.join('\n')}\n`);
  execFileSync('gdal_translate', ['-q', '-a_srs', 'EPSG:2180', join(dir, 'surface.bil'), join(dir, 'surface.tif')]);
  return join(dir, 'surface.tif');
}

/** A tile drawn from the chunks its draw box touches (what the repository's `extent && box` reads), as grey values row by row. */
async function drawn(dir: string, x: number, y: number, chunks: DemChunk[]): Promise<Uint8Array> {
  const bounds = tileBounds3857({ z: TILE.z, x, y });
  const [bx0, by0, bx1, by1] = boxIn2180(hillshadeDrawBox(bounds));
  const under = chunks.filter(({ extent: [x0, y0, x1, y1] }) => x0 <= bx1 && x1 >= bx0 && y0 <= by1 && y1 >= by0);
  const png = await renderHillshadeTile(
    bounds,
    under.map((chunk) => chunk.tiff),
    20_000,
  );
  expect(png).not.toBeNull();
  const name = join(dir, `${x}-${y}`);
  writeFileSync(`${name}.png`, png!);
  execFileSync('gdal_translate', ['-q', '-of', 'ENVI', '-b', '1', `${name}.png`, `${name}.raw`]);
  return new Uint8Array(readFileSync(`${name}.raw`));
}

/** Mean grey difference of the drawn pixel pairs along an edge, and how many pairs were drawn on both sides. */
function edge(pair: (i: number) => readonly [number, number]): { pairs: number; mean: number } {
  let pairs = 0;
  let sum = 0;
  for (let i = 0; i < 256; i++) {
    const [a, b] = pair(i);
    if (a === 0 || b === 0) continue;
    pairs++;
    sum += Math.abs(a - b);
  }
  return { pairs, mean: pairs === 0 ? 0 : sum / pairs };
}

describe('hillshade tiles from the elevation model, without seams', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-seams-'));
  const tile = tileBounds3857(TILE);
  const size = tile[2] - tile[0];

  it('draws neighbouring tiles whose shared edges agree as neighbouring pixels inside a tile do, across chunk boundaries too', async () => {
    // The model over 3 × 3 tiles around TILE, cut into chunks as a terrain run stores them.
    const extent = boxIn2180([tile[0] - size, tile[1] - 2 * size, tile[2] + 2 * size, tile[3] + size]);
    const chunks: DemChunk[] = [];
    await cutChunks(surface(dir, extent), [{ extent } as never], PIXEL_M, dir, async (chunk) => void chunks.push(chunk));
    expect(chunks.length).toBe(Math.ceil((extent[2] - extent[0]) / PIXEL_M / DEM_CHUNK_PX) * Math.ceil((extent[3] - extent[1]) / PIXEL_M / DEM_CHUNK_PX));
    expect(chunks.length).toBeGreaterThan(1);
    const [here, east, south] = await Promise.all([
      drawn(dir, TILE.x, TILE.y, chunks),
      drawn(dir, TILE.x + 1, TILE.y, chunks),
      drawn(dir, TILE.x, TILE.y + 1, chunks),
    ]);
    const found = {
      east: edge((i) => [here[i * 256 + 255]!, east[i * 256]!]),
      eastInside: edge((i) => [here[i * 256 + 254]!, here[i * 256 + 255]!]),
      south: edge((i) => [here[255 * 256 + i]!, south[i]!]),
      southInside: edge((i) => [here[254 * 256 + i]!, here[255 * 256 + i]!]),
    };
    for (const [across, inside] of [
      [found.east, found.eastInside],
      [found.south, found.southInside],
    ] as const) {
      expect(across.pairs).toBe(256);
      expect(across.mean).toBeLessThanOrEqual(inside.mean + SEAM_TOLERANCE_GREY);
    }
    // Every pixel drawn: the model covers the tiles.
    expect(here.every((grey) => grey !== 0)).toBe(true);
  }, 60_000);
});
