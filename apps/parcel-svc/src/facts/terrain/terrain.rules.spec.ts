import { describe, expect, it } from '@jest/globals';
import type { BlockSourceView, CoverageStatus } from '@lp/contracts';
import fc from 'fast-check';
import { GminaCoverage } from '../layer-coverage.js';
import { composeTerrain, type RawTerrain } from './terrain.rules.js';

const coverage = (status: CoverageStatus | undefined) => new GminaCoverage(new Map(status ? [['terrain_stats', status]] : []));
const source = (layer: string): BlockSourceView => ({ layer, version: 2, source_run_id: `run-${layer}`, refreshed_at: '2026-10-01T00:00:00Z' });
const sources = new Map([['parcels', source('parcels')], ['terrain_stats', source('terrain_stats')], ['roads', source('roads')]]);
const figures = { elevation_min_m: 101.5, elevation_max_m: 104, elevation_mean_m: 102.2, slope_mean_pct: 0, slope_p90_pct: 1.5, aspect: 'flat', dem_resolution_m: 1 };

describe('the terrain block', () => {
  it('gives the figures of terrain_stats, a flat parcel\'s slope of 0 included', () => {
    expect(composeTerrain(figures, coverage('available'), sources)).toEqual({
      ...figures,
      coverage: [{ layer: 'terrain_stats', status: 'available' }],
      sources: [source('parcels'), source('terrain_stats')],
    });
  });

  it('leaves out a figure terrain_stats does not have rather than writing null or zero', () => {
    const view = composeTerrain({ ...figures, slope_p90_pct: null, aspect: null } as unknown as RawTerrain, coverage('available'), sources);
    expect(view).not.toHaveProperty('slope_p90_pct');
    expect(view).not.toHaveProperty('aspect');
    expect(view.elevation_mean_m).toBe(102.2);
  });

  it('calls the layer partial, not available, where the gmina has terrain data but not for this parcel', () => {
    const view = composeTerrain(null, coverage('available'), sources);
    expect(view).toEqual({
      coverage: [{ layer: 'terrain_stats', status: 'partial', note: 'terrain_stats has data in this gmina but none for this parcel; elevation and slope are unknown, not zero.' }],
      sources: [source('parcels'), source('terrain_stats')],
    });
  });

  it('says the layer is still rolling out where the gmina has none or only part of it', () => {
    for (const [status, expected] of [[undefined, 'missing'], ['missing', 'missing'], ['partial', 'partial']] as const) {
      const view = composeTerrain(null, coverage(status), new Map());
      expect(view).toEqual({
        coverage: [{ layer: 'terrain_stats', status: expected, note: 'terrain_stats is rolling out powiat by powiat and has no data here yet; elevation and slope are unknown, not zero.' }],
        sources: [],
      });
    }
  });

  it('for any figures held: every one shown as it is, every one not held left out, never null', () => {
    const figure = <T>(value: fc.Arbitrary<T>) => fc.option(value, { nil: null });
    const number = fc.double({ min: -10, max: 2500, noNaN: true });
    fc.assert(
      fc.property(
        fc.option(
          fc.record({
            elevation_min_m: figure(number),
            elevation_max_m: figure(number),
            elevation_mean_m: figure(number),
            slope_mean_pct: figure(number),
            slope_p90_pct: figure(number),
            aspect: figure(fc.constantFrom('N', 'SE', 'flat')),
            dem_resolution_m: figure(fc.constantFrom(1, 5)),
          }),
          { nil: null },
        ),
        fc.constantFrom<CoverageStatus | undefined>('available', 'partial', 'missing', undefined),
        (raw, status) => {
          const view = composeTerrain(raw as unknown as RawTerrain, coverage(status), sources) as unknown as Record<string, unknown>;
          for (const [key, value] of Object.entries(raw ?? figures)) {
            if (raw && value !== null) expect(view[key]).toBe(value);
            else expect(view).not.toHaveProperty(key);
          }
          const [entry] = view.coverage as Array<{ status: CoverageStatus; note?: string }>;
          // no row for the parcel is never "available", and always says why
          if (!raw) expect([entry!.status === 'available', typeof entry!.note]).toEqual([false, 'string']);
        },
      ),
    );
  });
});
