import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGdal } from './gdal-process.js';

/** Tile edge in pixels, and the margin drawn around it so the slope at the tile's edge sees its neighbours' pixels. */
const TILE_PX = 256;
export const MARGIN_PX = 16;
/**
 * The demo terrain is gentle (slopes mostly under 8 %): shading exaggerates relief 4 times so it
 * shows; also at web-mercator scale (a mercator metre is cos(lat) ground metres) this is stated in the catalogue.
 */
export const HILLSHADE_Z_FACTOR = 4;

/**
 * The web-mercator box a tile is drawn over: the tile and MARGIN_PX pixels of its own zoom beyond
 * each edge. The margin's pixels lie on the same global pixel grid as the neighbouring tiles' own
 * pixels, so both sides of a shared edge resample and shade the same elevations: no seam.
 */
export function hillshadeDrawBox(bounds: [number, number, number, number]): [number, number, number, number] {
  const pad = ((bounds[2] - bounds[0]) / TILE_PX) * MARGIN_PX;
  return [bounds[0] - pad, bounds[1] - pad, bounds[2] + pad, bounds[3] + pad];
}

/**
 * One hillshade tile drawn by GDAL from the elevation model's chunks (GeoTIFF, EPSG:2180) under
 * it: gdalbuildvrt mosaics them, gdalwarp resamples the mosaic (bilinear) onto the tile's pixels
 * and its margin in web mercator, gdaldem hillshade shades it, gdal_translate cuts the tile out of
 * the margin as PNG with 0 as transparent no-data (no model there). Null without chunks.
 */
export async function renderHillshadeTile(bounds: [number, number, number, number], chunks: Buffer[], timeoutMs: number): Promise<Buffer | null> {
  if (chunks.length === 0) return null;
  const dir = await mkdtemp(join(tmpdir(), 'lp-hillshade-'));
  try {
    const files = await Promise.all(
      chunks.map(async (chunk, index) => {
        const file = join(dir, `chunk-${index}.tif`);
        await writeFile(file, chunk);
        return file;
      }),
    );
    await runGdal('gdalbuildvrt', ['-q', join(dir, 'dem.vrt'), ...files], timeoutMs);
    const [minX, minY, maxX, maxY] = hillshadeDrawBox(bounds);
    const size = String(TILE_PX + 2 * MARGIN_PX);
    await runGdal(
      'gdalwarp',
      ['-q', '-t_srs', 'EPSG:3857', '-te', String(minX), String(minY), String(maxX), String(maxY), '-ts', size, size, '-r', 'bilinear', '-ot', 'Float32',
        '-dstnodata', '-9999', '-of', 'GTiff', join(dir, 'dem.vrt'), join(dir, 'dem.tif')],
      timeoutMs,
    );
    await runGdal('gdaldem', ['hillshade', '-q', join(dir, 'dem.tif'), join(dir, 'shade.tif'), '-z', String(HILLSHADE_Z_FACTOR), '-compute_edges'], timeoutMs);
    await runGdal(
      'gdal_translate',
      ['-q', '-srcwin', String(MARGIN_PX), String(MARGIN_PX), String(TILE_PX), String(TILE_PX), '-a_nodata', '0', '-of', 'PNG', join(dir, 'shade.tif'), join(dir, 'tile.png')],
      timeoutMs,
    );
    return await readFile(join(dir, 'tile.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
