import { CodedNumbers } from '../src/engine/columns/column-coded.js';

/**
 * A dense column coded whatever it holds (CodedNumbers.fromDense codes only where it saves bytes):
 * for the specs' comparisons of coded with dense reads. A -0 keeps its own code here.
 */
export function codedOf(dense: Float64Array): CodedNumbers {
  const codeOf = new Map<string, number>();
  const values: number[] = [];
  const codes = new Uint16Array(dense.length);
  dense.forEach((value, i) => {
    const key = Object.is(value, -0) ? '-0' : String(value);
    let code = codeOf.get(key);
    if (code === undefined) codeOf.set(key, (code = values.push(value) - 1));
    codes[i] = code;
  });
  return new CodedNumbers(codes, Float64Array.from(values));
}
