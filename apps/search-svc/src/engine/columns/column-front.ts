/** Separates a row's distances from its values in a front column's load (column-catalogue.ts). */
export const FRONT_PART_SEPARATOR = ';';
/** Separates the numbers of one part. */
export const FRONT_NUMBER_SEPARATOR = ',';

/**
 * One gmina's front column in memory (index-columns.ts FrontColumn): row i's steps are
 * `steps[2k]` (distance, m) and `steps[2k + 1]` (value) for k from offsets[i] to offsets[i + 1].
 * `complete` is false when some row was built before the fronts (null): such a gmina is searched in
 * PostgreSQL, which answers those rows by a spatial join. A NaN (which PostgreSQL orders above every
 * number, JavaScript nowhere) makes it incomplete too.
 */
export class FrontValues {
  constructor(
    readonly offsets: Uint32Array,
    readonly steps: Float64Array,
    readonly complete: boolean,
  ) {}

  get byteLength(): number {
    return this.offsets.byteLength + this.steps.byteLength;
  }

  static empty(): FrontValues {
    return new FrontValues(new Uint32Array(1), new Float64Array(0), true);
  }

  /**
   * From the load's values, one per row: `m1,m2;v1,v2` (float8 as PostgreSQL writes it, the shortest
   * text that reads back to the same number), or `nullText` for a row without a front.
   */
  static decode(name: string, values: readonly string[], nullText: string): FrontValues {
    const offsets = new Uint32Array(values.length + 1);
    const numbers: number[] = [];
    let complete = true;
    for (let i = 0; i < values.length; i++) {
      const value = values[i]!;
      if (value === nullText) complete = false;
      else if (value !== FRONT_PART_SEPARATOR) {
        const [distances, amounts] = value.split(FRONT_PART_SEPARATOR) as [string, string];
        const m = distances.split(FRONT_NUMBER_SEPARATOR);
        const v = amounts.split(FRONT_NUMBER_SEPARATOR);
        if (m.length !== v.length) throw new Error(`${name}: row ${i} has ${m.length} distances and ${v.length} values`);
        for (let k = 0; k < m.length; k++) numbers.push(Number(m[k]), Number(v[k]));
      }
      offsets[i + 1] = numbers.length / 2;
    }
    if (numbers.some((n) => Number.isNaN(n))) complete = false;
    return new FrontValues(offsets, Float64Array.from(numbers), complete);
  }
}

/**
 * Source of the kernel's test of a front: some step of row i within `d` offers at least `x`, as
 * filter-sql.ts's EXISTS over the two arrays (a front has a few steps: no search needed).
 */
export const FRONT_TEST_SOURCE = `function front(c, i, d, x) {
      const s = c.steps;
      for (let j = c.offsets[i] * 2, end = c.offsets[i + 1] * 2; j < end; j += 2) if (s[j] <= d && s[j + 1] >= x) return true;
      return false;
    }`;
