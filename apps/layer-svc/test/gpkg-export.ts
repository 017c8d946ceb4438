import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export interface GpkgExportOptions {
  /** The GeoPackage's name inside the zip, e.g. `3021_transakcje_ceny.gpkg`. */
  gpkg: string;
  /** An OGR SQL WHERE that keeps only some rows (e.g. one powiat's), applied to every table. */
  where?: string;
  /** OGR SQL run on the finished GeoPackage, e.g. to drop a column (a broken export). */
  alter?: string[];
}

/**
 * A zipped GeoPackage built the way GUGiK's exports are laid out, from the committed CSV of each
 * table (`<table>.csv` with its `.csvt` column types, geometry as WKT in EPSG:2180): one table per
 * CSV, geometry column `geometry`, FID `fid`, the zip holding the one GeoPackage. Returns the zip.
 */
export function gpkgExportZip(csvDir: string, zipName: string, options: GpkgExportOptions): string {
  const dir = mkdtempSync(join(tmpdir(), 'lp-gpkg-export-'));
  const gpkg = join(dir, options.gpkg);
  for (const csv of readdirSync(csvDir)
    .filter((name) => name.endsWith('.csv'))
    .sort()) {
    const table = basename(csv, '.csv');
    execFileSync('ogr2ogr', [
      '-f',
      'GPKG',
      gpkg,
      join(csvDir, csv),
      ...(readdirSync(dir).includes(options.gpkg) ? ['-update'] : []),
      '-nln',
      table,
      '-a_srs',
      'EPSG:2180',
      '-oo',
      'GEOM_POSSIBLE_NAMES=WKT',
      '-oo',
      'KEEP_GEOM_COLUMNS=NO',
      '-lco',
      'GEOMETRY_NAME=geometry',
      '-lco',
      'FID=fid',
      ...(options.where ? ['-where', options.where] : []),
    ]);
  }
  for (const statement of options.alter ?? []) execFileSync('ogrinfo', ['-q', gpkg, '-sql', statement]);
  execFileSync('zip', ['-X', '-q', '-j', zipName, options.gpkg], { cwd: dir });
  return join(dir, zipName);
}
