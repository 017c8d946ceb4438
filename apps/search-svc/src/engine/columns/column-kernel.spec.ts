import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Expr } from './column-expr.js';
import { ceilFloat32, FrontValues, frontTestable } from './column-front.js';
import { CodedNumbers, numberAt } from './column-coded.js';
import { codedOf } from '../../../test/coded-numbers.js';
import { cheapestFirst, compileKernel, type ColumnArray, type KernelContext } from './column-kernel.js';
import { SparseNumbers } from './column-sparse.js';
import { zoneOf } from './column-zones.js';

/**
 * The compiled loop against SQL's three-valued logic written plainly (null as `null`): over random
 * rows and random expression trees, a row is selected exactly where the plain evaluation is true.
 * `n` is a dense number column, `z` a sparse one (mostly null, as the env distances).
 */

const CODES = ['mpzp', 'plan_ogolny', 'unknown'];
const SETS: Array<ReadonlySet<string> | null> = [null, new Set([]), new Set(['arable']), new Set(['forest', 'arable']), new Set(['orchard'])];

const context: KernelContext = {
  kindOf: (column) => (column === 'n' ? 'number' : column === 'z' ? 'sparse' : column === 'b' ? 'bool' : column === 's' ? 'set' : column === 'f' ? 'front' : 'code'),
  codeOf: (_column, value) => (CODES.includes(value) ? CODES.indexOf(value) + 1 : undefined),
  codeCount: (column) => (column === 's' ? SETS.length : CODES.length + 1),
  setOf: (_column, code) => SETS[code] ?? null,
};

interface Row {
  n: number | null;
  z: number | null;
  c: number;
  b: number;
  s: number;
  /** A front's steps: distance and value. */
  f: Array<[number, number]>;
  teryt: string;
}

/**
 * A front step's distance: whole, any double, or a hair (2^-40) either side of a whole number, where
 * rounding the held distance up to float32 meets a query distance float32 holds (column-front.ts).
 */
// a gmina with a distance off the half-metre grid's range (40,000 m) holds float32s: both forms are read
const frontDistance = fc.oneof(
  fc.integer({ min: 0, max: 6 }),
  fc.double({ min: 0, max: 6, noNaN: true }),
  fc.tuple(fc.integer({ min: 0, max: 12 }), fc.constantFrom(-1, 1)).map(([n, side]) => n / 2 + side * 2 ** -40),
  { weight: 1, arbitrary: fc.constant(40_000) },
);
/** A query distance the held front answers: one float32 holds (others go to PostgreSQL). */
// the distances the memory engine answers (frontTestable): on the half-metre grid
const frontWithin = fc.integer({ min: 0, max: 12 }).map((n) => n / 2);

type Truth = boolean | null;

function plain(e: Expr, row: Row): Truth {
  switch (e.op) {
    case 'const':
      return e.value;
    case 'cmp': {
      const v = e.column === 'z' ? row.z : row.n;
      if (v === null) return null;
      return e.cmp === '<=' ? v <= e.value : e.cmp === '>=' ? v >= e.value : e.cmp === '<' ? v < e.value : e.cmp === '>' ? v > e.value : v === e.value;
    }
    case 'isNull':
      return e.column === 'n' ? row.n === null : e.column === 'z' ? row.z === null : e.column === 'b' ? row.b === 0 : e.column === 's' ? row.s === 0 : row.c === 0;
    case 'in':
      return row.c === 0 ? null : e.values.includes(CODES[row.c - 1]!);
    case 'bool':
      return row.b === 0 ? null : row.b === 2;
    case 'overlaps':
      return row.s === 0 ? null : [...SETS[row.s]!].some((x) => e.values.includes(x));
    case 'front':
      return row.f.some(([m, v]) => m <= e.within && v >= e.atLeast);
    case 'gmina':
      return e.teryts.has(row.teryt);
    case 'and': {
      const values = e.args.map((a) => plain(a, row));
      return values.includes(false) ? false : values.includes(null) ? null : true;
    }
    case 'or': {
      const values = e.args.map((a) => plain(a, row));
      return values.includes(true) ? true : values.includes(null) ? null : false;
    }
    case 'not': {
      const value = plain(e.arg, row);
      return value === null ? null : !value;
    }
    case 'coalesce': {
      const value = plain(e.arg, row);
      return value === null ? e.fallback : value;
    }
  }
}

