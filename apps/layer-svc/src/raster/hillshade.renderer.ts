import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runGdal } from './gdal-process.js';

/** Tile edge in pixels, and the margin drawn around it so neighbouring tiles shade alike at their seam. */
const TILE_PX = 256;
const MARGIN_PX = 16;
/**
 * The demo terrain is gentle (slopes mostly under 8 %): shading exaggerates relief 4 times so it
 * shows; also at web-mercator scale (a mercator metre is cos(lat) ground metres) this is stated in the catalogue.
 */
export const HILLSHADE_Z_FACTOR = 4;

/**
 * One hillshade tile drawn by GDAL from elevation points: gdal_grid interpolates a DEM (linear,
 * over the Delaunay triangulation of the points; no value outside it), gdaldem hillshade shades it,
 * gdal_translate cuts the tile out of the margin as PNG with 0 as transparent no-data.
 * Returns null when the points make no surface in the tile.
 */
export async function renderHillshadeTile(
  bounds: [number, number, number, number],
  points: Array<{ x: number; y: number; z: number }>,
  timeoutMs: number,
): Promise<Buffer | null> {
  if (points.length < 3) return null;
  const dir = await mkdtemp(join(tmpdir(), 'lp-hillshade-'));
  try {
    const [minX, minY, maxX, maxY] = bounds;
    const pad = ((maxX - minX) / TILE_PX) * MARGIN_PX;
    await writeFile(join(dir, 'points.csv'), 'x,y,z\n' + points.map((p) => `${p.x},${p.y},${p.z}`).join('\n') + '\n');
    await writeFile(
      join(dir, 'points.vrt'),
      '<OGRVRTDataSource><OGRVRTLayer name="points"><SrcDataSource>' + join(dir, 'points.csv') + '</SrcDataSource>' +
        '<GeometryType>wkbPoint</GeometryType><LayerSRS>EPSG:3857</LayerSRS>' +
        '<GeometryField encoding="PointFromColumns" x="x" y="y" z="z"/></OGRVRTLayer></OGRVRTDataSource>',
    );
    const size = String(TILE_PX + 2 * MARGIN_PX);
    await runGdal(
      'gdal_grid',
      ['-q', '-a', 'linear:radius=0:nodata=-9999', '-txe', String(minX - pad), String(maxX + pad), '-tye', String(maxY + pad), String(minY - pad),
        '-outsize', size, size, '-a_srs', 'EPSG:3857', '-ot', 'Float32', '-of', 'GTiff', '-l', 'points', join(dir, 'points.vrt'), join(dir, 'dem.tif')],
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
