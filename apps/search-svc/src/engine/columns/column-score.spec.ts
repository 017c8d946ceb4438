import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { SignalPlan } from '../signal-sql.js';
import { BOUNDARY, compileScorePass, KEY_SLOTS, scoreBound, type ScoredSignal } from './column-score.js';
import { zoneOf } from './column-zones.js';
import { SparseNumbers } from './column-sparse.js';
import { codedOf } from '../../../test/coded-numbers.js';

/** The score key of one row written plainly (the first implementation of the engine): the reference. */
function plainCode(signals: readonly ScoredSignal[], rankedWeight: number, values: readonly Float64Array[], row: number): number {
  let sum = 0;
  signals.forEach((signal, j) => {
    const raw = values[j]![row]!;
    const value = signal.scale ? raw / signal.scale : raw;
    let position: number;
    if (value !== value || signal.max === null || signal.min === null) position = 0;
    else if (signal.max === signal.min) position = 1;
    else position = signal.plan.direction === 'higher' ? (value - signal.min) / (signal.max - signal.min) : (signal.max - value) / (signal.max - signal.min);
    sum += (position * (100 * 100 * signal.plan.weight)) / rankedWeight;
  });
  const uncertain = Math.abs(sum - Math.floor(sum) - 0.5) < BOUNDARY;
  const low = Math.min(KEY_SLOTS - 2, Math.max(0, uncertain ? Math.floor(sum) : Math.floor(sum + 0.5)));
  return low * 2 + (uncertain ? 1 : 0);
}

const value = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(Number.NaN), fc.constantFrom(0, 1, 2.5, 100, 1e-9));

const signalCase = fc.record({
  weight: fc.constantFrom(0.3, 0.5, 1, 2, 3, 5, 50),
  direction: fc.constantFrom('higher' as const, 'lower' as const),
  scale: fc.constantFrom(undefined, 1000),
  // null range: no matched row has a value; equal ends: all equal
  range: fc.oneof(
    fc.constant(null),
    fc.double({ min: -1e6, max: 1e6, noNaN: true }).map((v) => [v, v] as const),
    fc
      .tuple(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.double({ min: -1e6, max: 1e6, noNaN: true }))
      .map(([a, b]) => [Math.min(a, b), Math.max(a, b)] as const)
      // a range as wide as a subnormal number sends a value outside it to ±Infinity, and two such
      // signals sum to NaN, which no key stands for; a matched range holds its values, so the engine never meets it
      .filter(([a, b]) => a === b || b - a >= 1e-9),
  ),
  values: fc.array(value, { minLength: 40, maxLength: 40 }),
  // the column held dense, coded (column-coded.ts) or sparsely (column-sparse.ts, NaN where absent): the same values
  held: fc.constantFrom('dense' as const, 'coded' as const, 'sparse' as const),
});

