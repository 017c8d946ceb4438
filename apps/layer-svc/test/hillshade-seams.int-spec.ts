import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hillshadePointBox } from '../src/raster/hillshade-reach.js';
import { renderHillshadeTile } from '../src/raster/hillshade.renderer.js';
import { tileBounds3857 } from '../src/raster/mercator.js';

type Point = { x: number; y: number; z: number };
type Box = [number, number, number, number];

/** How much more the grey may change across a tile edge than between neighbouring pixels inside a tile. */
const SEAM_TOLERANCE_GREY = 1;
/** A zoom-16 tile near Poznań, and the tiles east and south of it. */
const TILE = { z: 16, x: 35712, y: 21440 };

/**
 * Elevation points as the service holds them: scattered like parcel centroids (here about 230 m
 * apart, as in farmland), each with the height of a smooth surface. Deterministic.
 */
function scatteredPoints(around: Box): Point[] {
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const [x0, y0, x1, y1] = around;
  const points: Point[] = [];
  for (let i = 0; i < 4000; i++) {
    const x = x0 + random() * (x1 - x0);
    const y = y0 + random() * (y1 - y0);
    points.push({ x, y, z: 80 + 10 * Math.sin(x / 900) * Math.cos(y / 700) + 3 * Math.sin(x / 230) });
  }
  return points;
}

const inBox =
  ([x0, y0, x1, y1]: Box) =>
  (p: Point) =>
    p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1;

/** A tile drawn from the points in `box` (what the repository's `geom && box` reads), as grey values row by row. */
async function drawn(dir: string, x: number, y: number, points: Point[], box: (bounds: Box) => Box): Promise<Uint8Array> {
  const bounds = tileBounds3857({ z: TILE.z, x, y });
  const png = await renderHillshadeTile(bounds, points.filter(inBox(box(bounds))), 20_000);
  expect(png).not.toBeNull();
  const name = join(dir, `${x}-${y}-${Math.random().toString(16).slice(2)}`);
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

/** Across the east and the south edge of TILE, and between the last two columns and rows inside it. */
async function seams(dir: string, points: Point[], box: (bounds: Box) => Box) {
  const [here, east, south] = await Promise.all([
    drawn(dir, TILE.x, TILE.y, points, box),
    drawn(dir, TILE.x + 1, TILE.y, points, box),
    drawn(dir, TILE.x, TILE.y + 1, points, box),
  ]);
  return {
    east: edge((i) => [here[i * 256 + 255]!, east[i * 256]!]),
    eastInside: edge((i) => [here[i * 256 + 254]!, here[i * 256 + 255]!]),
    south: edge((i) => [here[255 * 256 + i]!, south[i]!]),
    southInside: edge((i) => [here[254 * 256 + i]!, here[255 * 256 + i]!]),
  };
}

describe('hillshade tiles without seams', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-seams-'));
  const tile = tileBounds3857(TILE);
  const size = tile[2] - tile[0];
  // Points over about 8 × 8 tiles around TILE: every tile compared lies well inside them.
  const points = scatteredPoints([tile[0] - 4 * size, tile[1] - 4 * size, tile[2] + 4 * size, tile[3] + 4 * size]);

  it('draws neighbouring tiles whose shared edges agree as neighbouring pixels inside a tile do', async () => {
    const found = await seams(dir, points, hillshadePointBox);
    for (const [across, inside] of [
      [found.east, found.eastInside],
      [found.south, found.southInside],
    ] as const) {
      expect(across.pairs).toBe(256);
      expect(across.mean).toBeLessThanOrEqual(inside.mean + SEAM_TOLERANCE_GREY);
    }
  }, 60_000);

  it('would show a seam with only a quarter tile of points beyond the edges (what this test guards against)', async () => {
    const quarter = (bounds: Box): Box => {
      const reach = (bounds[2] - bounds[0]) / 4;
      return [bounds[0] - reach, bounds[1] - reach, bounds[2] + reach, bounds[3] + reach];
    };
    const found = await seams(dir, points, quarter);
    const worse = Math.max(
      found.east.mean - found.eastInside.mean,
      found.south.mean - found.southInside.mean,
      256 - Math.min(found.east.pairs, found.south.pairs),
    );
    expect(worse).toBeGreaterThan(SEAM_TOLERANCE_GREY);
  }, 60_000);
});
