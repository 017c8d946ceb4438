/**
 * npm run bench:terrain: terrain statistics per parcel per second for one powiat-sized part, two ways.
 *  - the service's path (computeParcelTerrain, what `layers terrain` runs): gdaldem slope and aspect
 *    and gdal_rasterize per window, the pixels gathered per parcel in Node, one window per core;
 *  - the plainest PostGIS raster query of the same statistics (ST_Clip, ST_Slope, ST_Aspect,
 *    ST_SummaryStats) for a sample of the same parcels, from the same model loaded as a raster table.
 * Prints parcels and pixels per second of each, their ratio, and how far the sample's answers differ.
 * A benchmark, not a test: it prints figures. It writes no layer: its parcels and raster live in
 * layer_stage tables it drops at the end.
 *
 * The part is generated (synthetic rolling ground, square parcels) so any stack can run it.
 * Environment: DATABASE_URL (the local stack of npm start; a role that may create the postgis_raster
 * extension), BENCH_PART_KM (side of the square part, default 32: about 1 000 km², a powiat),
 * BENCH_DEM_PIXEL_M (default 5), BENCH_PARCEL_M (side of a parcel, default 100), BENCH_POSTGIS_SIDE
 * (the PostGIS sample is this many parcels squared, default 10), BENCH_CONCURRENCY (windows at once,
 * default one per core).
 */
import 'reflect-metadata';
import { createSchemaDataSource } from '@lp/db';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildMosaic } from '../dem-sheets.js';
import { gdalTool } from '../gdal-tool.js';
import type { ParcelTerrainAccumulator } from '../parcel-terrain.js';
import { computeParcelTerrain } from '../terrain-compute.js';
import { TerrainRepository } from '../terrain.repository.js';
import { writeSyntheticDem, type SyntheticPart } from './synthetic-dem.js';
import { TerrainBenchRepository, type PlainParcelTerrain } from './terrain-bench.repository.js';

/** Lower-left corner of the generated part in EPSG:2180 (west of Poznań), whole metres. */
const ORIGIN = { x: 330_000, y: 490_000 };

interface BenchSettings {
  partKm: number;
  pixelM: number;
  parcelM: number;
  postgisSide: number;
  concurrency: number;
}

function settings(): BenchSettings {
  const number = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
    return value;
  };
  return {
    partKm: number('BENCH_PART_KM', 32),
    pixelM: number('BENCH_DEM_PIXEL_M', 5),
    parcelM: number('BENCH_PARCEL_M', 100),
    postgisSide: Math.round(number('BENCH_POSTGIS_SIDE', 10)),
    concurrency: Math.round(number('BENCH_CONCURRENCY', Math.max(1, cpus().length))),
  };
}

