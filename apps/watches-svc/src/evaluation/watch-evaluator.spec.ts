import { describe, expect, it } from '@jest/globals';
import type { LayerRefreshedEvent } from '@lp/contracts';
import { regionPrefixes, type WatchToEvaluate } from './evaluation.repository.js';
import { answerIn, inRegions, narrowedTo, searchWorkOf } from './watch-evaluator.js';

describe('which watches a refresh reaches', () => {
  it('matches a refreshed gmina to watches on its voivodeship, powiat or itself', () => {
    expect(regionPrefixes(['3064011', '3021093'])).toEqual(['30', '3021', '3021093', '3064', '3064011']);
  });

  it('keeps only the refreshed gminas inside the watch regions; no regions is all of Poland', () => {
    expect(['3064011', '3021093', '2815092'].filter((g) => inRegions(['3064'], g))).toEqual(['3064011']);
    expect(['3064011', '2815092'].filter((g) => inRegions([], g))).toEqual(['3064011', '2815092']);
  });
});

describe('what a refresh makes a search watch re-run', () => {
  const watch = (search: WatchToEvaluate['search'], regions: string[]): WatchToEvaluate => ({
    id: 'w_1',
    search,
    parcel_ids: null,
    regions,
    has_webhook: false,
    coverage: {},
  });
  const event = (layerId: string, teryt: string[]): LayerRefreshedEvent => ({
    layer_id: layerId,
    run_id: 'r1',
    version: 2,
    teryt,
    refreshed_at: '2026-12-07T12:00:00Z',
  });
  const near = { region: '3064', filters: { near: [{ layer: 'power_substations', within_m: 500 }] } };

  it('each touched gmina of its regions, named by the criterion the refreshed layer feeds', () => {
    const work = searchWorkOf(watch(near, ['3064']), event('power_substations', ['3064011', '2815092', '3064021']));
    expect(work).toMatchObject({ gminas: ['3064011', '3064021'], deciding: 'near:power_substations' });
    expect(narrowedTo(work!.search, '3064011')).toEqual({ ...near, region: '3064011' });
  });

  it('nothing for a layer no criterion reads, or a refresh outside its regions; a parcels refresh reaches every search', () => {
    expect(searchWorkOf(watch(near, ['3064']), event('plan_ogolny_zones', ['3064011']))).toBeNull();
    expect(searchWorkOf(watch(near, ['3064']), event('power_substations', ['2815092']))).toBeNull();
    expect(searchWorkOf(watch(near, ['3064']), event('parcels', ['3064011']))).toMatchObject({ gminas: ['3064011'], deciding: null });
  });

  it('keeps a bbox search as it is: its answer is filtered to the gmina', () => {
    const boxed = { bbox: '16.9,52.4,17.0,52.5' };
    expect(narrowedTo(boxed, '3064011')).toBe(boxed);
  });

  it("takes a gmina's parcels from a match, and calls it truncated when more matched than came back (then nothing is said to have left)", () => {
    const match = {
      blocked: false,
      count: 2,
      matched: 5,
      parcels: [
        { parcel_id: 'a', teryt: '3064011' },
        { parcel_id: 'b', teryt: '3021093' },
      ],
      coverage: [{ criterion: 'near:power_substations', status: 'available' as const }],
    };
    expect(answerIn(match, '3064011')).toEqual({
      teryt: '3064011',
      parcels: new Set(['a']),
      coverage: { 'near:power_substations': 'available' },
      truncated: true,
    });
    expect(answerIn({ ...match, matched: 2 }, '3064011').truncated).toBe(false);
  });
});
