import { gdalTool } from './gdal-tool.js';

/** The spec's contour interval, and every fifth line an index contour. */
export const CONTOUR_INTERVAL_M = 5;
export const INDEX_CONTOUR_M = 25;
/** Vertices closer than this (m) to the line through their neighbours are dropped: at a 1 m model gdal_contour gives one a metre. */
const SIMPLIFY_M = 1;

/**
 * Contours of the part's mosaic as a GeoJSONSeq source of the contours layer: gdal_contour every
 * CONTOUR_INTERVAL_M metres, then ogr2ogr gives each line its id (`<part>:<n>`), its kind (index
 * every INDEX_CONTOUR_M m) and interval, simplified by SIMPLIFY_M, in WGS84.
 */
export async function writeContours(mosaic: string, part: string, raw: string, target: string): Promise<void> {
  await gdalTool('gdal_contour', ['-q', '-i', String(CONTOUR_INTERVAL_M), '-a', 'elevation_m', '-f', 'GPKG', '-nln', 'contour', mosaic, raw]);
  const isIndex = `CAST(round(elevation_m) AS integer) % ${INDEX_CONTOUR_M} = 0`;
  const label = part.replace(/'/g, "''");
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
    `SELECT geom, '${label}:' || fid AS id, CASE WHEN ${isIndex} THEN 'index_contour' ELSE 'intermediate_contour' END AS kind, NULL AS name, NULL AS teryt,
            elevation_m, CASE WHEN ${isIndex} THEN ${INDEX_CONTOUR_M} ELSE ${CONTOUR_INTERVAL_M} END AS interval_m
     FROM contour ORDER BY fid`,
    target,
    raw,
  ]);
}
