import { CodedNumbers } from './column-coded.js';
import { FrontValues } from './column-front.js';
import type { ColumnArray } from './column-kernel.js';
import { SparseNumbers } from './column-sparse.js';

type Packable = Float64Array | Float32Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

/**
 * The arrays of one load statement's gminas for one column, copied into a single buffer, so their
 * memory is returned when they are evicted.
 * Decoded a gmina at a time, a column is thousands of small allocations in the C heap, interleaved
 * with the load's own buffers; evicted, they leave holes the allocator keeps, so search-svc's
 * resident memory followed the most it ever held, not what it holds (a malloc_trim returned what was
 * free: docs/performance.md). One large buffer a batch is mapped on its own (with
 * MALLOC_MMAP_THRESHOLD_ set, as the stack and the manifests do) and goes back to the system whole
 * when the column is evicted. Views keep each gmina's arrays as they were: readers see no difference.
 *
 * A column without data of its own (the shared zeros of SparseNumbers.absent and FrontValues.stepless)
 * is left as it is.
 */
export function packColumns<C extends ColumnArray | Int32Array>(columns: readonly C[]): C[] {
  const arrays: Packable[] = [];
  for (const column of columns) arrays.push(...ownArrays(column));
  if (arrays.length <= 1) return [...columns];
  let bytes = 0;
  for (const array of arrays) bytes = align8(bytes) + array.byteLength;
  const buffer = new ArrayBuffer(align8(bytes));
  let offset = 0;
  const packed = new Map<Packable, Packable>();
  for (const array of arrays) {
    offset = align8(offset);
    const view = new (array.constructor as new (buffer: ArrayBuffer, offset: number, length: number) => Packable)(buffer, offset, array.length);
    view.set(array);
    packed.set(array, view);
    offset += array.byteLength;
  }
  return columns.map((column) => withArrays(column, (array) => (packed.get(array) ?? array) as typeof array) as C);
}

/** The arrays a column holds of its own (none when it shares zeros with others). */
function ownArrays(column: ColumnArray | Int32Array): Packable[] {
  if (column instanceof CodedNumbers) return [column.codes, column.values];
  if (column instanceof SparseNumbers) return column.values.length === 0 ? [] : [column.presence, column.rank, column.values];
  if (column instanceof FrontValues) return column.distances.length === 0 ? [] : [column.offsets, column.distances, column.codes, column.values];
  return column.length === 0 ? [] : [column];
}

/** The same column over other arrays of the same contents. */
function withArrays(column: ColumnArray | Int32Array, to: <T extends Packable>(array: T) => T): ColumnArray | Int32Array {
  if (column instanceof CodedNumbers) return new CodedNumbers(to(column.codes), to(column.values));
  if (column instanceof SparseNumbers) return new SparseNumbers(column.size, to(column.presence), to(column.rank), to(column.values));
  if (column instanceof FrontValues) return new FrontValues(to(column.offsets), to(column.distances), to(column.codes), to(column.values), column.complete, column.unitsPerMetre);
  return to(column);
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
