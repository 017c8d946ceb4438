import { describe, expect, it } from '@jest/globals';
import type { Criterion } from '../criteria.js';
import type { Note } from '../notes.js';
import { mergeCriteria } from './merge-criteria.js';
import { startMerge } from './merged-request.js';

const merged = (base: Parameters<typeof startMerge>[0], criteria: Criterion[]) => {
  const notes: Note[] = [];
  const merge = startMerge(base, notes);
  mergeCriteria(merge, criteria);
  return merge;
};

describe('merging criteria into a request', () => {
  it('lowers a minimum area above the maximum asked, and says so', () => {
    const merge = merged({ filters: { area_sqm: { min: 20_000 } } }, [{ type: 'area', max: 5_000, reading: 'max', text: 'do 5000 m²' }]);
    expect(merge.filters.area_sqm).toEqual({ max: 5_000 });
    expect(merge.notes).toEqual([{ id: 'area_min_lowered', text: 'do 5000 m²', sqm: 20_000 }]);
  });

  it('lets a default slope only tighten the scenario\'s, and a slope said replace it', () => {
    const flat: Criterion = { type: 'slope', max: 5, explicit: false, text: 'płaska' };
    expect(merged({ filters: { slope_pct: { max: 3 } } }, [flat]).filters.slope_pct).toEqual({ max: 3 });
    expect(merged({ filters: { slope_pct: { max: 3 } } }, [{ ...flat, max: 8, explicit: true }]).filters.slope_pct).toEqual({ max: 8 });
  });

  it('replaces the scenario\'s near filter on a layer once, and refuses a second ask of the query on it', () => {
    const near = (kinds: string[], text: string): Criterion => ({ type: 'near', target: 'school', layer: 'services_poi', withinM: 1000, explicit: true, kinds, text });
    const merge = merged({ filters: { near: [{ layer: 'services_poi', within_m: 2000, kinds: ['school'] }] } }, [near(['kindergarten'], 'przedszkole'), near(['shop'], 'sklep')]);
    expect(merge.near).toEqual([{ layer: 'services_poi', within_m: 1000, kinds: ['kindergarten'] }]);
    expect(merge.notes.map((note) => note.id)).toEqual(['replaces_scenario', 'one_per_layer']);
  });

  it("replaces the scenario's distance from homes with the query's once, and refuses a second ask on buildings", () => {
    const homes = (beyondM: number, text: string): Criterion => ({ type: 'far', target: 'residential_building', layer: 'buildings', beyondM, kinds: ['single_family', 'multi_family'], text });
    const wind = { filters: { far: [{ layer: 'buildings', kinds: ['single_family', 'multi_family'], beyond_m: 700 }] } };
    const merge = merged(wind, [homes(1000, 'co najmniej 1 km od budynków mieszkalnych'), homes(1500, 'at least 1.5 km from homes')]);
    expect(merge.far).toEqual([{ layer: 'buildings', kinds: ['single_family', 'multi_family'], beyond_m: 1000 }]);
    expect(merge.notes.map((note) => note.id)).toEqual(['replaces_scenario', 'one_per_layer']);
  });

  it('clamps a distance beyond what the API takes, and says so', () => {
    const merge = merged({}, [{ type: 'far', target: 'school', layer: 'services_poi', beyondM: 10_000_000, text: 'daleko' }]);
    expect(merge.far).toHaveLength(1);
    expect(merge.notes).toEqual([expect.objectContaining({ id: 'clamped', text: 'daleko', unit: 'm' })]);
  });
});
