import { describe, expect, it } from '@jest/globals';
import { DEM_CHUNK_PX, sheetWindows } from './dem-chunks.js';

describe('chunks of a sheet', () => {
  it('covers a sheet with windows of at most DEM_CHUNK_PX pixels, from its north-west corner, the last ones cut at its edges', () => {
    // A 1 m NMT-like sheet of 1200 × 600 pixels.
    const windows = sheetWindows([357000, 505000, 358200, 505600], 1);
    expect(windows).toEqual([
      [357000, 505088, 357512, 505600],
      [357512, 505088, 358024, 505600],
      [358024, 505088, 358200, 505600],
      [357000, 505000, 357512, 505088],
      [357512, 505000, 358024, 505088],
      [358024, 505000, 358200, 505088],
    ]);
    for (const [x0, y0, x1, y1] of windows) expect(Math.max(x1 - x0, y1 - y0)).toBeLessThanOrEqual(DEM_CHUNK_PX);
  });

  it('makes one chunk of a demo sheet (5 km at 10 m: 500 pixels)', () => {
    expect(sheetWindows([355000, 500000, 360000, 505000], 10)).toEqual([[355000, 500000, 360000, 505000]]);
  });
});
