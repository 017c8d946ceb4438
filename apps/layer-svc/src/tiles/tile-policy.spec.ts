import { describe, expect, it } from '@jest/globals';
import { LAYER_CATALOGUE, findLayer } from '@lp/contracts';
import { TILE_DATA_MAXZOOM, tileAttributes, tileFields, tileMinzoom, tileSimplifyTolerance } from './tile-policy.js';

describe('tile policy', () => {
  it('carries the required attributes first, then numbers and flags, at most six, never URLs', () => {
    expect(tileAttributes(findLayer('parcels')!).map((attribute) => attribute.name)).toEqual(['parcel_id', 'parcel_number', 'precinct_id', 'area_sqm', 'vacant', 'land_use_classes']);
    for (const layer of LAYER_CATALOGUE.filter((candidate) => candidate.servedVia.includes('tiles'))) {
      const names = tileAttributes(layer).map((attribute) => attribute.name);
      expect(names.length).toBeLessThanOrEqual(6);
      expect(names.filter((name) => name.endsWith('_url') || ['id', 'kind', 'name', 'teryt'].includes(name))).toEqual([]);
      expect(tileMinzoom(layer)).toBeLessThan(TILE_DATA_MAXZOOM);
    }
  });

  it('describes the fields of the tiles for TileJSON', () => {
    expect(tileFields(findLayer('grid_capacity')!)).toMatchObject({ id: 'String', kind: 'String', name: 'String', teryt: 'String' });
    expect(Object.values(tileFields(findLayer('parcels')!))).toEqual(expect.arrayContaining(['Number', 'Boolean', 'String']));
  });

  it('simplifies by half a tile unit, less at each zoom, and not at all from the data maxzoom', () => {
    // a z12 tile unit is 40075016.686 / 2^12 / 4096 = 2.39 web-mercator units
    expect(tileSimplifyTolerance(12)).toBeCloseTo(1.19, 2);
    expect(tileSimplifyTolerance(8)).toBeCloseTo(16 * tileSimplifyTolerance(12), 6);
    expect(tileSimplifyTolerance(TILE_DATA_MAXZOOM)).toBe(0);
  });
});
