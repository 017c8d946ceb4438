import { dictionaryCodes } from './column-coded.js';
import { sharedZeros } from './column-sparse.js';

/** Separates a row's distances from its values in a front column's load (column-catalogue.ts). */
export const FRONT_PART_SEPARATOR = ';';
/** Separates the numbers of one part. */
export const FRONT_NUMBER_SEPARATOR = ',';

/**
 * One gmina's front column in memory (index-columns.ts FrontColumn): row i's steps are k from
 * offsets[i] to offsets[i + 1], step k at `distances[k] / unitsPerMetre` metres offering
 * `values[codes[k]]`.
 *
 * Held in 3 bytes a step and 2 a row where the gmina allows, because a national bess_storage search
 * holds the fronts of every parcel (docs/performance.md):
 * - a distance is rounded up to the half metre, as a count of half metres in 16 bits (up to
 *   32,767.5 m; fronts reach 30 km). For a query distance d on that grid (2d an integer),
 *   `ceil(2m) <= 2d` is `m <= d`: rounding up keeps order, and 2d rounds to itself. A gmina with a
 *   distance off that range holds the float32 nearest above each one instead (`ceilFloat32`), exact
 *   the same way for a d float32 holds; a d off the grid is left to PostgreSQL (`frontTestable`).
 * - a value is a code into the gmina's few distinct values (operators publish capacity in whole or
 *   tenth MW), kept as float8: exact.
 * - offsets take 16 bits where the gmina has fewer than 65,536 steps (all but the largest cities).
 *
 * `complete` is false when some row was built before the fronts (null): such a gmina is searched in
 * PostgreSQL, which answers those rows by a spatial join. A NaN (which PostgreSQL orders above every
 * number, JavaScript nowhere) makes it incomplete too.
 */
export class FrontValues {
  constructor(
    readonly offsets: Uint16Array | Uint32Array,
    readonly distances: Uint16Array | Float32Array,
    readonly codes: Uint8Array | Uint16Array,
    readonly values: Float64Array,
    readonly complete: boolean,
    /** What `distances` counts a metre as: 2 (half metres in 16 bits) or 1 (float32 metres). */
    readonly unitsPerMetre: 1 | 2 = HALF_METRES,
  ) {}

  get byteLength(): number {
    // a front without steps shares its offsets with every other (FrontValues.stepless)
    return this.distances.length === 0 ? 0 : this.offsets.byteLength + this.distances.byteLength + this.codes.byteLength + this.values.byteLength;
  }

  /** The least step distance in metres (Infinity without steps): for a testable d, above d means no step is within d. */
  get nearestStepM(): number {
    let least = Infinity;
    for (let k = 0; k < this.distances.length; k++) if (this.distances[k]! < least) least = this.distances[k]!;
    return least / this.unitsPerMetre;
  }

  static empty(): FrontValues {
    return FrontValues.stepless(0, true);
  }

  /**
   * `size` rows without a step, holding no array of its own: every offset is 0, from a zeroed array
   * shared by every such column (longer than it needs). A gmina with no grid node within reach has
   * such a front, and at 5 M parcels their four arrays each were thousands of small buffers.
   */
  static stepless(size: number, complete: boolean): FrontValues {
    return new FrontValues(sharedZeros(size + 1), NO_DISTANCES, NO_CODES, NO_VALUES, complete);
  }

  /**
   * From the load's values, one per row: `m1,m2;v1,v2` (float8 as PostgreSQL writes it, the shortest
   * text that reads back to the same number), or `nullText` for a row without a front. Undefined
   * when the gmina's steps have more than 65,536 distinct values (a code would not fit in 16 bits).
   */
  static decode(name: string, rows: readonly string[], nullText: string): FrontValues | undefined {
    const offsets = new Uint32Array(rows.length + 1);
    const distances: number[] = [];
    const amounts: number[] = [];
    let complete = true;
    let onGrid = true;
    for (let i = 0; i < rows.length; i++) {
      const row = rows[i]!;
      if (row === nullText) complete = false;
      else if (row !== FRONT_PART_SEPARATOR) {
        const [m, v] = row.split(FRONT_PART_SEPARATOR).map((part) => part.split(FRONT_NUMBER_SEPARATOR)) as [string[], string[]];
        if (m.length !== v.length) throw new Error(`${name}: row ${i} has ${m.length} distances and ${v.length} values`);
        for (let k = 0; k < m.length; k++) {
          const distance = Number(m[k]);
          if (Number.isNaN(distance)) complete = false;
          // doubling is exact in binary floating point, so the half metres are exactly ceil(2m)
          else if (!(distance >= 0 && Math.ceil(distance * HALF_METRES) <= 0xffff)) onGrid = false;
          distances.push(distance);
          amounts.push(Number(v[k]));
        }
      }
      offsets[i + 1] = distances.length;
    }
    if (distances.length === 0) return FrontValues.stepless(rows.length, complete);
    // a -0 shares 0's code: `>=` reads them alike
    const encoded = dictionaryCodes(amounts, 0x10000);
    if (!encoded) return undefined;
    const { codes, values } = encoded;
    if (values.some((x) => Number.isNaN(x))) complete = false;
    const held = onGrid && complete ? Uint16Array.from(distances, (m) => Math.ceil(m * HALF_METRES)) : Float32Array.from(distances, ceilFloat32);
    return new FrontValues(distances.length <= 0xffff ? Uint16Array.from(offsets) : offsets, held, codes, values, complete, held instanceof Uint16Array ? HALF_METRES : 1);
  }
}

/** Front distances in memory count half metres where they can (FrontValues). */
const HALF_METRES = 2;

const NO_DISTANCES = new Float32Array(0);
const NO_CODES = new Uint8Array(0);
const NO_VALUES = new Float64Array(0);

const float32 = new Float32Array(1);
const float32Bits = new Uint32Array(float32.buffer);

/** The least float32 at or above x (x itself when float32 holds it; NaN stays NaN). */
export function ceilFloat32(x: number): number {
  const rounded = Math.fround(x);
  if (!(rounded < x)) return rounded;
  if (rounded === 0) {
    float32Bits[0] = 1; // the least positive subnormal
    return float32[0]!;
  }
  float32[0] = rounded;
  // one unit in the last place up: a larger magnitude when positive, a smaller one when negative
  float32Bits[0] += rounded > 0 ? 1 : -1;
  return float32[0]!;
}

/**
 * Whether the in-memory front answers "within `distance`" exactly (see FrontValues): a distance on
 * the half-metre grid, which float32 holds too (2d an integer below 2^24).
 */
export function frontTestable(distance: number): boolean {
  return Number.isInteger(distance * HALF_METRES) && Math.abs(distance) < 2 ** 23;
}

/**
 * Source of the kernel's test of a front: some step of row i within `d` offers at least `x`, as
 * filter-sql.ts's bisection over the two arrays (a front has a few steps: no search needed).
 */
export const FRONT_TEST_SOURCE = `function front(c, i, d, x) {
      const m = c.distances, k = c.codes, v = c.values, within = d * c.unitsPerMetre;
      for (let j = c.offsets[i], end = c.offsets[i + 1]; j < end; j++) if (m[j] <= within && v[k[j]] >= x) return true;
      return false;
    }`;
