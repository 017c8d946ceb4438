import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { bboxesOverlap, checkTile, tileAt, tileBbox } from './tile.js';

describe('XYZ tiles', () => {
  it('accepts z 0..22 and x, y within 2^z', () => {
    expect(checkTile(0, 0, 0)).toEqual({ z: 0, x: 0, y: 0 });
    expect(checkTile(22, 2 ** 22 - 1, 0)).toMatchObject({ z: 22 });
    for (const [z, x, y, pattern] of [
      [23, 0, 0, /z must be an integer from 0 to 22/],
      [-1, 0, 0, /z must be/],
      [1.5, 0, 0, /z must be/],
      [3, 8, 0, /x must be an integer from 0 to 7 at zoom 3/],
      [3, 0, -1, /y must be an integer from 0 to 7/],
    ] as const) {
      expect(() => checkTile(z, x, y)).toThrow(AppError);
      expect(() => checkTile(z, x, y)).toThrow(pattern);
    }
  });

  it('finds the tile of a point and the box of a tile, north row first', () => {
    const tile = tileAt(16.9252, 52.4064, 14);
    expect(tile).toEqual({ z: 14, x: 8962, y: 5381 });
    const box = tileBbox(tile);
    expect(box.minLng).toBeLessThanOrEqual(16.9252);
    expect(box.maxLng).toBeGreaterThan(16.9252);
    expect(box.minLat).toBeLessThanOrEqual(52.4064);
    expect(box.maxLat).toBeGreaterThan(52.4064);
    expect(tileBbox({ z: 0, x: 0, y: 0 }).maxLat).toBeCloseTo(85.0511, 3);
  });

  it('tells whether two boxes overlap', () => {
    const a = { minLng: 0, minLat: 0, maxLng: 1, maxLat: 1 };
    expect(bboxesOverlap(a, { minLng: 1, minLat: 1, maxLng: 2, maxLat: 2 })).toBe(true);
    expect(bboxesOverlap(a, { minLng: 1.1, minLat: 0, maxLng: 2, maxLat: 1 })).toBe(false);
  });
});
