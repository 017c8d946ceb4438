import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { libpqKeywords } from '../refresh/ogr-loader.js';
import { gdalTool } from './gdal-tool.js';
import type { TerrainWindow } from './parcel-terrain.js';

/** A square of the mosaic read at once, with one pixel of margin so slopes at its edges see their neighbours. */
export const WINDOW_PX = 2048;

export interface Window {
  /** Pixel offset and size of the window read, margin included (clipped to the mosaic). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** How many margin pixels on each side are there only for the slope (left, top, right, bottom). */
  margin: [number, number, number, number];
  /** Its extent in EPSG:2180. */
  extent: [number, number, number, number];
}

/** The windows covering a mosaic of `width` × `height` pixels with geotransform `t`. */
export function windowsOf(width: number, height: number, t: number[], size = WINDOW_PX): Window[] {
  const windows: Window[] = [];
  for (let top = 0; top < height; top += size) {
    for (let left = 0; left < width; left += size) {
      const x = Math.max(0, left - 1);
      const y = Math.max(0, top - 1);
      const right = Math.min(width, left + size + 1);
      const bottom = Math.min(height, top + size + 1);
      const innerRight = Math.min(width, left + size);
      const innerBottom = Math.min(height, top + size);
      windows.push({
        x, y, width: right - x, height: bottom - y,
        margin: [left - x, top - y, right - innerRight, bottom - innerBottom],
        extent: [t[0]! + x * t[1]!, t[3]! + bottom * t[5]!, t[0]! + right * t[1]!, t[3]! + y * t[5]!],
      });
    }
  }
  return windows;
}

/**
 * One window's elevation, slope (%), aspect and parcel numbers as raw arrays: the elevation cut
 * from the mosaic, slope and aspect by `gdaldem` over it (Horn's method, edges of the model computed
 * too), the parcels burnt by `gdal_rasterize` on the same grid from the part's parcel table.
 */
export async function readWindow(options: { mosaic: string; window: Window; dir: string; databaseUrl: string; parcelTable: string }): Promise<TerrainWindow & { width: number }> {
  const { mosaic, window: w, dir } = options;
  const file = (name: string) => join(dir, `${name}.bin`);
  await gdalTool('gdal_translate', ['-q', '-of', 'ENVI', '-ot', 'Float32', '-srcwin', String(w.x), String(w.y), String(w.width), String(w.height), mosaic, file('dem')]);
  await Promise.all([
    gdalTool('gdaldem', ['slope', '-q', '-p', '-compute_edges', '-of', 'ENVI', file('dem'), file('slope')]),
    gdalTool('gdaldem', ['aspect', '-q', '-compute_edges', '-of', 'ENVI', file('dem'), file('aspect')]),
    gdalTool('gdal_rasterize', [
      '-q', '-a', 'pid', '-init', '0', '-ot', 'Int32', '-of', 'ENVI',
      '-te', ...w.extent.map(String), '-ts', String(w.width), String(w.height),
      '-sql', `SELECT pid, geom FROM layer_stage.${options.parcelTable} WHERE geom && ST_MakeEnvelope(${w.extent.join(', ')}, 2180)`,
      `PG:${libpqKeywords(options.databaseUrl)}`, file('ids'),
    ]),
  ]);
  const ids = new Int32Array(bytesOf(file('ids')));
  maskMargin(ids, w);
  return { ids, elevation: new Float32Array(bytesOf(file('dem'))), slope: new Float32Array(bytesOf(file('slope'))), aspect: new Float32Array(bytesOf(file('aspect'))), elevationNoData: null, width: w.width };
}

/** Margin pixels belong to the neighbouring window: they are counted there, not here. */
function maskMargin(ids: Int32Array, w: Window): void {
  const [left, top, right, bottom] = w.margin;
  for (let row = 0; row < w.height; row++) {
    const inside = row >= top && row < w.height - bottom;
    for (let col = 0; col < w.width; col++) {
      if (!inside || col < left || col >= w.width - right) ids[row * w.width + col] = 0;
    }
  }
}

/** The raw little-endian pixels of an ENVI file, in a buffer of their own (aligned for typed arrays). */
function bytesOf(path: string): ArrayBuffer {
  const buffer = readFileSync(path);
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}