describe('the compiled score pass', () => {
  it('gives every row the key and count of the rule written plainly, bit for bit', () => {
    fc.assert(
      fc.property(fc.array(signalCase, { minLength: 1, maxLength: 4 }), fc.uniqueArray(fc.integer({ min: 0, max: 39 }), { minLength: 1, maxLength: 40 }), (cases, picked) => {
        const signals: ScoredSignal[] = cases.map((c, j) => ({
          plan: { signal: 'area', weight: c.weight, direction: c.direction, alias: `s${j}` } as SignalPlan,
          scale: c.scale,
          min: c.range === null ? null : c.range[0],
          max: c.range === null ? null : c.range[1],
          sparse: c.held === 'sparse',
        }));
        const rankedWeight = signals.reduce((sum, s) => sum + (s.max === null ? 0 : s.plan.weight), 0) || 1;
        const values = cases.map((c) => Float64Array.from(c.values));
        const rows = Int32Array.from(picked);
        const histogram = new Float64Array(KEY_SLOTS);
        const code = new Int32Array(rows.length);
        const held = cases.map((c, j) => (c.held === 'sparse' ? SparseNumbers.fromDense(values[j]!) : c.held === 'coded' ? codedOf(values[j]!) : values[j]!));
        const top = compileScorePass(signals, rankedWeight)(rows, rows.length, held, histogram, code);
        const expected = Array.from(rows, (row) => plainCode(signals, rankedWeight, values, row));
        expect(Array.from(code)).toEqual(expected);
        // the highest key a row may round to: the gmina-skipping bound of ColumnSearch.candidates
        expect(top).toBe(Math.max(...expected.map((c) => (c >> 1) + (c & 1))));
        // the counts by key, compared where any is not 0 (a 10,002-slot array compared whole is slow)
        const counted = new Map<number, number>();
        for (const c of expected) counted.set(c >> 1, (counted.get(c >> 1) ?? 0) + 1);
        const filled = new Map<number, number>();
        histogram.forEach((n, key) => n > 0 && filled.set(key, n));
        expect(filled).toEqual(counted);
      }),
      { numRuns: 1_000 },
    );
  });

  it('bounds from the columns’ zones every key a row of the gmina gets, the range being over the matched rows of this gmina and others', () => {
    const elsewhere = fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { maxLength: 3 });
    fc.assert(
      fc.property(fc.array(signalCase, { minLength: 1, maxLength: 4 }), fc.uniqueArray(fc.integer({ min: 0, max: 39 }), { minLength: 1, maxLength: 40 }), fc.array(elsewhere, { minLength: 4, maxLength: 4 }), (cases, picked, others) => {
        const values = cases.map((c) => Float64Array.from(c.values));
        const rows = Int32Array.from(picked);
        // the range as the engine takes it: over the matched rows' values (scaled) here and in other gminas, null where none has one
        const signals: ScoredSignal[] = cases.map((c, j) => {
          const taken = [...Array.from(rows, (row) => values[j]![row]!).filter((v) => !Number.isNaN(v)).map((v) => (c.scale ? v / c.scale : v)), ...others[j]!];
          return {
            plan: { signal: 'area', weight: c.weight, direction: c.direction, alias: `s${j}` } as SignalPlan,
            scale: c.scale,
            min: taken.length === 0 ? null : Math.min(...taken),
            max: taken.length === 0 ? null : Math.max(...taken),
            sparse: c.held === 'sparse',
          };
        });
        const rankedWeight = signals.reduce((sum, s) => sum + (s.max === null ? 0 : s.plan.weight), 0) || 1;
        const held = cases.map((c, j) => (c.held === 'sparse' ? SparseNumbers.fromDense(values[j]!) : c.held === 'coded' ? codedOf(values[j]!) : values[j]!));
        const pass = compileScorePass(signals, rankedWeight);
        const top = pass(rows, rows.length, held, new Float64Array(KEY_SLOTS), new Int32Array(rows.length));
        expect(scoreBound(pass, signals)(held.map(zoneOf))).toBeGreaterThanOrEqual(top);
      }),
      { numRuns: 1_000 },
    );
  });

  it('takes a best value beyond the range as none: the gmina’s matched rows have none there and add nothing', () => {
    // signal a ranges over 100..200 elsewhere; here only an unmatched row has a value (10), the matched row has none
    const signals: ScoredSignal[] = [
      { plan: { signal: 'area', weight: 1, direction: 'higher', alias: 'a' } as SignalPlan, scale: undefined, min: 100, max: 200, sparse: false },
      { plan: { signal: 'slope_pct', weight: 1, direction: 'higher', alias: 'b' } as SignalPlan, scale: undefined, min: 0, max: 1, sparse: false },
    ];
    const held = [Float64Array.of(Number.NaN, 10), Float64Array.of(1, 0)];
    const pass = compileScorePass(signals, 2);
    const top = pass(Int32Array.of(0), 1, held, new Float64Array(KEY_SLOTS), new Int32Array(1));
    expect(top).toBe(5000);
    expect(scoreBound(pass, signals)(held.map(zoneOf))).toBe(5000);
  });

  it('keeps a row whose sum sits on a rounding boundary uncertain', () => {
    // one signal, weight 1, range 0..100: value 0.005 scores 0.005 × 100 = 0.5 (the boundary of 0 and 1)
    const signals: ScoredSignal[] = [{ plan: { signal: 'area', weight: 1, direction: 'higher', alias: 's0' }, scale: undefined, min: 0, max: 100, sparse: false }];
    const histogram = new Float64Array(KEY_SLOTS);
    const code = new Int32Array(1);
    const top = compileScorePass(signals, 1)(Int32Array.of(0), 1, [Float64Array.of(0.005)], histogram, code);
    expect(code[0]).toBe(0 * 2 + 1);
    expect(top).toBe(1);
  });
});