const leaf: fc.Arbitrary<Expr> = fc.oneof(
  fc.record({ op: fc.constant('cmp' as const), column: fc.constantFrom('n', 'z'), cmp: fc.constantFrom('<=' as const, '>=' as const, '<' as const, '>' as const, '=' as const), value: fc.integer({ min: -2, max: 2 }) }),
  fc.record({ op: fc.constant('isNull' as const), column: fc.constantFrom('n', 'z', 'c', 'b', 's') }),
  fc.record({ op: fc.constant('in' as const), column: fc.constant('c'), values: fc.subarray([...CODES, 'none']) }),
  fc.record({ op: fc.constant('bool' as const), column: fc.constant('b') }),
  fc.record({ op: fc.constant('overlaps' as const), column: fc.constant('s'), values: fc.subarray(['arable', 'forest', 'orchard', 'water']) }),
  fc.record({ op: fc.constant('const' as const), value: fc.constantFrom(true, false, null) }),
  fc.record({ op: fc.constant('gmina' as const), teryts: fc.subarray(['a', 'b']).map((t) => new Set(t)) }),
  fc.record({ op: fc.constant('front' as const), column: fc.constant('f'), within: frontWithin, atLeast: fc.double({ min: -1, max: 8, noNaN: true }) }),
);

const expr: fc.Arbitrary<Expr> = fc.letrec<{ e: Expr }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.record({ op: fc.constant('and' as const), args: fc.array(tie('e'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ op: fc.constant('or' as const), args: fc.array(tie('e'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ op: fc.constant('not' as const), arg: tie('e') }),
    fc.record({ op: fc.constant('coalesce' as const), arg: tie('e'), fallback: fc.boolean() }),
  ),
})).e;

const row: fc.Arbitrary<Row> = fc.record({
  n: fc.option(fc.integer({ min: -3, max: 3 }), { nil: null }),
  // null three times in four
  z: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.integer({ min: -3, max: 3 }) }),
  c: fc.integer({ min: 0, max: CODES.length }),
  b: fc.integer({ min: 0, max: 2 }),
  s: fc.integer({ min: 0, max: SETS.length - 1 }),
  f: fc.array(fc.tuple(frontDistance, fc.double({ min: -1, max: 8, noNaN: true })), { maxLength: 4 }),
  teryt: fc.constantFrom('a', 'b'),
});

/** A front column as the load writes it (column-catalogue.ts): `m1,m2;v1,v2` per row. */
function frontOf(rows: readonly Row[]): FrontValues {
  const text = rows.map((r) => `${r.f.map(([m]) => String(m)).join(',')};${r.f.map(([, v]) => String(v)).join(',')}`);
  return FrontValues.decode('f', text, '\u001f')!;
}

/** One gmina's columns holding the rows. */
function columnsHolding(rows: readonly Row[]): Record<string, ColumnArray> {
  return {
    n: Float64Array.from(rows, (r) => (r.n === null ? NaN : r.n)),
    z: SparseNumbers.fromDense(rows.map((r) => (r.z === null ? NaN : r.z))),
    c: Uint16Array.from(rows, (r) => r.c),
    b: Uint8Array.from(rows, (r) => r.b),
    s: Uint16Array.from(rows, (r) => r.s),
    f: frontOf(rows),
  };
}

