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
   * (too many distinct values), or when it holds a -0, which a dictionary keyed by value would merge
   * with 0.
   */
  static fromDense(dense: Float64Array): CodedNumbers | undefined {
    for (let i = 0; i < dense.length; i++) if (dense[i] === 0 && Object.is(dense[i], -0)) return undefined;
    // beyond this many distinct values 2-byte codes and their dictionary take as much as the column
    const coded = dictionaryCodes(dense, Math.floor((6 * dense.length) / 8) - 1);
    return coded && new CodedNumbers(coded.codes, coded.values);
  }
}

/**
 * Each number as a code into the distinct numbers in first-seen order (1 byte a code for up to 256
 * of them, else 2); undefined beyond `most` distinct numbers (65,536 at most). 0 and -0 share a code.
 */
export function dictionaryCodes(numbers: ArrayLike<number>, most: number): { codes: Uint8Array | Uint16Array; values: Float64Array } | undefined {
  const limit = Math.min(0x10000, most);
  const codeOf = new Map<number, number>();
  const codes = new Uint16Array(numbers.length);
  for (let i = 0; i < numbers.length; i++) {
    const value = numbers[i]!;
    let code = codeOf.get(value);
    if (code === undefined) {
      if (codeOf.size >= limit) return undefined;
      code = codeOf.size;
      codeOf.set(value, code);
    }
    codes[i] = code;
  }
  return { codes: codeOf.size <= 0x100 ? Uint8Array.from(codes) : codes, values: Float64Array.from(codeOf.keys()) };
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
