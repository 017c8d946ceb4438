import { describe, expect, it } from '@jest/globals';
import { assembleSites, type Candidate } from './site-assembler.js';

/** Strips side by side: each touches the one before and after. */
function strips(areas: readonly number[], meets: (k: number) => boolean[] = () => []): Candidate[] {
  return areas.map((area, k) => ({
    id: `s${k}`,
    area,
    meets: meets(k),
    neighbours: [k > 0 ? `s${k - 1}` : null, k < areas.length - 1 ? `s${k + 1}` : null].filter((n): n is string => n !== null),
  }));
}

describe('site assembly', () => {
  it('joins narrow strips that no single one reaches, largest neighbour first', () => {
    const sites = assembleSites(strips([3, 5, 4, 1]), { minTotalArea: 11, maxParcels: 10 });
    expect(sites).toEqual([['s1', 's2', 's0']]);
  });

  it('never shares a parcel between sites, and leaves out what cannot reach the area', () => {
    const sites = assembleSites(strips([6, 6, 6, 6, 1]), { minTotalArea: 12, maxParcels: 10 });
    expect(sites).toEqual([
      ['s0', 's1'],
      ['s2', 's3'],
    ]);
  });

  it('stops at max_parcels', () => {
    expect(assembleSites(strips([1, 1, 1, 1, 1]), { minTotalArea: 5, maxParcels: 4 })).toEqual([]);
    expect(assembleSites(strips([1, 1, 1, 1, 1]), { minTotalArea: 5, maxParcels: 5 })).toHaveLength(1);
  });

  it('a site is near when one member is: growth prefers a neighbour meeting an unmet site criterion', () => {
    // only the small far end strip is near the substation
    const candidates = strips([5, 5, 5, 1], (k) => [k === 3]);
    const sites = assembleSites(candidates, { minTotalArea: 10, maxParcels: 10 });
    expect(sites).toHaveLength(1);
    expect(sites[0]).toContain('s3');
    expect(sites[0]!.map((id) => candidates.find((c) => c.id === id)!.area).reduce((a, b) => a + b)).toBeGreaterThanOrEqual(10);
  });

  it('parcels that are not neighbours never join', () => {
    const apart: Candidate[] = [
      { id: 'a', area: 6, meets: [], neighbours: [] },
      { id: 'b', area: 6, meets: [], neighbours: [] },
    ];
    expect(assembleSites(apart, { minTotalArea: 10, maxParcels: 10 })).toEqual([]);
    expect(assembleSites(apart, { minTotalArea: 5, maxParcels: 10 })).toEqual([['a'], ['b']]);
  });
});
