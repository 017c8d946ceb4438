import { describe, expect, it } from '@jest/globals';
import { COMPARE_BEST_RULES, type CompareBestColumn, type CompareGapView, type ComparisonRowView } from '@lp/contracts';
import fc from 'fast-check';
import { bestValues } from './best-values.js';

const COLUMNS = Object.keys(COMPARE_BEST_RULES) as CompareBestColumn[];

function row(parcel_id: string, fields: Partial<ComparisonRowView> = {}): ComparisonRowView {
  return { parcel_id, gmina: 'Gmina', teryt: '3064011', area_sqm: 1000, zoning_source: 'none', blocking_constraints: 0, restrictive_constraints: 0, gaps: [], ...fields };
}
const fit = (passes: boolean) => ({ passes }) as unknown as NonNullable<ComparisonRowView['scenario_fit']>;

describe('the best value of each compared column', () => {
  it('takes the largest area and the smallest count, slope and distance', () => {
    const best = bestValues(
      [
        row('a', { area_sqm: 5000, blocking_constraints: 1, restrictive_constraints: 0, slope_mean_pct: 2.5, substation_m: 900, transit_stop_m: 300, school_m: 1200, water_m: 80 }),
        row('b', { area_sqm: 3000, blocking_constraints: 0, restrictive_constraints: 2, slope_mean_pct: 0.4, substation_m: 4000, transit_stop_m: 150, school_m: 2500, water_m: 40 }),
      ],
      undefined,
    );
    expect(best).toEqual({
      area_sqm: { value: 5000, parcel_ids: ['a'] },
      blocking_constraints: { value: 0, parcel_ids: ['b'] },
      restrictive_constraints: { value: 0, parcel_ids: ['a'] },
      slope_mean_pct: { value: 0.4, parcel_ids: ['b'] },
      substation_m: { value: 900, parcel_ids: ['a'] },
      transit_stop_m: { value: 150, parcel_ids: ['b'] },
      school_m: { value: 1200, parcel_ids: ['a'] },
      water_m: { value: 40, parcel_ids: ['b'] },
    });
  });

  it('names every parcel sharing the best value, in the order compared', () => {
    const best = bestValues([row('c', { area_sqm: 800 }), row('a', { area_sqm: 1200 }), row('b', { area_sqm: 1200 })], undefined);
    expect(best.area_sqm).toEqual({ value: 1200, parcel_ids: ['a', 'b'] });
  });

  it('never lets a parcel without the value win, and leaves out a column no parcel has', () => {
    // a distance the data cannot give is absent, not 0: the parcel with no school data is not "nearest"
    const best = bestValues([row('a', { school_m: 2200 }), row('b', { gaps: [{ column: 'school_m', reason: 'no_data', note: 'unknown' }] })], undefined);
    expect(best.school_m).toEqual({ value: 2200, parcel_ids: ['a'] });
    expect(best).not.toHaveProperty('slope_mean_pct');
    expect(best).not.toHaveProperty('water_m');
  });

  it('does not call a constraint count fewest where constraint layers lack data (a lower bound, not a known value)', () => {
    const note = 'Constraint layers without full data here: env_layers; the counts may be too low.';
    const unchecked: CompareGapView[] = [
      { column: 'blocking_constraints', reason: 'partial_data', note },
      { column: 'restrictive_constraints', reason: 'partial_data', note },
    ];
    const best = bestValues([row('a', { blocking_constraints: 1, restrictive_constraints: 3 }), row('b', { blocking_constraints: 0, restrictive_constraints: 0, gaps: unchecked })], undefined);
    expect(best.blocking_constraints).toEqual({ value: 1, parcel_ids: ['a'] });
    expect(best.restrictive_constraints).toEqual({ value: 3, parcel_ids: ['a'] });
    expect(bestValues([row('b', { gaps: unchecked }), row('c', { gaps: unchecked })], undefined)).not.toHaveProperty('blocking_constraints');
  });

  it('lets a distance of 0 (the parcel touches the feature) win', () => {
    expect(bestValues([row('a', { water_m: 0 }), row('b', { water_m: 10 })], undefined).water_m).toEqual({ value: 0, parcel_ids: ['a'] });
  });

  it('lists the parcels passing the scenario when one was asked, none left out for not answering', () => {
    const rows = [row('a', { scenario_fit: fit(true) }), row('b', { scenario_fit: fit(false) }), row('c'), row('d', { scenario_fit: fit(true) })];
    expect(bestValues(rows, 'solar_farm').scenario_passes).toEqual(['a', 'd']);
    expect(bestValues(rows, undefined)).not.toHaveProperty('scenario_passes');
    expect(bestValues([row('a', { scenario_fit: fit(false) })], 'solar_farm').scenario_passes).toEqual([]);
  });

  it('for any rows: the best is the extreme among the parcels holding a known value, with exactly the parcels holding it', () => {
    const value = fc.option(fc.integer({ min: 0, max: 20 }), { nil: undefined });
    const anyRow = fc.record({
      cells: fc.record(Object.fromEntries(COLUMNS.map((c) => [c, value])) as Record<CompareBestColumn, fc.Arbitrary<number | undefined>>),
      partialConstraints: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(anyRow, { minLength: 2, maxLength: 20 }), (cells) => {
        const rows = cells.map(({ cells: c, partialConstraints }, i) => {
          const fields = Object.fromEntries(Object.entries(c).filter(([, v]) => v !== undefined));
          const gaps: CompareGapView[] = partialConstraints ? [{ column: 'blocking_constraints', reason: 'partial_data', note: 'may be too low' }] : [];
          return row(`p${i}`, { ...fields, gaps });
        });
        const best = bestValues(rows, undefined);
        for (const column of COLUMNS) {
          const held = rows.filter((r) => typeof r[column] === 'number' && !r.gaps.some((g) => g.column === column));
          if (held.length === 0) {
            expect(best).not.toHaveProperty(column);
            continue;
          }
          const values = held.map((r) => r[column] as number);
          const extreme = COMPARE_BEST_RULES[column] === 'highest' ? Math.max(...values) : Math.min(...values);
          expect(best[column]).toEqual({ value: extreme, parcel_ids: held.filter((r) => r[column] === extreme).map((r) => r.parcel_id) });
        }
      }),
    );
  });
});