/** The positions the kernel of `e` selects among the rows of gmina `teryt`. */
function selected(e: Expr, kernelContext: KernelContext, data: Record<string, ColumnArray>, size: number, teryt: string): number[] {
  const kernel = compileKernel(e, kernelContext);
  const flags = Uint8Array.from(kernel.gminaSets, (set) => (set.has(teryt) ? 1 : 0));
  const out = new Int32Array(size);
  const n = kernel.run(
    kernel.columns.map((c) => data[c]!),
    flags,
    size,
    out,
  );
  return Array.from(out.subarray(0, n));
}

// up to 80 rows: a sparse column's rows span three 32-bit words
const gminaRows = fc.array(row, { minLength: 1, maxLength: 80 });

describe('the compiled predicate', () => {
  it('selects exactly the rows where SQL would be true', () => {
    fc.assert(
      fc.property(expr, gminaRows, fc.constantFrom('a', 'b'), (e, rows, teryt) => {
        const expected = rows.flatMap((r, i) => (plain(e, { ...r, teryt }) === true ? [i] : []));
        expect(selected(e, context, columnsHolding(rows), rows.length, teryt)).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('selects the same rows from a number column held sparsely as from the same column held dense', () => {
    const sparseN: KernelContext = { ...context, kindOf: (column) => (column === 'n' ? 'sparse' : context.kindOf(column)) };
    fc.assert(
      fc.property(expr, gminaRows, fc.constantFrom('a', 'b'), (e, rows, teryt) => {
        const data = columnsHolding(rows);
        const dense = selected(e, context, data, rows.length, teryt);
        expect(selected(e, sparseN, { ...data, n: SparseNumbers.fromDense(data['n'] as Float64Array) }, rows.length, teryt)).toEqual(dense);
      }),
      { numRuns: 500 },
    );
  });

  it('selects the same rows from a number column held coded as from the same column held dense', () => {
    fc.assert(
      fc.property(expr, gminaRows, fc.constantFrom('a', 'b'), (e, rows, teryt) => {
        const data = columnsHolding(rows);
        const dense = selected(e, context, data, rows.length, teryt);
        expect(selected(e, context, { ...data, n: codedOf(data['n'] as Float64Array) }, rows.length, teryt)).toEqual(dense);
      }),
      { numRuns: 500 },
    );
  });

  it('never rules out by its zones a gmina with a row the loop selects, whichever way the numbers are held', () => {
    const sparseN: KernelContext = { ...context, kindOf: (column) => (column === 'n' ? 'sparse' : context.kindOf(column)) };
    const held = fc.constantFrom('dense' as const, 'coded' as const, 'sparse' as const);
    let ruledOut = 0;
    fc.assert(
      fc.property(expr, gminaRows, fc.constantFrom('a', 'b'), held, (e, rows, teryt, how) => {
        const data = columnsHolding(rows);
        const dense = data['n'] as Float64Array;
        const n = how === 'coded' ? codedOf(dense) : how === 'sparse' ? SparseNumbers.fromDense(dense) : dense;
        const kernelContext = how === 'sparse' ? sparseN : context;
        const kernel = compileKernel(e, kernelContext);
        const columns: Record<string, ColumnArray> = { ...data, n };
        const flags = Uint8Array.from(kernel.gminaSets, (set) => (set.has(teryt) ? 1 : 0));
        const possible = kernel.possible(kernel.columns.map((c) => zoneOf(columns[c]!)), flags);
        if (!possible) {
          ruledOut++;
          expect(selected(e, kernelContext, columns, rows.length, teryt)).toEqual([]);
        }
      }),
      { numRuns: 2000 },
    );
    // the property is not met by never ruling anything out
    expect(ruledOut).toBeGreaterThan(100);
  });

  it('rules out a gmina whose values all fall short, or whose fronts offer too little or lie too far', () => {
    const rows: Row[] = [1, 2, 3].map((v) => ({ n: v, z: null, c: 0, b: 0, s: 0, f: [[4, v]], teryt: 'a' }));
    const data = columnsHolding(rows);
    const possible = (e: Expr): boolean => {
      const kernel = compileKernel(e, context);
      return kernel.possible(kernel.columns.map((c) => zoneOf(data[c]!)), Uint8Array.from(kernel.gminaSets, (set) => (set.has('a') ? 1 : 0)));
    };
    expect(possible({ op: 'cmp', column: 'n', cmp: '>=', value: 3 })).toBe(true);
    expect(possible({ op: 'cmp', column: 'n', cmp: '>', value: 3 })).toBe(false);
    expect(possible({ op: 'not', arg: { op: 'cmp', column: 'n', cmp: '<=', value: 3 } })).toBe(false);
    // z is null in every row: no comparison of it is true, or false
    expect(possible({ op: 'cmp', column: 'z', cmp: '<=', value: 100 })).toBe(false);
    expect(possible({ op: 'coalesce', arg: { op: 'cmp', column: 'z', cmp: '<=', value: 100 }, fallback: true })).toBe(true);
    expect(possible({ op: 'front', column: 'f', within: 4, atLeast: 3 })).toBe(true);
    expect(possible({ op: 'front', column: 'f', within: 3, atLeast: 1 })).toBe(false);
    expect(possible({ op: 'front', column: 'f', within: 5, atLeast: 3.5 })).toBe(false);
    expect(possible({ op: 'and', args: [{ op: 'gmina', teryts: new Set(['b']) }, { op: 'cmp', column: 'n', cmp: '>=', value: 0 }] })).toBe(false);
  });

  it('codes a number column only where that takes fewer bytes, reading back every value', () => {
    // 1,000 rows of 5 values and NaN (null): one byte a row and a dictionary of six
    const few = Float64Array.from({ length: 1000 }, (_, i) => (i % 6 === 5 ? Number.NaN : [0.5, 12, 1e-7, 3, 250][i % 6]!));
    const coded = CodedNumbers.fromDense(few)!;
    expect(coded.codes).toBeInstanceOf(Uint8Array);
    expect(coded.byteLength).toBe(1000 + 6 * 8);
    expect(Array.from({ length: 1000 }, (_, i) => numberAt(coded, i))).toEqual(Array.from(few));
    // 300 distinct values in 1,000 rows: two bytes a row
    const more = Float64Array.from({ length: 1000 }, (_, i) => i % 300);
    expect(CodedNumbers.fromDense(more)!.codes).toBeInstanceOf(Uint16Array);
    expect(Array.from({ length: 1000 }, (_, i) => numberAt(CodedNumbers.fromDense(more)!, i))).toEqual(Array.from(more));
    // as many distinct values as rows, or a -0 (a dictionary would read it back as 0): left dense
    expect(CodedNumbers.fromDense(Float64Array.from({ length: 1000 }, (_, i) => i / 7))).toBeUndefined();
    expect(CodedNumbers.fromDense(Float64Array.of(0, -0, 0, 0, 0, 0, 0, 0))).toBeUndefined();
    expect(numberAt(Float64Array.of(1, 2), 1)).toBe(2);
  });

  it('reads a front whose rows were built before the fronts as incomplete, and numbers back exactly', () => {
    const front = FrontValues.decode('f', [';', '\u001f', '12.5,0.7;3,1e-7', '12.5;3'], '\u001f')!;
    expect(front.complete).toBe(false);
    expect(Array.from(front.offsets)).toEqual([0, 0, 0, 2, 3]);
    // a gmina with a row built before the fronts holds float32s: 0.7 (whose nearest float32 lies below it) as the one above it
    expect(Array.from(front.distances)).toEqual([12.5, 0.7000000476837158, 12.5]);
    expect(front.unitsPerMetre).toBe(1);
    expect(Array.from(front.codes, (code) => front.values[code])).toEqual([3, 1e-7, 3]);
    expect(front.values.length).toBe(2);
    expect(FrontValues.decode('f', [';', '1;2'], '\u001f')!.complete).toBe(true);
    // rows without steps hold no array of their own, and keep whether they are complete
    const stepless = FrontValues.decode('f', [';', '\u001f', ';'], '\u001f')!;
    expect([stepless.complete, stepless.byteLength, Array.from(stepless.offsets.subarray(0, 4))]).toEqual([false, 0, [0, 0, 0, 0]]);
    expect(FrontValues.decode('f', [';'], '\u001f')!.offsets).toBe(stepless.offsets);
  });

  it('holds distances as half metres rounded up, in 16 bits, and offsets in 16 bits, where the gmina allows', () => {
    const front = FrontValues.decode('f', [';', '12.5,0.7;3,1e-7', '0;3', '32767.5;1'], '\u001f')!;
    expect([front.complete, front.unitsPerMetre, front.offsets instanceof Uint16Array, front.distances instanceof Uint16Array]).toEqual([true, 2, true, true]);
    expect(Array.from(front.distances)).toEqual([25, 2, 0, 65535]);
    expect(Array.from(front.codes, (code) => front.values[code])).toEqual([3, 1e-7, 3, 1]);
    expect(front.nearestStepM).toBe(0);
    expect(front.byteLength).toBe(5 * 2 + 4 * 2 + 4 * 1 + 3 * 8);
    // beyond 32,767.5 m, or below 0: float32 metres for the whole gmina
    const far = FrontValues.decode('f', ['12.5,32768;3,4'], '\u001f')!;
    expect([far.unitsPerMetre, Array.from(far.distances)]).toEqual([1, [12.5, 32768]]);
    expect(FrontValues.decode('f', ['-1;3'], '\u001f')!.unitsPerMetre).toBe(1);
  });

  it('rounds a distance up to the least float32 at or above it', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        const up = ceilFloat32(x);
        expect(Math.fround(up)).toBe(up);
        expect(up >= x).toBe(true);
        // the float32 below it is below x: no float32 lies between x and up
        const below = new Float32Array([up]);
        const bits = new Uint32Array(below.buffer);
        if (up > 0) bits[0]! -= 1;
        else if (up < 0) bits[0]! += 1;
        else return;
        expect(below[0]! < x).toBe(true);
      }),
      { numRuns: 2000 },
    );
    expect(Math.fround(0.7)).toBe(0.699999988079071);
    expect(ceilFloat32(0.7)).toBe(0.7000000476837158);
    expect(ceilFloat32(0.1)).toBe(Math.fround(0.1));
    expect(ceilFloat32(3)).toBe(3);
    expect(ceilFloat32(1e-50)).toBe(2 ** -149);
  });

  it('answers a front query from memory only for a distance on the half-metre grid', () => {
    expect(frontTestable(2500)).toBe(true);
    expect(frontTestable(1234.5)).toBe(true);
    expect(frontTestable(2500.1)).toBe(false);
    expect(frontTestable(1234.25)).toBe(false);
    expect(frontTestable(0.1)).toBe(false);
    expect(frontTestable(2 ** 23)).toBe(false);
  });

  it('refuses a number that is not finite rather than writing it into the loop', () => {
    expect(() => compileKernel({ op: 'cmp', column: 'n', cmp: '<=', value: Number.NaN }, context)).toThrow(/finite/);
  });

  it('tests the cheap arguments of AND and OR first: dense comparisons, then code lookups, sparse reads, fronts', () => {
    const front: Expr = { op: 'front', column: 'f', within: 5, atLeast: 1 };
    const sparse: Expr = { op: 'cmp', column: 'z', cmp: '>', value: 1 };
    const lookup: Expr = { op: 'in', column: 'c', values: ['mpzp'] };
    const dense: Expr = { op: 'cmp', column: 'n', cmp: '>=', value: 2 };
    const nested: Expr = { op: 'or', args: [front, { op: 'not', arg: { op: 'and', args: [sparse, dense] } }] };
    expect(cheapestFirst({ op: 'and', args: [front, sparse, nested, lookup, dense] }, context)).toEqual({
      op: 'and',
      args: [dense, lookup, sparse, front, { op: 'or', args: [{ op: 'not', arg: { op: 'and', args: [dense, sparse] } }, front] }],
    });
  });
});
