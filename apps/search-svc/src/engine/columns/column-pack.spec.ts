import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { CodedNumbers } from './column-coded.js';
import { FrontValues } from './column-front.js';
import type { ColumnArray } from './column-kernel.js';
import { packColumns } from './column-pack.js';
import { SparseNumbers } from './column-sparse.js';

/** What a reader sees of a column: every array's contents and type, and the column's own fields. */
function contents(column: ColumnArray | Int32Array): unknown {
  const arrays = (names: string[]): unknown => Object.fromEntries(names.map((name) => [name, arrayOf((column as unknown as Record<string, ArrayLike<number>>)[name]!)]));
  if (column instanceof CodedNumbers) return { coded: arrays(['codes', 'values']) };
  if (column instanceof SparseNumbers) return { sparse: arrays(['presence', 'rank', 'values']), size: column.size };
  if (column instanceof FrontValues) return { front: arrays(['offsets', 'distances', 'codes', 'values']), complete: column.complete, units: column.unitsPerMetre };
  return arrayOf(column);
}

function arrayOf(array: ArrayLike<number>): unknown {
  return { type: array.constructor.name, values: Array.from(array) };
}

const numbers = fc.array(fc.oneof(fc.double({ noNaN: false }), fc.integer({ min: 0, max: 5 })), { maxLength: 60 });
const column: fc.Arbitrary<ColumnArray | Int32Array> = fc.oneof(
  numbers.map((v) => Float64Array.from(v)),
  fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 300 }).map((v) => CodedNumbers.fromDense(Float64Array.from(v)) ?? Float64Array.from(v)),
  numbers.map((v) => SparseNumbers.fromDense(v)),
  fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 40 }).map((v) => Uint8Array.from(v)),
  fc.array(fc.integer({ min: 0, max: 999 }), { maxLength: 40 }).map((v) => Uint16Array.from(v)),
  fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 40 }).map((v) => Int32Array.from(v)),
  fc.array(fc.tuple(fc.integer({ min: 0, max: 3 }), fc.constantFrom(0.5, 12, 40_000, 7.25)), { maxLength: 20 }).map((rows) =>
    FrontValues.decode('f', rows.map(([steps, m]) => (steps === 0 ? ';' : `${Array(steps).fill(m).join(',')};${Array(steps).fill(3).join(',')}`)), '\u001f')!,
  ),
);

describe('packing a load statement\'s column arrays into one buffer', () => {
  it('keeps every gmina\'s column as it was, each array a view of one buffer, and leaves shared zeros alone', () => {
    fc.assert(
      fc.property(fc.array(column, { maxLength: 8 }), (columns) => {
        const packed = packColumns(columns);
        expect(packed.map(contents)).toEqual(columns.map(contents));
        const own = (p: ColumnArray | Int32Array): ArrayLike<number>[] & Array<{ buffer: ArrayBufferLike; byteOffset: number; BYTES_PER_ELEMENT: number }> =>
          p instanceof CodedNumbers ? [p.codes, p.values] : p instanceof SparseNumbers ? (p.values.length > 0 ? [p.presence, p.rank, p.values] : []) : p instanceof FrontValues ? (p.distances.length > 0 ? [p.offsets, p.distances, p.codes, p.values] : []) : p.length > 0 ? [p] : [];
        const arrays = packed.flatMap(own);
        // aligned for its element type
        for (const array of arrays) expect(array.byteOffset % array.BYTES_PER_ELEMENT).toBe(0);
        if (arrays.length > 1) {
          expect(new Set(arrays.map((array) => array.buffer)).size).toBe(1);
          packed.forEach((p, k) => own(p).length > 0 && expect(p).not.toBe(columns[k]));
        }
        // a column without data of its own keeps the shared zeros
        const absent = SparseNumbers.absent(70);
        expect(packColumns([absent, Float64Array.of(1)])[0]).toBe(absent);
      }),
    );
  });
});
