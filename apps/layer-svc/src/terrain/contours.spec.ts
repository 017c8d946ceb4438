import { describe, expect, it } from '@jest/globals';
import { contourWindows } from './contours.js';
import { WINDOW_PX } from './terrain-windows.js';

describe('contour windows', () => {
  // A 10 m mosaic of 5000 × 3000 pixels from (300000, 530000), north-up.
  const t = [300_000, 10, 0, 530_000, 0, -10];

  it('contours only the windows that touch a sheet, each reaching one pixel into the next', () => {
    const sheets = [
      { file: 'north-west.asc', extent: [300_000, 525_000, 305_000, 530_000] as [number, number, number, number] },
      { file: 'south-east.asc', extent: [345_000, 500_000, 350_000, 505_000] as [number, number, number, number] },
    ];
    expect(contourWindows(5000, 3000, t, sheets)).toEqual([
      { x: 0, y: 0, width: WINDOW_PX + 1, height: WINDOW_PX + 1, sheets: ['north-west.asc'] },
      { x: 4096, y: 2048, width: 904, height: 952, sheets: ['south-east.asc'] },
    ]);
  });

  it('makes no window where no sheet is', () => {
    expect(contourWindows(5000, 3000, t, [])).toEqual([]);
  });
});