async function main(): Promise<void> {
  const url = process.env['DATABASE_URL'];
  if (!url) throw new Error('DATABASE_URL is not set and no local stack was found (npm start)');
  const s = settings();
  const db = createSchemaDataSource({ url, schema: 'layer', applicationName: 'bench-terrain', poolSize: s.concurrency + 1 });
  await db.initialize();
  const work = mkdtempSync(join(tmpdir(), 'lp-bench-terrain-'));
  const table = `terrain_bench_${randomBytes(4).toString('hex')}`;
  const bench = new TerrainBenchRepository(db);
  try {
    const part: SyntheticPart = { x0: ORIGIN.x, y0: ORIGIN.y, sidePx: Math.round((s.partKm * 1000) / s.pixelM), pixelM: s.pixelM };
    const perSide = Math.floor((part.sidePx * s.pixelM) / s.parcelM);
    const prepared = await timed(async () => {
      const { vrt } = await buildMosaic([await writeSyntheticDem(work, part)], work);
      return { vrt, parcels: await bench.stageParcelGrid(table, part.x0, part.y0, s.parcelM, perSide) };
    });
    const pixels = part.sidePx * part.sidePx;
    console.log(
      `part: ${s.partKm} × ${s.partKm} km at ${s.pixelM} m (${(pixels / 1e6).toFixed(1)} M pixels), ${prepared.value.parcels} parcels of ${s.parcelM} × ${s.parcelM} m (${(s.parcelM / s.pixelM) ** 2} pixels each); generated and staged in ${seconds(prepared.ms)}`,
    );

    const service = await timed(() =>
      computeParcelTerrain({
        mosaic: prepared.value.vrt,
        parcelTable: table,
        count: prepared.value.parcels,
        databaseUrl: url,
        repository: new TerrainRepository(db),
        workDir: work,
        concurrency: s.concurrency,
      }),
    );
    const serviceRate = prepared.value.parcels / (service.ms / 1000);
    console.log(
      `service (gdaldem + gathering, ${s.concurrency} window(s) at once): ${seconds(service.ms)}, ${serviceRate.toFixed(0)} parcels/s, ${(pixels / (service.ms / 1000) / 1e6).toFixed(2)} M pixels/s`,
    );

    const sample = await samplePlain(bench, table, part, s, work);
    const plainRate = sample.rows.length / (sample.ms / 1000);
    console.log(
      `plain PostGIS raster (ST_Clip + ST_Slope + ST_Aspect + ST_SummaryStats), ${sample.rows.length} parcels: ${seconds(sample.ms)}, ${plainRate.toFixed(1)} parcels/s (raster loaded in ${seconds(sample.loadMs)}, not counted)`,
    );
    console.log(`ratio: the service's path computes ${(serviceRate / plainRate).toFixed(0)} times as many parcels per second`);
    printAgreement(sample.rows, service.value.stats);
  } finally {
    await bench.drop(table).catch(() => undefined);
    rmSync(work, { recursive: true, force: true });
    await db.destroy();
  }
}

/**
 * The PostGIS path over a square of parcels in the part's middle: the model around them cut out as a
 * GeoTIFF (loading the whole part into PostGIS would take longer than either computation), loaded,
 * then the plain query timed.
 */
async function samplePlain(bench: TerrainBenchRepository, table: string, part: SyntheticPart, s: BenchSettings, work: string) {
  const sideM = s.postgisSide * s.parcelM;
  const middle = Math.floor((part.sidePx * s.pixelM) / s.parcelM / 2) * s.parcelM;
  const box: [number, number, number, number] = [part.x0 + middle, part.y0 + middle, part.x0 + middle + sideM, part.y0 + middle + sideM];
  const margin = 4 * s.pixelM;
  const tif = join(work, 'sample.tif');
  await gdalTool('gdal_translate', [
    '-q',
    '-of',
    'GTiff',
    '-projwin',
    String(box[0] - margin),
    String(box[3] + margin),
    String(box[2] + margin),
    String(box[1] - margin),
    join(work, 'mosaic.vrt'),
    tif,
  ]);
  const pids = await bench.parcelsInBox(table, box);
  const load = await timed(async () => {
    await bench.enableRaster();
    await bench.loadRaster(table, readFileSync(tif));
  });
  const query = await timed(() => bench.plainStatistics(table, pids, 2 * s.pixelM));
  return { rows: query.value, ms: query.ms, loadMs: load.ms };
}

/** Both paths' answers for the sample: the largest differences (the pixel rule differs only at parcel edges). */
function printAgreement(plain: PlainParcelTerrain[], stats: ParcelTerrainAccumulator): void {
  let elevation = 0;
  let slope = 0;
  let south = 0;
  for (const row of plain) {
    const mine = stats.result(row.pid);
    if (!mine) continue;
    elevation = Math.max(elevation, Math.abs(mine.elevation_mean_m - Number(row.elevation_mean_m)));
    slope = Math.max(slope, Math.abs(mine.slope_mean_pct - Number(row.slope_mean_pct)));
    south = Math.max(south, Math.abs(mine.south_facing_share - Number(row.south_facing_share)));
  }
  console.log(
    `agreement over the sample (largest difference): elevation mean ${elevation.toFixed(3)} m, slope mean ${slope.toFixed(3)} %, south share ${south.toFixed(3)}`,
  );
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
