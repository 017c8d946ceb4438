import { describe, expect, it } from '@jest/globals';
import type { SearchParcelsRequest } from '@lp/contracts';
import type { ExplainedResult } from '../../engine/search-results.js';
import { explainResult } from './why-builder.js';

const request: SearchParcelsRequest = {
  region: '3064011',
  filters: {
    area_sqm: { min: 10_000 },
    slope_pct: { max: 5 },
    near: [{ layer: 'power_substations', within_m: 10_000, where: { voltage_kv_gte: 110 } }],
    exclude: [{ layer: 'env_layers', kinds: ['natura2000_habitat', 'natura2000_birds'], buffer_m: 100 }],
  },
  rank_by: [
    { signal: 'grid_distance_km', weight: 60 },
    { signal: 'area', weight: 40 },
  ],
};

const result: ExplainedResult = {
  parcel_id: '306401_1.0012.100/1',
  area_sqm: 24_000,
  gmina: 'Poznań',
  teryt: '3064011',
  geometry: { type: 'Polygon', coordinates: [] },
  score: 87.4,
  components: [
    { signal: 'grid_distance_km', value: 3.2, contribution: 50 },
    { signal: 'area', value: 24_000, contribution: 37.4 },
  ],
};

describe('explainResult', () => {
  it('says why in the language of the interpretation, quoting measured values from the score components', () => {
    expect(explainResult({ request, language: 'en' }, result)).toEqual([
      '2.4 ha (at least 1 ha)',
      'mean slope at most 5 %',
      '3.2 km to a substation (within 10 km of a substation of at least 110 kV)',
      'outside Natura 2000, keeping 100 m away',
      'score 87/100 in this result set',
    ]);
    expect(explainResult({ request, language: 'pl' }, result)[0]).toBe('2,4 ha (co najmniej 1 ha)');
  });

  it('uses the facts the engine attaches, and says what could not be checked for this parcel', () => {
    const why = explainResult(
      { request, language: 'en' },
      { ...result, unscreened: ['slope', 'exclude:env_layers'], facts: { near_m: { 'near:power_substations': 2750 }, near_name: { 'near:power_substations': 'GPZ Plewiska' } } },
    );
    expect(why).toContain('slope not checked: no terrain data in this gmina');
    expect(why).toContain('2.75 km to a substation (GPZ Plewiska) (within 10 km of a substation of at least 110 kV)');
    expect(why).toContain('not checked (no data in this gmina): outside Natura 2000, keeping 100 m away');
  });

  it('gives the same reasons for the same result', () => {
    expect(explainResult({ request, language: 'pl' }, result)).toEqual(explainResult({ request, language: 'pl' }, structuredClone(result)));
  });
});
