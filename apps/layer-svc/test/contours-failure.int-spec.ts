import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contourWindows, writeContours } from '../src/terrain/contours.js';
import { rasterGrid } from '../src/terrain/dem-sheets.js';
import { ContoursFailed } from '../src/terrain/terrain-run.js';

/** A 10 m GeoTIFF sheet of 200 × 200 pixels rising to the north-east (60 to 90 m), uncompressed in strips. */
function sheet(dir: string, name: string): string {
  const lines = ['ncols 200', 'nrows 200', 'xllcorner 357000', 'yllcorner 505000', 'cellsize 10', 'NODATA_value -9999'];
  for (let row = 0; row < 200; row++) lines.push(Array.from({ length: 200 }, (_, col) => (60 + 0.1 * (200 - row) + 0.05 * col).toFixed(2)).join(' '));
  writeFileSync(join(dir, 'grid.asc'), `${lines.join('\n')}\n`);
  const file = join(dir, name);
  execFileSync('gdal_translate', ['-q', '-of', 'GTiff', '-a_srs', 'EPSG:2180', '-ot', 'Float32', join(dir, 'grid.asc'), file]);
  return file;
}

/** GDAL itself, on real files: contours of a sheet, and of one cut short (a download broken off). */
describe('contours of an elevation model', () => {
  it('are lines at multiples of 5 m from a whole sheet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-contours-'));
    const file = sheet(dir, 'whole.tif');
    const { width, height, transform } = await rasterGrid(file);
    const target = join(dir, 'contours.geojsonl');
    writeFileSync(target, '');
    await writeContours(
      file,
      contourWindows(width, height, transform, [{ file: 'whole.tif', extent: [357_000, 505_000, 359_000, 507_000] }]),
      'demo',
      dir,
      target,
    );
    const lines = readFileSync(target, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { properties: { id: string; elevation_m: number } });
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) {
      expect(line.properties.id).toMatch(/^demo:0:\d+$/);
      expect(line.properties.elevation_m % 5).toBe(0);
    }
  });

  it('that cannot be made name the part, the window, its sheets and the tool that failed, and say what stays served', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lp-contours-'));
    const file = sheet(dir, 'N-33-130-D-a-1-1.tif');
    const { width, height, transform } = await rasterGrid(file);
    // its header (read to place it) is whole; most of its rows are gone
    truncateSync(file, 60_000);
    const windows = contourWindows(width, height, transform, [{ file: 'N-33-130-D-a-1-1.tif', extent: [357_000, 505_000, 359_000, 507_000] }]);
    const target = join(dir, 'contours.geojsonl');
    writeFileSync(target, '');
    const failure = await writeContours(file, windows, '3064', dir, target).then(
      () => undefined,
      (error: Error) => error,
    );
    expect(failure?.message).toMatch(
      /^contours of part 3064 could not be made: window 1 of 1 \(pixels 0-200 × 0-200 of the mosaic; sheets N-33-130-D-a-1-1\.tif\): gdal_contour failed \(exit 1\): .*TIFFReadEncodedStrip/,
    );
    // as the terrain run reports it once the statistics are served
    expect(new ContoursFailed('3064', 7, 1548, failure).message).toMatch(
      /^contours of part 3064 could not be made: .*\. terrain_stats of part 3064 is served as version 7 \(1548 parcels\); contours and the shaded relief keep the previous elevation model$/,
    );
  });
});
