import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemChunk } from './dem-store.repository.js';
import type { DemSheet } from './dem-sheets.js';
import { gdalTool } from './gdal-tool.js';

/** Chunk edge in pixels: a relief tile of zoom 16 reads one to four chunks. */
export const DEM_CHUNK_PX = 512;
/** Chunks cut at once (one gdal_translate each). */
const CUTS_AT_ONCE = 2;

/**
 * The part's mosaic cut into compressed GeoTIFF chunks of at most DEM_CHUNK_PX pixels, sheet by
 * sheet (so the gaps between sheets are not stored), for the relief tiles to read.
 */
export async function cutChunks(mosaic: string, sheets: DemSheet[], pixelM: number, workDir: string, add: (chunk: DemChunk) => Promise<void>): Promise<void> {
  const windows = sheets.flatMap((sheet) => sheetWindows(sheet.extent, pixelM));
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < windows.length; index = next++) {
      const extent = windows[index]!;
      const file = join(workDir, `chunk-${index}.tif`);
      await gdalTool('gdal_translate', [
        '-q',
        '-of',
        'GTiff',
        '-ot',
        'Float32',
        '-co',
        'COMPRESS=DEFLATE',
        '-co',
        'PREDICTOR=3',
        '-co',
        'TILED=YES',
        '-projwin',
        String(extent[0]),
        String(extent[3]),
        String(extent[2]),
        String(extent[1]),
        mosaic,
        file,
      ]);
      const tiff = await readFile(file);
      await rm(file);
      await add({ extent, tiff });
    }
  };
  await Promise.all(Array.from({ length: CUTS_AT_ONCE }, worker));
}

/** A sheet's extent split into windows of at most DEM_CHUNK_PX pixels. */
export function sheetWindows([x0, y0, x1, y1]: [number, number, number, number], pixelM: number): Array<[number, number, number, number]> {
  const step = DEM_CHUNK_PX * pixelM;
  const windows: Array<[number, number, number, number]> = [];
  for (let y = y1; y > y0 + pixelM / 2; y -= step) {
    for (let x = x0; x < x1 - pixelM / 2; x += step) windows.push([x, Math.max(y - step, y0), Math.min(x + step, x1), y]);
  }
  return windows;
}
