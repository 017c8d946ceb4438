import { describe, expect, it } from '@jest/globals';
import { regionPrefixes } from './evaluation.repository.js';
import { inRegions } from './watch-evaluator.js';

describe('which watches a refresh reaches', () => {
  it('matches a refreshed gmina to watches on its voivodeship, powiat or itself', () => {
    expect(regionPrefixes(['3064011', '3021093'])).toEqual(['30', '3021', '3021093', '3064', '3064011']);
  });

  it('keeps only the refreshed gminas inside the watch regions; no regions is all of Poland', () => {
    expect(['3064011', '3021093', '2815092'].filter((g) => inRegions(['3064'], g))).toEqual(['3064011']);
    expect(['3064011', '2815092'].filter((g) => inRegions([], g))).toEqual(['3064011', '2815092']);
  });
});
