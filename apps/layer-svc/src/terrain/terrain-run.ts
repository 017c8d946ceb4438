import { AppError, type RefreshLayerResult } from '@lp/contracts';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { RefreshPipeline } from '../refresh/refresh-pipeline.js';
import { buildMosaic, demFiles, type DemSheet } from './dem-sheets.js';
import type { ParcelTerrainAccumulator } from './parcel-terrain.js';
import { computeParcelTerrain, SCENARIO_SLOPE_LIMIT_PCT } from './terrain-compute.js';
import { TerrainRepository } from './terrain.repository.js';

export interface TerrainRunOptions {
  /** The part's name (a powiat's TERYT or any label), recorded with the version. */
  part: string;
  /** Sheets: files or directories of .asc / .tif. */
  dem: string[];
  /** Only parcels whose TERYT starts with one of these (a powiat's 4 digits, gminas' 7); else all inside the model. */
  teryt?: string[];
  allowShrink?: boolean;
  windowPx?: number;
  progress?: (message: string) => void;
}

export interface TerrainRunResult extends RefreshLayerResult {
  part: string;
  sheets: DemSheet[];
  parcels_computed: number;
  parcels_without_pixels: number;
  covered_gminas: string[];
  compute_ms: number;
}

/**
 * Terrain statistics of one part from its elevation model sheets: the sheets are checked and
 * mosaicked (nothing reaches the database when one is wrong), the part's parcels inside the model
 * are numbered in a staging table, each window of the mosaic gives slope and aspect (gdaldem) and
 * the parcels burnt on its grid, and the statistics gathered per parcel become a new version of
 * terrain_stats through the refresh pipeline (validated, swapped, the previous version kept on
 * failure). Parcels of other parts keep the statistics they had.
 */
export class TerrainRun {
  private readonly sql: TerrainRepository;

  constructor(
    private readonly db: DataSource,
    private readonly databaseUrl: string,
  ) {
    this.sql = new TerrainRepository(db);
  }

  async run(options: TerrainRunOptions): Promise<TerrainRunResult> {
    const say = options.progress ?? (() => undefined);
    const work = mkdtempSync(join(tmpdir(), 'lp-terrain-'));
    const parcelTable = `terrain_${randomBytes(4).toString('hex')}`;
    try {
      const { vrt, sheets } = await buildMosaic(demFiles(options.dem), work);
      say(`terrain ${options.part}: ${sheets.length} sheet(s) mosaicked in EPSG:2180`);
      const footprint = footprintWkt(sheets);
      const count = await this.sql.stageParcels(parcelTable, footprint, options.teryt ?? null);
      if (count === 0) throw AppError.invalid(`No parcels of part ${options.part} lie inside the elevation model's sheets; load the parcels first or check the sheets' area.`);
      const started = performance.now();
      const { stats, resolution } = await computeParcelTerrain({
        mosaic: vrt, parcelTable, count, databaseUrl: this.databaseUrl, repository: this.sql, workDir: work,
        windowPx: options.windowPx, progress: (message) => say(`terrain ${options.part}: ${message}`),
      });
      const computeMs = Math.round(performance.now() - started);
      const source = join(work, 'terrain_stats.geojsonl');
      const written = await this.writeSource(source, parcelTable, stats, resolution);
      writeFileSync(join(work, 'terrain_stats.source.json'), JSON.stringify({ source_url: `dem:${options.part}`, note: provenanceNote(options.part, sheets) }));
      const covered = await this.sql.coveredGminas(footprint, options.teryt ?? null);
      const result = await new RefreshPipeline(this.db, this.databaseUrl).refresh('terrain_stats', {
        source,
        coverageGminas: await this.coverageWith(covered),
        allowShrink: options.allowShrink === true,
        progress: say,
      });
      return { ...result, part: options.part, sheets, parcels_computed: written, parcels_without_pixels: count - written, covered_gminas: covered, compute_ms: computeMs };
    } finally {
      await this.sql.dropStage(parcelTable).catch(() => undefined);
      rmSync(work, { recursive: true, force: true });
    }
  }

  /**
   * The new version's features: this part's parcels with their statistics, and the served
   * statistics of parcels outside it unchanged. A parcel no pixel centre fell in gets no row.
   */
  private async writeSource(path: string, table: string, stats: ParcelTerrainAccumulator, resolution: number): Promise<number> {
    const out = createWriteStream(path);
    let written = 0;
    for (const parcel of await this.sql.stagedParcels(table)) {
      const result = stats.result(parcel.pid);
      if (!result) continue;
      const { pixels: _pixels, ...values } = result;
      const properties = { id: parcel.id, kind: 'parcel_terrain', teryt: parcel.teryt, parcel_id: parcel.id, ...values, steep_limit_pct: SCENARIO_SLOPE_LIMIT_PCT, dem_resolution_m: resolution };
      out.write(`{"type":"Feature","properties":${JSON.stringify(properties)},"geometry":${parcel.geometry}}\n`);
      written++;
    }
    for (const line of await this.sql.keptLines(table)) out.write(`${line}\n`);
    await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return written;
  }

  /** The served coverage and this part's gminas (null stays null: the layer is national already). */
  private async coverageWith(covered: string[]): Promise<string[] | null> {
    const state = await this.sql.servedState();
    if (state && Number(state.version) > 0 && state.coverage_gminas === null) return null;
    return [...new Set([...(state?.coverage_gminas ?? []), ...covered])].sort();
  }
}

/** The sheets' rectangles in EPSG:2180, as WKT (the queries take their union: neighbouring sheets share edges). */
function footprintWkt(sheets: DemSheet[]): string {
  const boxes = sheets.map(({ extent: [x0, y0, x1, y1] }) => `POLYGON((${x0} ${y0}, ${x1} ${y0}, ${x1} ${y1}, ${x0} ${y1}, ${x0} ${y0}))`);
  return `GEOMETRYCOLLECTION(${boxes.join(', ')})`;
}

/** What the version was computed from: every sheet with its size, checksum and CRS. */
function provenanceNote(part: string, sheets: DemSheet[]): string {
  const listed = sheets.map((sheet) => `${sheet.file} (${sheet.driver}, ${sheet.bytes} B, sha256 ${sheet.sha256.slice(0, 16)}, ${sheet.crs}${sheet.crs_assigned ? ' assigned: the sheet states no CRS' : ''}, ${sheet.pixel_m} m)`);
  return `Computed by layer-svc from the elevation model of part ${part}: ${listed.join('; ')}`;
}
