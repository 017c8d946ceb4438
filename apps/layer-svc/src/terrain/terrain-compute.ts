import { mkdirSync, rmSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { RenderQueue } from '../raster/gdal-process.js';
import { rasterGrid } from './dem-sheets.js';
import { gdalTool } from './gdal-tool.js';
import { ParcelTerrainAccumulator } from './parcel-terrain.js';
import { readWindow, windowsOf, WINDOW_PX } from './terrain-windows.js';
import type { TerrainRepository } from './terrain.repository.js';

/**
 * The scenarios' slope limit (search-svc's scenario parameter max_slope_pct, whose default every
 * scenario keeps): the share of a parcel steeper than it is stored with its statistics.
 */
export const SCENARIO_SLOPE_LIMIT_PCT = 30;

export interface TerrainComputeInput {
  /** The part's mosaic (EPSG:2180). */
  mosaic: string;
  /** Staged parcels numbered 1..count in layer_stage.<parcelTable>. */
  parcelTable: string;
  count: number;
  databaseUrl: string;
  repository: TerrainRepository;
  /** Scratch directory for the windows' rasters. */
  workDir: string;
  windowPx?: number;
  /** Windows computed at once; one per core by default. */
  concurrency?: number;
  progress?: (message: string) => void;
}

/**
 * The statistics of every staged parcel from the mosaic, window by window, up to one window per
 * core at once; windows without parcels are skipped. Shared by the terrain run and its benchmark,
 * so the benchmark times exactly what a run computes.
 */
export async function computeParcelTerrain(input: TerrainComputeInput): Promise<{ stats: ParcelTerrainAccumulator; resolution: number; windows: number }> {
  const grid = await rasterGrid(input.mosaic);
  const noData = await noDataOf(input.mosaic);
  const stats = new ParcelTerrainAccumulator(input.count, SCENARIO_SLOPE_LIMIT_PCT);
  const windows = windowsOf(grid.width, grid.height, grid.transform, input.windowPx ?? WINDOW_PX);
  const queue = new RenderQueue(input.concurrency ?? Math.max(1, cpus().length));
  let done = 0;
  await Promise.all(
    windows.map((window, index) =>
      queue.run(async () => {
        if (!(await input.repository.hasParcels(input.parcelTable, window.extent))) return;
        const dir = join(input.workDir, `w${index}`);
        mkdirSync(dir);
        const pixels = await readWindow({ mosaic: input.mosaic, window, dir, databaseUrl: input.databaseUrl, parcelTable: input.parcelTable });
        stats.add({ ...pixels, elevationNoData: noData });
        rmSync(dir, { recursive: true, force: true });
        input.progress?.(`window ${++done} of ${windows.length}`);
      }),
    ),
  );
  return { stats, resolution: Math.abs(grid.transform[1]!), windows: windows.length };
}

async function noDataOf(vrt: string): Promise<number | null> {
  const info = JSON.parse(await gdalTool('gdalinfo', ['-json', vrt])) as { bands?: Array<{ noDataValue?: number }> };
  return info.bands?.[0]?.noDataValue ?? null;
}
