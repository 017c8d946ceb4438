import { describe, expect, it } from '@jest/globals';
import { ParcelTerrainAccumulator } from './parcel-terrain.js';
import { windowsOf } from './terrain-windows.js';

describe('windows over a mosaic', () => {
  it('counts every pixel in exactly one window, margins aside, and places each window on the map', () => {
    const width = 1000;
    const height = 700;
    const windows = windowsOf(width, height, [500000, 1, 0, 400700, 0, -1], 256);
    const counted = new Uint8Array(width * height);
    for (const w of windows) {
      const [left, top, right, bottom] = w.margin;
      for (let row = w.y + top; row < w.y + w.height - bottom; row++) for (let col = w.x + left; col < w.x + w.width - right; col++) counted[row * width + col]!++;
      expect(w.extent).toEqual([500000 + w.x, 400700 - (w.y + w.height), 500000 + w.x + w.width, 400700 - w.y]);
    }
    expect(counted.every((n) => n === 1)).toBe(true);
    expect(windows).toHaveLength(4 * 3);
    // Inner windows carry one pixel of margin on every side for the slope; the mosaic's edges none.
    expect(windows[5]!.margin).toEqual([1, 1, 1, 1]);
    expect(windows[0]!.margin).toEqual([0, 0, 1, 1]);
  });
});

describe('terrain statistics gathered per parcel', () => {
  const gather = (slopes: number[], aspects: number[], elevations = slopes.map((_, i) => 100 + i)) => {
    const stats = new ParcelTerrainAccumulator(2, 30);
    stats.add({ ids: Int32Array.from(slopes.map(() => 1)), elevation: Float32Array.from(elevations), slope: Float32Array.from(slopes), aspect: Float32Array.from(aspects), elevationNoData: -9999 });
    return stats;
  };

  it('gives the 90th percentile from the slope histogram, never above the steepest pixel', () => {
    const slopes = Array.from({ length: 100 }, (_, i) => i / 2);
    const result = gather(slopes, slopes.map(() => 180)).result(1)!;
    expect(result.slope_p90_pct).toBe(45);
    expect(result.slope_max_pct).toBe(49.5);
    expect(result.steep_share).toBeCloseTo(39 / 100, 4);
    expect(gather([4, 4, 4], [180, 180, 180]).result(1)!.slope_p90_pct).toBe(4);
  });

  it('counts south between 135° and 225° inclusive, only where the ground slopes, and names the dominant sector', () => {
    const result = gather([5, 5, 5, 5, 0.5], [135, 225, 226, 90, 180]).result(1)!;
    expect(result.south_facing_share).toBe(0.4);
    expect(result.aspect).toBe('SW');
    expect(gather([0.5, 0.5], [180, 180]).result(1)!.aspect).toBe('flat');
  });

  it('skips no-data elevations and gives no statistics to a parcel without pixels', () => {
    const stats = gather([5, 5], [180, 180], [-9999, 120]);
    expect(stats.result(1)).toMatchObject({ elevation_min_m: 120, elevation_max_m: 120, pixels: 1 });
    expect(stats.result(2)).toBeNull();
  });
});
