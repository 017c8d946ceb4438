import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runAppCli, type ServiceUnderTest } from '@lp/testing';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { TerrainRun, type TerrainRunResult } from '../src/terrain/terrain-run.js';
import { startRefreshPipeline, type RefreshPipelineInProcess } from './refresh-pipeline-fixture.js';
import { adminUnits, featureLines, sourceDir, square } from './source-files.js';

/** Slopes from gdaldem on float32 elevations: within 0.05 % of the analytic slope. */
const SLOPE_TOLERANCE_PCT = 0.05;
/** Elevation over a 1 m grid of pixel centres: within half a pixel's rise of the analytic value. */
const PLANE_GRADIENT = 0.04;
const STEEP_GRADIENT = 0.4;
const CONE_GRADIENT = 0.1;

type Box = { id: string; xmin: number; ymin: number; xmax: number; ymax: number; cx: number; cy: number };

/** An ARC/INFO ASCII grid at 1 m, as the NMT sheets are published: no CRS of its own, -9999 for no data. */
function ascSheet(path: string, x0: number, y0: number, cols: number, rows: number, z: (x: number, y: number) => number): void {
  const lines = [`ncols ${cols}`, `nrows ${rows}`, `xllcorner ${x0}`, `yllcorner ${y0}`, 'cellsize 1', 'NODATA_value -9999'];
  for (let row = 0; row < rows; row++) {
    const y = y0 + rows - row - 0.5;
    const values: string[] = [];
    for (let col = 0; col < cols; col++) values.push(z(x0 + col + 0.5, y).toFixed(4));
    lines.push(values.join(' '));
  }
  writeFileSync(path, lines.join('\n') + '\n');
}

