import { stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { coverageCsv, infoCsv, type ExportCaveats } from './export-coverage.js';
import type { ExportCrs, ExportFormat } from './export-formats.js';
import { runOgr2ogr } from './ogr2ogr.runner.js';
import { zipSize, type ZipMember } from './zip-stream.js';

/** The finished export on disk: one file, or the members of a zip, and its size on the wire. */
export type ExportPackage = { kind: 'file'; path: string; bytes: number } | { kind: 'zip'; members: ZipMember[]; bytes: number };

export interface PackageInput {
  dir: string;
  /** The features as one GeoJSON FeatureCollection in WGS84 (FeatureFileWriter). */
  features: string;
  /** Name of the data layer and of the data file: the layer id, or search_results. */
  name: string;
  format: ExportFormat;
  crs: ExportCrs;
  caveats: ExportCaveats;
  timeoutMs: number;
  signal: AbortSignal;
}

/** A GeoJSON member holds at most this much coverage text: it travels as one ogr2ogr argument (128 KiB on Linux). */
const NATIVE_DATA_MAX_CHARS = 100_000;

/** Writes the export with ogr2ogr: the features, then the coverage where the format can hold it. */
export async function writePackage(input: PackageInput): Promise<ExportPackage> {
  const { dir, format, name, crs } = input;
  const run = (args: string[]) => runOgr2ogr(args, { timeoutMs: input.timeoutMs, signal: input.signal });
  const coverage = join(dir, 'coverage.csv');
  const info = join(dir, 'export_info.csv');
  await writeFile(coverage, coverageCsv(input.caveats.coverage));
  await writeFile(info, infoCsv(input.caveats.info));
  const common = ['-t_srs', crs.id, '-nln', name];

  if (format.id === 'gpkg') {
    const path = join(dir, `${name}.gpkg`);
    await run(['-f', 'GPKG', path, input.features, ...common, '-lco', `DESCRIPTION=${input.caveats.summary}`]);
    // CSV without geometry becomes an attributes table: the caveats open beside the data in QGIS.
    await run(['-update', '-f', 'GPKG', path, coverage, '-nln', 'coverage', '-lco', 'DESCRIPTION=What could not be checked, per criterion and layer']);
    await run(['-update', '-f', 'GPKG', path, info, '-nln', 'export_info', '-lco', 'DESCRIPTION=The request, counts and version behind this export']);
    return { kind: 'file', path, bytes: (await stat(path)).size };
  }
  if (format.id === 'geojson') {
    const path = join(dir, `${name}.geojson`);
    const members = JSON.stringify(nativeMembers(input.caveats));
    // -noNativeData: else the members of our own intermediate file would replace these.
    await run([
      '-noNativeData', '-f', 'GeoJSON', path, input.features, ...common,
      '-lco', `RFC7946=${crs.id === 'EPSG:4326' ? 'YES' : 'NO'}`,
      '-lco', 'NATIVE_MEDIA_TYPE=application/vnd.geo+json',
      '-lco', `NATIVE_DATA=${members}`,
      '-lco', `DESCRIPTION=${input.caveats.summary}`,
    ]);
    return { kind: 'file', path, bytes: (await stat(path)).size };
  }
  const data = join(dir, `${name}.${format.extension}`);
  const members: ZipMember[] = [{ name: `${name}.${format.extension}`, path: data }];
  if (format.id === 'csv') {
    await run(['-f', 'CSV', data, input.features, ...common, '-lco', 'GEOMETRY=AS_WKT', '-lco', 'CREATE_CSVT=YES']);
    // GDAL's CSV reader takes the CRS of the WKT column from the .prj beside it.
    const prj = join(dir, `${name}.prj`);
    await writeFile(prj, input.crs.prj);
    members.push({ name: `${name}.csvt`, path: join(dir, `${name}.csvt`) }, { name: `${name}.prj`, path: prj });
  } else {
    await run(['-f', 'FlatGeobuf', data, input.features, ...common]);
  }
  members.push({ name: 'coverage.csv', path: coverage }, { name: 'export_info.csv', path: info });
  return { kind: 'zip', members, bytes: await zipSize(members) };
}

/** Foreign members of the FeatureCollection; the request is dropped first when the text is too long. */
function nativeMembers(caveats: ExportCaveats): Record<string, unknown> {
  const info = Object.fromEntries(caveats.info);
  const members = { export_info: info, coverage: caveats.coverage };
  if (JSON.stringify(members).length <= NATIVE_DATA_MAX_CHARS) return members;
  const shorter = { export_info: { ...info, request: 'left out: too long for this file; see export_info of a gpkg export' }, coverage: caveats.coverage };
  if (JSON.stringify(shorter).length <= NATIVE_DATA_MAX_CHARS) return shorter;
  return { export_info: shorter.export_info, coverage: caveats.coverage.map((row) => ({ ...row, note: row.note.slice(0, 500) })) };
}
