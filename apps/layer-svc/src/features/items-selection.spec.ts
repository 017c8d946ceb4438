import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { itemsSelection, parseBbox2180 } from './items-selection.js';

function failure(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as AppError).message;
  }
  throw new Error('expected a failure');
}

describe('the selection of an OGC API items request', () => {
  it('reads a bbox in EPSG:2180 northing first and hands PostGIS easting as x', () => {
    expect(parseBbox2180('500000, 350000, 510000, 360000')).toEqual({ srid: 2180, xmin: 350000, ymin: 500000, xmax: 360000, ymax: 510000 });
    expect(failure(() => parseBbox2180('500000,350000,490000,360000'))).toMatch(/minimums must be below maximums.*minNorthing,minEasting,maxNorthing,maxEasting/);
    expect(failure(() => parseBbox2180('16.9,52.4,16.95,52.42'))).toMatch(/looks like degrees, but bbox-crs is EPSG:2180/);
    expect(failure(() => parseBbox2180('1,2,3'))).toMatch(/must be 4 numbers/);
  });

  it('binds cursors to the box, its CRS, the filter, its language and its CRS, not to the output CRS', () => {
    const key = (request: Record<string, string>) => itemsSelection({ layer_id: 'parcels', ...request }).key;
    const filter = { filter: 'S_INTERSECTS(geometry, POINT(500000 350000))' };
    expect(key({ ...filter, filter_crs: 'EPSG:2180' })).not.toBe(key(filter));
    expect(key({ ...filter, crs: 'EPSG:2180' })).toBe(key(filter));
    expect(key({ bbox: '500000,350000,510000,360000', bbox_crs: 'EPSG:2180' })).not.toBe(key({ bbox: '500000,350000,510000,360000', bbox_crs: '[EPSG:2180]', filter: 'id = 1' }));
    expect(itemsSelection({ layer_id: 'parcels' })).toMatchObject({ whole: true, area: null, crs: 'CRS84' });
    expect(itemsSelection({ layer_id: 'parcels', bbox: '2.2,48.8,2.5,48.9' })).toMatchObject({ outside: true, whole: false });
  });
});
