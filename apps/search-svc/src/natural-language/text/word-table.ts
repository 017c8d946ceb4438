/**
 * A word of the query looked up in one of our word tables. Plain objects inherit
 * `constructor` from Object.prototype, and "constructor" is a word a user (or a fuzzer) can type:
 * only the table's own entries count.
 */
export function lookUpWord<T>(table: Readonly<Record<string, T>>, word: string): T | undefined {
  return Object.hasOwn(table, word) ? table[word] : undefined;
}