describe('terrain statistics per parcel from an elevation model with known answers', () => {
  let layer: ServiceUnderTest<RefreshPipelineInProcess>;
  let db: DataSource;
  let terrain: TerrainRun;
  let boxes: Map<string, Box>;
  let result: TerrainRunResult;
  let dir: string;
  const apex = { x: 0, y: 0 };

  const parcel = (id: string, lng: number, lat: number) => ({
    properties: { id, kind: 'parcel', teryt: '3001011', parcel_id: id, parcel_number: id.slice(-1), precinct_id: '300101_1.0001', area_sqm: 7500 },
    coordinates: square(lng, lat, 0.001),
  });
  const served = async (id: string): Promise<Record<string, number | string>> =>
    (await db.query(`SELECT elevation_min_m, elevation_max_m, elevation_mean_m, slope_mean_pct, slope_p90_pct, aspect, attrs FROM layer_pub.terrain_stats WHERE id = $1`, [id]))[0];

  beforeAll(async () => {
    layer = await startRefreshPipeline('terrain-test');
    db = layer.service.db;
    await layer.service.pipeline.refresh('admin_bounds', { source: join(sourceDir({ 'admin_bounds.geojsonl': adminUnits() }), 'admin_bounds.geojsonl') });
    const parcels = featureLines([
      parcel('T.1', 16.25, 52.35), parcel('T.2', 16.2515, 52.35), parcel('T.3', 16.25, 52.3515), // the south-facing plane
      parcel('T.4', 16.27, 52.35), // the steep plane facing east
      parcel('T.5', 16.30, 52.35), parcel('T.6', 16.2975, 52.35086), // south of and west of the cone's top
    ]);
    await layer.service.pipeline.refresh('parcels', { source: join(sourceDir({ 'parcels.geojsonl': parcels }), 'parcels.geojsonl'), coverageGminas: ['3001011'], allowShrink: true });
    const rows: Box[] = await db.query(
      `SELECT id, ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin, ST_XMax(geom) AS xmax, ST_YMax(geom) AS ymax,
              ST_X(ST_Centroid(geom)) AS cx, ST_Y(ST_Centroid(geom)) AS cy FROM layer_pub.parcels`,
    );
    boxes = new Map(rows.map((row) => [row.id, row]));
    const box = (id: string) => boxes.get(id)!;
    apex.x = box('T.5').cx;
    apex.y = box('T.5').ymax + 40;

    dir = mkdtempSync(join(tmpdir(), 'lp-dem-'));
    // Sheet corners on whole metres, 20 m or more around the parcels they carry.
    const around = (ids: string[]) => {
      const x0 = Math.floor(Math.min(...ids.map((id) => box(id).xmin))) - 20;
      const y0 = Math.floor(Math.min(...ids.map((id) => box(id).ymin))) - 20;
      const x1 = Math.ceil(Math.max(...ids.map((id) => box(id).xmax))) + 20;
      const y1 = Math.ceil(Math.max(...ids.map((id) => box(id).ymax))) + 20;
      return { x0, y0, cols: x1 - x0, rows: y1 - y0 };
    };
    const plane = around(['T.1', 'T.2', 'T.3']);
    ascSheet(join(dir, 'plane.asc'), plane.x0, plane.y0, plane.cols, plane.rows, (_x, y) => 100 + PLANE_GRADIENT * (y - plane.y0));
    const steep = around(['T.4']);
    ascSheet(join(dir, 'steep.asc'), steep.x0, steep.y0, steep.cols, steep.rows, (x) => 150 - STEEP_GRADIENT * (x - steep.x0));
    const cone = around(['T.5', 'T.6']);
    const coneAsc = join(mkdtempSync(join(tmpdir(), 'lp-cone-')), 'cone.asc');
    ascSheet(coneAsc, cone.x0, cone.y0, cone.cols, cone.rows + 60, (x, y) => 200 - CONE_GRADIENT * Math.hypot(x - apex.x, y - apex.y));
    execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-a_srs', 'EPSG:2180', coneAsc, join(dir, 'cone.tif')]);

    terrain = new TerrainRun(db, layer.service.databaseUrl);
    result = await terrain.run({ part: 'test-part', dem: [dir], teryt: ['3001'], windowPx: 256 });
  }, 120_000);
  afterAll(async () => {
    await layer?.stop();
  });

  it('records the sheets: the .asc sheets without a CRS are given PUWG 1992, the GeoTIFF keeps its own', () => {
    expect(result).toMatchObject({ status: 'succeeded', parcels_computed: 6, parcels_without_pixels: 0, covered_gminas: ['3001011'] });
    const sheets = new Map(result.sheets.map((sheet) => [sheet.file, sheet]));
    expect(sheets.get('plane.asc')).toMatchObject({ driver: 'AAIGrid', crs: 'EPSG:2180', crs_assigned: true, pixel_m: 1 });
    expect(sheets.get('steep.asc')).toMatchObject({ crs: 'EPSG:2180', crs_assigned: true });
    expect(sheets.get('cone.tif')).toMatchObject({ driver: 'GTiff', crs: 'EPSG:2180', crs_assigned: false });
    expect(sheets.get('plane.asc')!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives every parcel on the south-facing 4 % plane its analytic slope, aspect and elevations', async () => {
    for (const id of ['T.1', 'T.2', 'T.3']) {
      const stats = await served(id);
      const box = boxes.get(id)!;
      const plane = (y: number) => 100 + PLANE_GRADIENT * (y - (Math.floor(Math.min(...['T.1', 'T.2', 'T.3'].map((p) => boxes.get(p)!.ymin))) - 20));
      expect(Number(stats.slope_mean_pct)).toBeCloseTo(4, 1);
      expect(Math.abs(Number(stats.slope_mean_pct) - 4)).toBeLessThanOrEqual(SLOPE_TOLERANCE_PCT);
      expect(Math.abs(Number((stats.attrs as unknown as Record<string, number>).slope_max_pct) - 4)).toBeLessThanOrEqual(SLOPE_TOLERANCE_PCT);
      expect(Math.abs(Number(stats.slope_p90_pct) - 4)).toBeLessThanOrEqual(SLOPE_TOLERANCE_PCT);
      expect(stats.aspect).toBe('S');
      expect(stats.attrs).toMatchObject({ south_facing_share: 1, steep_share: 0, steep_limit_pct: 30, dem_resolution_m: 1 });
      // Pixel centres lie within a pixel of the parcel's edges: elevations within one pixel's rise.
      expect(Math.abs(Number(stats.elevation_min_m) - plane(box.ymin))).toBeLessThanOrEqual(PLANE_GRADIENT + 0.01);
      expect(Math.abs(Number(stats.elevation_max_m) - plane(box.ymax))).toBeLessThanOrEqual(PLANE_GRADIENT + 0.01);
      expect(Math.abs(Number(stats.elevation_mean_m) - plane(box.cy))).toBeLessThanOrEqual(0.05);
    }
  });

  it('counts the steep east-facing plane as wholly steeper than the scenarios\' limit and not facing south', async () => {
    const stats = await served('T.4');
    expect(Math.abs(Number(stats.slope_mean_pct) - 40)).toBeLessThanOrEqual(SLOPE_TOLERANCE_PCT);
    expect(stats.aspect).toBe('E');
    expect(stats.attrs).toMatchObject({ south_facing_share: 0, steep_share: 1 });
  });

  it('gives the cone its constant 10 % slope, south of its top facing south and west of it facing west', async () => {
    const south = await served('T.5');
    const west = await served('T.6');
    for (const stats of [south, west]) {
      expect(Math.abs(Number(stats.slope_mean_pct) - 10)).toBeLessThanOrEqual(SLOPE_TOLERANCE_PCT);
      expect(stats.attrs).toMatchObject({ steep_share: 0 });
    }
    expect(south.aspect).toBe('S');
    expect(south.attrs).toMatchObject({ south_facing_share: 1 });
    expect(west.aspect).toBe('W');
    expect(west.attrs).toMatchObject({ south_facing_share: 0 });
    // The highest pixel of the southern parcel lies on its edge nearest the top, 40 m below its highest
    // corner; the edge is tilted by the grid's convergence (about 2°, so up to 1.3 m farther over
    // its half width) and a pixel centre lies up to 0.7 m inside: 2 m of distance, 0.2 m of height.
    const box = boxes.get('T.5')!;
    expect(Math.abs(Number(south.elevation_max_m) - (200 - CONE_GRADIENT * (apex.y - box.ymax)))).toBeLessThanOrEqual(0.2);
  });

  it('refuses a file that is no raster with a clear error and keeps the previous version served', async () => {
    const before = (await db.query(`SELECT version, feature_count FROM layer.layer_state WHERE layer_id = 'terrain_stats'`))[0];
    const servedBefore = await db.query(`SELECT id, slope_mean_pct FROM layer_pub.terrain_stats ORDER BY id`);
    const bad = mkdtempSync(join(tmpdir(), 'lp-bad-dem-'));
    writeFileSync(join(bad, 'N-33-130-D-a-1-1.asc'), 'this is not an elevation model\n');
    await expect(terrain.run({ part: 'test-part', dem: [bad] })).rejects.toThrow(/N-33-130-D-a-1-1\.asc is not a raster GDAL can read/);
    const cli = await runAppCli('layer-svc', 'refresh/layers.cli.js', ['terrain', 'test-part', '--dem', bad], { databaseUrl: layer.service.databaseUrl, databaseRole: 'as-given' });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/terrain test-part FAILED \(previous version still served\): N-33-130-D-a-1-1\.asc is not a raster GDAL can read/);
    const after = (await db.query(`SELECT version, feature_count FROM layer.layer_state WHERE layer_id = 'terrain_stats'`))[0];
    expect(after).toEqual(before);
    expect(await db.query(`SELECT id, slope_mean_pct FROM layer_pub.terrain_stats ORDER BY id`)).toEqual(servedBefore);
  });

  it('marks the part\'s gmina covered and records the sheets with the version', async () => {
    const coverage: Array<{ status: string }> = await db.query(`SELECT status FROM layer_pub.region_coverage WHERE layer_id = 'terrain_stats' AND teryt = '3001011'`);
    expect(coverage).toEqual([{ status: 'available' }]);
    const notes: Array<{ note: string }> = await db.query(`SELECT source_note AS note FROM layer.layer_state WHERE layer_id = 'terrain_stats'`);
    expect(notes[0]!.note).toMatch(/plane\.asc \(AAIGrid, \d+ B, sha256 [0-9a-f]{16}, EPSG:2180 assigned: the sheet states no CRS, 1 m\)/);
  });

  it('runs through the layers command too: a new version with the same answers', async () => {
    const before = (await db.query(`SELECT version FROM layer.layer_state WHERE layer_id = 'terrain_stats'`))[0];
    const servedBefore = await db.query(`SELECT id, slope_mean_pct, aspect, attrs FROM layer_pub.terrain_stats ORDER BY id`);
    const cli = await runAppCli('layer-svc', 'refresh/layers.cli.js', ['terrain', 'test-part', '--dem', dir, '--teryt', '3001'], { databaseUrl: layer.service.databaseUrl, databaseRole: 'as-given', timeoutMs: 240_000 });
    // the statistics, the contours and the stored model: its complaint shown if it fails
    expect({ code: cli.code, stderr: cli.code === 0 ? '' : cli.stderr }).toEqual({ code: 0, stderr: '' });
    expect(cli.stdout).toContain('"parcels_computed":6');
    const after = (await db.query(`SELECT version FROM layer.layer_state WHERE layer_id = 'terrain_stats'`))[0];
    expect(Number(after.version)).toBe(Number(before.version) + 1);
    expect(await db.query(`SELECT id, slope_mean_pct, aspect, attrs FROM layer_pub.terrain_stats ORDER BY id`)).toEqual(servedBefore);
  }, 300_000);
});
