/**
 * One gmina's number column held as codes into its distinct values (dictionary encoding, as columnar
 * formats do per row group): row i is `values[codes[i]]`, the float8 as stored (NaN for null), so
 * comparisons and scores read exactly what a dense Float64Array holds.
 *
 * Chosen per gmina by the data, not per column: where a gmina has few distinct values (capacities
 * published in whole megawatts, slopes rounded to a tenth, areas in whole square metres repeated by a
 * subdivision) a row costs 1 or 2 bytes instead of 8; where it has many it stays dense. A number
 * column's chunk is therefore a Float64Array or a CodedNumbers, and every reader handles both
 * (`numberAt`, and NUMBER_READ in the compiled loops).
 */
export class CodedNumbers {
  constructor(
    readonly codes: Uint8Array | Uint16Array,
    readonly values: Float64Array,
  ) {}

  get length(): number {
    return this.codes.length;
  }

  get byteLength(): number {
    return this.codes.byteLength + this.values.byteLength;
  }

  /**
   * The codes of a dense column when they take fewer bytes than it; undefined when they would not
   * (too many distinct values, over 65,536 among them), or when it holds a -0, which a dictionary
   * keyed by value would merge with 0.
   */
  static fromDense(dense: Float64Array): CodedNumbers | undefined {
    const n = dense.length;
    // beyond this many distinct values 2-byte codes and their dictionary take as much as the column
    const most = Math.min(0x10000, Math.floor((6 * n) / 8) - 1);
    const codeOf = new Map<number, number>();
    const codes = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      const value = dense[i]!;
      // a Map keys 0 and -0 alike
      if (value === 0 && Object.is(value, -0)) return undefined;
      let code = codeOf.get(value);
      if (code === undefined) {
        if (codeOf.size >= most) return undefined;
        code = codeOf.size;
        codeOf.set(value, code);
      }
      codes[i] = code;
    }
    const values = Float64Array.from(codeOf.keys());
    return new CodedNumbers(values.length <= 0x100 ? Uint8Array.from(codes) : codes, values);
  }
}

/** A dense or coded number column. */
export type DenseNumbers = Float64Array | CodedNumbers;

/** Row i of a dense or coded number column (NaN where null). */
export function numberAt(column: DenseNumbers, i: number): number {
  return column instanceof CodedNumbers ? column.values[column.codes[i]!]! : column[i]!;
}

/**
 * The compiled loops' read of a dense or coded number column `c` (column-kernel.ts, column-score.ts):
 * `declare` runs once a gmina, before the loop, and sets `<c>k` (the codes, undefined when dense) and
 * `<c>v` (the float8s read: the column itself or its dictionary); `read(row)` is row's value. The
 * branch is the same for every row of a gmina, and the values are always read from a Float64Array.
 */
export const NUMBER_READ = {
  declare: (c: string): string => `const ${c}k = ${c}.codes; const ${c}v = ${c}k === undefined ? ${c} : ${c}.values;`,
  read: (c: string, row: string): string => `(${c}k === undefined ? ${c}v[${row}] : ${c}v[${c}k[${row}]])`,
};
