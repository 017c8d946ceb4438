import { AppError } from '@lp/contracts';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gdalTool } from './gdal-tool.js';

/** The national elevation model's grid: PUWG 1992. Every sheet is brought into it. */
export const DEM_CRS = 'EPSG:2180';

/** One source sheet as recorded with the terrain version. */
export interface DemSheet {
  file: string;
  bytes: number;
  sha256: string;
  driver: string;
  /** The CRS the sheet was read in, and whether we assigned it because the sheet carries none. */
  crs: string;
  crs_assigned: boolean;
  pixel_m: number;
  /** The sheet's extent in EPSG:2180: [minx, miny, maxx, maxy]. */
  extent: [number, number, number, number];
}

interface GdalInfo {
  driverShortName?: string;
  size?: [number, number];
  geoTransform?: number[];
  coordinateSystem?: { wkt?: string };
  cornerCoordinates?: { lowerLeft: [number, number]; upperRight: [number, number] };
}

const RASTER_FILE = /\.(asc|tif|tiff|vrt)$/i;

/** The raster files a --dem argument names: a file, or every .asc/.tif of a directory. */
export function demFiles(paths: string[]): string[] {
  const files = paths.flatMap((path) => {
    if (!existsSync(path)) throw AppError.invalid(`The elevation model ${path} does not exist.`);
    if (!statSync(path).isDirectory()) return [path];
    return readdirSync(path).filter((name) => RASTER_FILE.test(name)).sort().map((name) => join(path, name));
  });
  if (files.length === 0) throw AppError.invalid(`No elevation model sheets (.asc, .tif) in ${paths.join(', ')}.`);
  return files;
}

/**
 * Checks one sheet with gdalinfo: a raster GDAL reads, with a georeference. An ARC/INFO ASCII grid
 * carries no CRS (the national NMT sheets are published so, in PUWG 1992): it is given EPSG:2180. Any
 * other file must state its own CRS; it is warped into EPSG:2180 when it is in another.
 */
export async function inspectSheet(file: string): Promise<{ sheet: DemSheet; inCrs: boolean }> {
  let info: GdalInfo;
  try {
    info = JSON.parse(await gdalTool('gdalinfo', ['-json', file])) as GdalInfo;
  } catch (error) {
    throw AppError.invalid(`${basename(file)} is not a raster GDAL can read as an elevation model: ${(error as Error).message}`);
  }
  const transform = info.geoTransform;
  const georeferenced = transform !== undefined && !(transform[0] === 0 && transform[1] === 1 && transform[3] === 0 && transform[5] === 1);
  if (!georeferenced || !info.cornerCoordinates) throw AppError.invalid(`${basename(file)} has no georeference (no geotransform): it cannot be placed on the map.`);
  const wkt = info.coordinateSystem?.wkt ?? '';
  const driver = info.driverShortName ?? 'unknown';
  if (wkt === '' && driver !== 'AAIGrid') throw AppError.invalid(`${basename(file)} (${driver}) states no CRS; only ARC/INFO ASCII grid sheets are taken as PUWG 1992 without one.`);
  const epsg = /ID\["EPSG",(\d+)\]\]\s*$/.exec(wkt)?.[1];
  const crs = wkt === '' ? DEM_CRS : epsg ? `EPSG:${epsg}` : (/^\w+\["([^"]+)"/.exec(wkt)?.[1] ?? 'stated in the file');
  const { lowerLeft, upperRight } = info.cornerCoordinates;
  const { bytes, sha256 } = await fileDigest(file);
  return {
    sheet: { file: basename(file), bytes, sha256, driver, crs, crs_assigned: wkt === '', pixel_m: Math.abs(transform[1]!), extent: [lowerLeft[0], lowerLeft[1], upperRight[0], upperRight[1]] },
    inCrs: crs === DEM_CRS,
  };
}

/**
 * The part's mosaic: one VRT per sheet in EPSG:2180 (the CRS assigned, or the sheet warped), then one
 * VRT over them all at the finest resolution. Only text grids are copied (into the work directory).
 */
export async function buildMosaic(files: string[], workDir: string): Promise<{ vrt: string; sheets: DemSheet[] }> {
  const sheets: DemSheet[] = [];
  const parts: string[] = [];
  for (const [index, file] of files.entries()) {
    const { sheet, inCrs } = await inspectSheet(file);
    const target = join(workDir, `sheet-${index}.vrt`);
    // Every sheet's band is declared grey: gdalbuildvrt leaves out sheets whose colour
    // interpretation differs (an .asc has none, a GeoTIFF says grey).
    const asGrey = ['-q', '-of', 'VRT', '-colorinterp', 'gray'];
    let source = file;
    if (sheet.driver === 'AAIGrid') {
      // A text grid is read once into a tiled GeoTIFF: windows cut from the text itself re-parse
      // it for every window (see docs/terrain.md).
      source = join(workDir, `sheet-${index}.tif`);
      const srs = sheet.crs_assigned ? ['-a_srs', DEM_CRS] : [];
      await gdalTool('gdal_translate', ['-q', '-of', 'GTiff', '-ot', 'Float32', '-co', 'TILED=YES', ...srs, file, source]);
    }
    if (inCrs) await gdalTool('gdal_translate', [...asGrey, source, target]);
    else {
      const warped = join(workDir, `sheet-${index}.warped.vrt`);
      await gdalTool('gdalwarp', ['-q', '-of', 'VRT', '-t_srs', DEM_CRS, '-r', 'bilinear', source, warped]);
      await gdalTool('gdal_translate', [...asGrey, warped, target]);
      sheet.extent = await extentOf(target);
    }
    sheets.push(sheet);
    parts.push(target);
  }
  const vrt = join(workDir, 'mosaic.vrt');
  await gdalTool('gdalbuildvrt', ['-q', '-resolution', 'highest', vrt, ...parts]);
  const mosaicked = (readFileSync(vrt, 'utf8').match(/<SourceFilename/g) ?? []).length;
  if (mosaicked !== parts.length) throw AppError.invalid(`Only ${mosaicked} of ${parts.length} sheets could be mosaicked: the sheets differ in band count or data type.`);
  return { vrt, sheets };
}

/** Size and geotransform of a raster, for cutting it into windows. */
export async function rasterGrid(file: string): Promise<{ width: number; height: number; transform: number[] }> {
  const info = JSON.parse(await gdalTool('gdalinfo', ['-json', file])) as GdalInfo;
  return { width: info.size![0], height: info.size![1], transform: info.geoTransform! };
}

async function extentOf(file: string): Promise<[number, number, number, number]> {
  const info = JSON.parse(await gdalTool('gdalinfo', ['-json', file])) as GdalInfo;
  const { lowerLeft, upperRight } = info.cornerCoordinates!;
  return [lowerLeft[0], lowerLeft[1], upperRight[0], upperRight[1]];
}

function fileDigest(file: string): Promise<{ bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve({ bytes: statSync(file).size, sha256: hash.digest('hex') }));
  });
}
