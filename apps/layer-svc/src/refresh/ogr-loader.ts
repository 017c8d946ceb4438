import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface OgrLoadOptions {
  databaseUrl: string;
  /** A file path, an http(s) URL, or `WFS:https://...`. */
  source: string;
  /** Target table `layer_stage.<name>`. */
  stageTable: string;
  onProgress?: (percent: number) => void;
}

/**
 * Loads any vector source GDAL reads (GeoJSON/GeoJSONSeq, GeoPackage, Shapefile, GML, CSV, WFS)
 * into a staging table in EPSG:2180 with `ogr2ogr`. Attribute types are kept as the source states
 * them; CSV columns stay text so codes keep their leading zeros.
 */
export async function loadWithOgr(options: OgrLoadOptions): Promise<void> {
  const source = resolveSource(options.source);
  const args = [
    '-f', 'PostgreSQL',
    `PG:${libpqKeywords(options.databaseUrl)}`,
    source,
    '-nln', `layer_stage.${options.stageTable}`,
    '-lco', 'GEOMETRY_NAME=geom',
    '-lco', 'FID=ogc_fid',
    '-lco', 'SPATIAL_INDEX=NONE',
    '-lco', 'LAUNDER=NO',
    // The stage lives only until its rows are copied into the version table: no WAL for it (a crash
    // empties it, and the refresh that was loading it fails and is run again).
    '-lco', 'UNLOGGED=ON',
    '-t_srs', 'EPSG:2180',
    '-nlt', 'GEOMETRY',
    '-dim', 'XY',
    // A property holding numbers and text is typed JSON by the GeoJSON reader; keep it as text and
    // let the catalogue's types decide (a JSON column would reject plain text outright).
    '-mapFieldType', 'String(JSON)=String',
    '-gt', '65536',
    '--config', 'PG_USE_COPY', 'YES',
    '-progress',
  ];
  if (/\.csv$/i.test(options.source)) {
    args.push(
      '-s_srs', 'EPSG:4326',
      '-oo', 'AUTODETECT_TYPE=NO',
      '-oo', 'GEOM_POSSIBLE_NAMES=wkt,WKT,geometry,geom,wkt_srid_4326',
      '-oo', 'X_POSSIBLE_NAMES=lon,lng,longitude,x',
      '-oo', 'Y_POSSIBLE_NAMES=lat,latitude,y',
      '-oo', 'KEEP_GEOM_COLUMNS=NO',
    );
  }
  await runOgr2ogr(args, options.source, options.onProgress);
}

/**
 * Runs `ogr2ogr` with the given arguments; progress in steps of 10 %. A failure names `what` (the
 * source as the operator gave it) and GDAL's own message. Resolves with what GDAL wrote to stderr:
 * some drivers (OSM) report a damaged file there and still exit 0.
 */
export function runOgr2ogr(args: string[], what: string, onProgress?: (percent: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('ogr2ogr', args, { stdio: ['ignore', 'pipe', 'pipe'], env: process.env });
    let stderr = '';
    let lastPercent = -1;
    const onOutput = (chunk: Buffer): void => {
      const text = chunk.toString();
      for (const match of text.matchAll(/(\d{1,3})(?=\.\.\.|\s*- done)/g)) {
        const percent = Number(match[1]);
        if (percent > lastPercent && percent % 10 === 0) {
          lastPercent = percent;
          onProgress?.(percent);
        }
      }
    };
    child.stdout.on('data', onOutput);
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      onOutput(chunk);
    });
    child.on('error', (error) => reject(new Error(`could not run ogr2ogr (is gdal-bin installed?): ${error.message}`)));
    child.on('close', (code) => {
      if (code === 0) return resolve(stderr);
      const message = stderr.replace(/\s+/g, ' ').trim().slice(0, 600);
      reject(new Error(`ogr2ogr could not read ${what}: ${message || `exit code ${code}`}`));
    });
  });
}

/**
 * `postgres://user:pw@host:port/db` as libpq keywords. GDAL 3.6 appends its own application_name
 * to the connection string, which breaks a URI (the database name swallows it).
 */
export function libpqKeywords(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const quote = (value: string): string => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  const pairs: Array<[string, string]> = [
    ['host', decodeURIComponent(url.hostname) || 'localhost'],
    ['port', url.port || '5432'],
    ['dbname', decodeURIComponent(url.pathname.replace(/^\//, '')) || 'postgres'],
    ['application_name', 'layer-refresh'],
  ];
  if (url.username) pairs.push(['user', decodeURIComponent(url.username)]);
  if (url.password) pairs.push(['password', decodeURIComponent(url.password)]);
  for (const [key, value] of url.searchParams) if (/^[a-z_]+$/.test(key)) pairs.push([key, value]);
  return pairs.map(([key, value]) => `${key}=${quote(value)}`).join(' ');
}

function resolveSource(source: string): string {
  if (/^WFS:/i.test(source)) return source;
  if (/^https?:\/\//i.test(source)) return `/vsicurl/${source}`;
  if (!existsSync(source)) throw new Error(`source file ${source} does not exist`);
  return source;
}
