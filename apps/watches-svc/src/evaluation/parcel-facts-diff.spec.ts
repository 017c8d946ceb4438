import { describe, expect, it } from '@jest/globals';
import { diffParcelFacts } from './parcel-facts-diff.js';

describe('diffParcelFacts: what changed of watched parcels after a parcels refresh', () => {
  it('reports a parcel gone from the register (split or merged), a redrawn area, and a watched id that appeared', () => {
    const before = new Map([
      ['a', { area_sqm: 1000 }],
      ['b', { area_sqm: 2000 }],
      ['c', { area_sqm: 3000 }],
      ['d', null],
    ]);
    const after = new Map([
      ['b', { area_sqm: 2500.5 }],
      ['c', { area_sqm: 3000 }],
      ['d', { area_sqm: 40 }],
    ]);
    expect(diffParcelFacts(before, after)).toEqual([
      { type: 'facts_changed', parcel_id: 'a', criterion: 'parcel', before: { exists: true, area_sqm: 1000 }, after: { exists: false } },
      { type: 'facts_changed', parcel_id: 'b', criterion: 'area', before: { area_sqm: 2000 }, after: { area_sqm: 2500.5 } },
      { type: 'facts_changed', parcel_id: 'd', criterion: 'parcel', before: { exists: false }, after: { exists: true, area_sqm: 40 } },
    ]);
  });

  it('finds nothing when the parcels are as they were', () => {
    expect(diffParcelFacts(new Map([['a', { area_sqm: 1000 }]]), new Map([['a', { area_sqm: 1000.004 }]]))).toEqual([]);
  });
});
