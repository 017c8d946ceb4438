import type { DenseNumbers } from './column-coded.js';

/**
 * One gmina's number column held sparsely (column-catalogue.ts `sparse`): the env distances are null
 * unless an area lies within ENV_REACH_M, so most of their rows are null (over 87 % on the 1 M-parcel
 * scale dataset) and a dense Float64Array spent 8 bytes a row mostly on NaN. Here a row costs a bit of
 * `presence`, a quarter of a byte with `rank`, and 8 bytes only where it has a value.
 *
 * Row i is present where bit `i & 31` of `presence[i >>> 5]` is set; its value is
 * `values[rank[w] + popcount(presence[w] & (bit - 1))]` (`rank[w]`: the present rows before word w).
 * The values are the float8s as stored, so comparisons equal PostgreSQL's as in a dense column, and
 * an absent row reads NaN, the dense column's null.
 */
export class SparseNumbers {
  constructor(
    readonly size: number,
    readonly presence: Uint32Array,
    readonly rank: Uint32Array,
    readonly values: Float64Array,
  ) {}

  get byteLength(): number {
    // a column without values shares its zeros with every other (SparseNumbers.absent)
    return this.values.length === 0 ? 0 : this.presence.byteLength + this.rank.byteLength + this.values.byteLength;
  }

  has(i: number): boolean {
    return (this.presence[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  /** Row i's value, NaN where null. */
  get(i: number): number {
    const w = i >>> 5;
    const word = this.presence[w]!;
    const bit = 1 << (i & 31);
    return (word & bit) === 0 ? Number.NaN : this.values[this.rank[w]! + popcount(word & (bit - 1))]!;
  }

  static empty(): SparseNumbers {
    return SparseNumbers.absent(0);
  }

  /**
   * A column of `size` rows none of which has a value, holding no array of its own: its presence
   * bits and ranks are a zeroed array shared by every such column (longer than it needs: rows past
   * `size` are never read). Most gminas have no area of most env kinds within reach, and at 5 M
   * parcels their three small arrays each (tens of thousands of array buffers, each with its own
   * JavaScript objects and allocation) cost search-svc memory for nothing (docs/performance.md).
   */
  static absent(size: number): SparseNumbers {
    const zeros = sharedZeros(Math.ceil(size / 32));
    return new SparseNumbers(size, zeros, zeros, NO_VALUES);
  }

  /**
   * From the load (column.repository.ts): one character a row, '1' where the row has a value, and the
   * values of those rows only, each as the 8 bytes of float8send.
   */
  static decode(name: string, presence: string, data: Buffer): SparseNumbers {
    const size = presence.length;
    if (data.length === 0 && presence.indexOf('1') < 0) return SparseNumbers.absent(size);
    const { words, rank, count } = presenceOf(size, (i) => presence.charCodeAt(i) === 49);
    if (data.length !== count * 8) throw new Error(`${name}: ${data.length} bytes for ${count} values`);
    const values = new Float64Array(count);
    for (let k = 0; k < count; k++) values[k] = data.readDoubleBE(k * 8);
    return new SparseNumbers(size, words, rank, values);
  }

  /** From a dense column (NaN for null): what the load gives for the same rows. */
  static fromDense(dense: ArrayLike<number>): SparseNumbers {
    const { words, rank, count } = presenceOf(dense.length, (i) => !Number.isNaN(dense[i]));
    if (count === 0) return SparseNumbers.absent(dense.length);
    const values = new Float64Array(count);
    for (let i = 0, k = 0; i < dense.length; i++) if (!Number.isNaN(dense[i])) values[k++] = dense[i]!;
    return new SparseNumbers(dense.length, words, rank, values);
  }
}

let zeros = new Uint32Array(64);
const NO_VALUES = new Float64Array(0);

/**
 * At least `length` zeros, shared by every column that holds none of its own (a sparse column
 * without values, a front without steps): never written; a longer request gets a longer array, and
 * the columns made before keep theirs.
 */
export function sharedZeros(length: number): Uint32Array {
  if (zeros.length < length) zeros = new Uint32Array(Math.max(length, zeros.length * 2));
  return zeros;
}

function presenceOf(size: number, present: (i: number) => boolean): { words: Uint32Array; rank: Uint32Array; count: number } {
  const words = new Uint32Array(Math.ceil(size / 32));
  const rank = new Uint32Array(words.length);
  let count = 0;
  for (let i = 0; i < size; i++) {
    if ((i & 31) === 0) rank[i >>> 5] = count;
    if (present(i)) {
      words[i >>> 5]! |= 1 << (i & 31);
      count++;
    }
  }
  return { words, rank, count };
}

/** Set bits of a 32-bit word (SWAR: no loop, no table). */
function popcount(word: number): number {
  let x = word - ((word >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** A number column in memory: dense (NaN for null), coded (column-coded.ts) or sparse. */
export type NumberColumn = DenseNumbers | SparseNumbers;

/**
 * Source of the compiled loops' reads of a sparse column (column-kernel.ts, column-score.ts): `sparse(c, i)`
 * is SparseNumbers.get and `present(c, i)` SparseNumbers.has, as plain functions the loop can inline
 * (written out, not `toString()` of the methods: coverage instrumentation would rewrite those).
 */
export const SPARSE_READ_SOURCE = `function popcount(word) {
      let x = word - ((word >>> 1) & 0x55555555);
      x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
      return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
    }
    function present(c, i) {
      return (c.presence[i >>> 5] & (1 << (i & 31))) !== 0;
    }
    function sparse(c, i) {
      const w = i >>> 5;
      const word = c.presence[w];
      const bit = 1 << (i & 31);
      return (word & bit) === 0 ? NaN : c.values[c.rank[w] + popcount(word & (bit - 1))];
    }`;
