import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { SPARSE_READ_SOURCE, SparseNumbers } from './column-sparse.js';

/** The load's form of a dense column (column.repository.ts): '1'/'0' a row, and float8send of the present values only. */
function loaded(dense: readonly number[]): { presence: string; data: Buffer } {
  const present = dense.filter((v) => !Number.isNaN(v));
  const data = Buffer.alloc(present.length * 8);
  present.forEach((v, k) => data.writeDoubleBE(v, k * 8));
  return { presence: dense.map((v) => (Number.isNaN(v) ? '0' : '1')).join(''), data };
}

/** Every row read back through SparseNumbers.get. */
function readBack(column: SparseNumbers): number[] {
  return Array.from({ length: column.size }, (_, i) => column.get(i));
}

/** The compiled loops' helpers (SPARSE_READ_SOURCE), as the kernel builds them. */
const compiled = new Function(`${SPARSE_READ_SOURCE}; return { sparse, present };`)() as {
  sparse(c: SparseNumbers, i: number): number;
  present(c: SparseNumbers, i: number): boolean;
};

const value = fc.oneof(
  { weight: 3, arbitrary: fc.constant(Number.NaN) },
  { weight: 2, arbitrary: fc.double({ noNaN: true }) },
  { weight: 1, arbitrary: fc.constantFrom(0, -0, 5e-324, Number.MAX_VALUE, -Infinity, 1000, 999.9999999999999) },
);

describe('a sparse number column', () => {
  it('reads every row back exactly, NaN where null, from the load and from a dense column, in the compiled helpers too', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 200 }), (dense) => {
        const { presence, data } = loaded(dense);
        const column = SparseNumbers.decode('x', presence, data);
        // toEqual tells -0 from 0 and takes NaN as equal to NaN
        expect(readBack(column)).toEqual(dense);
        expect(readBack(SparseNumbers.fromDense(Float64Array.from(dense)))).toEqual(dense);
        expect(Array.from({ length: dense.length }, (_, i) => compiled.sparse(column, i))).toEqual(dense);
        expect(Array.from({ length: dense.length }, (_, i) => compiled.present(column, i))).toEqual(dense.map((v) => !Number.isNaN(v)));
        expect(Array.from({ length: dense.length }, (_, i) => column.has(i))).toEqual(dense.map((v) => !Number.isNaN(v)));
      }),
      { numRuns: 500 },
    );
  });

  it('reads the rows on either side of every 32-bit word boundary', () => {
    for (const size of [1, 31, 32, 33, 63, 64, 65, 96, 97]) {
      // present at each word's first and last bit (bit 31: the sign bit of a 32-bit integer) and around them
      const dense = Array.from({ length: size }, (_, i) => (i % 32 === 0 || i % 32 === 31 || i % 32 === 1 ? i + 0.5 : Number.NaN));
      const column = SparseNumbers.fromDense(dense);
      expect(readBack(column)).toEqual(dense);
      expect(Array.from({ length: size }, (_, i) => compiled.sparse(column, i))).toEqual(dense);
      // every bit of a word set: the last reads the value 31 places on
      const full = Array.from({ length: size }, (_, i) => -i);
      expect(readBack(SparseNumbers.fromDense(full))).toEqual(full);
    }
  });

  it('holds an empty column, an all-null one and an all-present one in the bytes it counts', () => {
    const empty = SparseNumbers.decode('x', '', Buffer.alloc(0));
    expect(empty.size).toBe(0);
    expect(empty.byteLength).toBe(0);
    expect(SparseNumbers.empty().byteLength).toBe(0);

    const allNull = SparseNumbers.decode('x', '0'.repeat(100), Buffer.alloc(0));
    expect(readBack(allNull).every((v) => Number.isNaN(v))).toBe(true);
    // no array of its own: the zeros it reads are shared with every column without values
    expect(allNull.byteLength).toBe(0);
    expect(SparseNumbers.decode('y', '0'.repeat(5000), Buffer.alloc(0)).presence).toBe(SparseNumbers.decode('z', '0'.repeat(10), Buffer.alloc(0)).presence);
    expect(readBack(SparseNumbers.fromDense([Number.NaN, Number.NaN])).every((v) => Number.isNaN(v))).toBe(true);

    const dense = Array.from({ length: 100 }, (_, i) => i * 1.25);
    const allPresent = SparseNumbers.decode('x', '1'.repeat(100), loaded(dense).data);
    expect(readBack(allPresent)).toEqual(dense);
    expect(allPresent.byteLength).toBe(4 * 4 + 4 * 4 + 100 * 8);
    expect(Array.from(allPresent.rank)).toEqual([0, 32, 64, 96]);
  });

  it('refuses a load whose values do not match its flags', () => {
    expect(() => SparseNumbers.decode('env_wetland_m of 3064011', '0110', Buffer.alloc(8))).toThrow(/8 bytes for 2 values/);
  });
});
