import { appendFile, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemSheet } from './dem-sheets.js';
import { gdalTool } from './gdal-tool.js';
import { WINDOW_PX } from './terrain-windows.js';

/** The spec's contour interval, and every fifth line an index contour. */
export const CONTOUR_INTERVAL_M = 5;
export const INDEX_CONTOUR_M = 25;
/** Vertices closer than this (m) to the line through their neighbours are dropped: at a 1 m model gdal_contour gives one a metre. */
const SIMPLIFY_M = 1;

/** A window of the mosaic contoured at once: pixel offset and size. */
export interface ContourWindow {
  x: number;
  y: number;
  width: number;
  height: number;
  /** The sheets (file names) under the window: what a failure there names. */
  sheets: string[];
}

/**
 * The windows of WINDOW_PX pixels over a mosaic of `width` × `height` pixels (geotransform `t`) that
 * touch a sheet: a part's mosaic is mostly empty between distant sheets (the demo's spans 465 × 340
 * km), and gdal_contour would read every pixel of it. Each window reaches one pixel into the next
 * (east and south), so the strip between their pixel centres is contoured once and the lines meet.
 */
export function contourWindows(width: number, height: number, t: number[], sheets: Array<Pick<DemSheet, 'extent' | 'file'>>): ContourWindow[] {
  const windows: ContourWindow[] = [];
  for (let y = 0; y < height; y += WINDOW_PX) {
    for (let x = 0; x < width; x += WINDOW_PX) {
      const w = Math.min(WINDOW_PX + 1, width - x);
      const h = Math.min(WINDOW_PX + 1, height - y);
      const [x0, x1] = [t[0]! + x * t[1]!, t[0]! + (x + w) * t[1]!];
      const [y1, y0] = [t[3]! + y * t[5]!, t[3]! + (y + h) * t[5]!];
      const under = sheets.filter(({ extent: [sx0, sy0, sx1, sy1] }) => sx0 < x1 && sx1 > x0 && sy0 < y1 && sy1 > y0);
      if (under.length > 0) windows.push({ x, y, width: w, height: h, sheets: under.map((sheet) => sheet.file) });
    }
  }
  return windows;
}

/**
 * Contours of the part's mosaic as a GeoJSONSeq source of the contours layer, window by window:
 * gdal_contour every CONTOUR_INTERVAL_M metres, then ogr2ogr gives each line its id
 * (`<part>:<window>:<n>`), its kind (index every INDEX_CONTOUR_M m) and interval, simplified by
 * SIMPLIFY_M, in WGS84, appended to `target`. A failing step is an error naming the part, the
 * window (its pixels in the mosaic and the sheets under it) and the tool's complaint.
 */
export async function writeContours(mosaic: string, windows: ContourWindow[], part: string, workDir: string, target: string): Promise<void> {
  const label = part.replace(/'/g, "''");
  for (const [index, w] of windows.entries()) {
    try {
      await contourWindow(mosaic, w, index, label, workDir, target);
    } catch (error) {
      const where = `window ${index + 1} of ${windows.length} (pixels ${w.x}-${w.x + w.width} × ${w.y}-${w.y + w.height} of the mosaic; sheets ${w.sheets.join(', ')})`;
      throw new Error(`contours of part ${part} could not be made: ${where}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

/** One window's contours appended to `target`; `label` is the part's name quoted for SQL. */
async function contourWindow(mosaic: string, w: ContourWindow, index: number, label: string, workDir: string, target: string): Promise<void> {
  const isIndex = `CAST(round(elevation_m) AS integer) % ${INDEX_CONTOUR_M} = 0`;
  const [cut, raw, lines] = ['vrt', 'gpkg', 'geojsonl'].map((ext) => join(workDir, `contour-${index}.${ext}`)) as [string, string, string];
  await gdalTool('gdal_translate', ['-q', '-of', 'VRT', '-srcwin', String(w.x), String(w.y), String(w.width), String(w.height), mosaic, cut]);
  await gdalTool('gdal_contour', ['-q', '-i', String(CONTOUR_INTERVAL_M), '-a', 'elevation_m', '-f', 'GPKG', '-nln', 'contour', cut, raw]);
  await gdalTool('ogr2ogr', [
    '-f',
    'GeoJSONSeq',
    '-simplify',
    String(SIMPLIFY_M),
    '-lco',
    'COORDINATE_PRECISION=7',
    '-dialect',
    'SQLite',
    '-sql',
    `SELECT geom, '${label}:${index}:' || fid AS id, CASE WHEN ${isIndex} THEN 'index_contour' ELSE 'intermediate_contour' END AS kind,
            NULL AS name, NULL AS teryt, elevation_m, CASE WHEN ${isIndex} THEN ${INDEX_CONTOUR_M} ELSE ${CONTOUR_INTERVAL_M} END AS interval_m
     FROM contour ORDER BY fid`,
    lines,
    raw,
  ]);
  await appendFile(target, await readFile(lines));
  await Promise.all([cut, raw, lines].map((file) => rm(file, { force: true })));
}
