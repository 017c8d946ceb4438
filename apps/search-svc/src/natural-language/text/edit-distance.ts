/**
 * Optimal-string-alignment distance (Levenshtein plus swaps of two neighbouring letters), giving up
 * as soon as it must exceed `limit`: returns `limit + 1` then. Typos in place names and lexicon
 * words are one or two edits; anything further is another word.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let beforePrevious = new Array<number>(width).fill(0);
  let previous = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  return Math.min(previous[b.length]!, limit + 1);
}

/** Edits a word of this length may carry and still be read as a known word: none below 5 letters. */
export function typoAllowance(length: number): number {
  if (length < 5) return 0;
  return length < 9 ? 1 : 2;
}
