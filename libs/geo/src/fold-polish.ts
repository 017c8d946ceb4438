/**
 * Folds text for diacritic-insensitive matching of Polish names: lower case, diacritics removed
 * (ą→a, ć→c, ę→e, ł→l, ń→n, ó→o, ś→s, ź/ż→z, and any other Latin accent), every character that
 * is not a-z or 0-9 (punctuation, hyphens, parentheses, other scripts) becomes a space, and runs of
 * spaces collapse. `Kędzierzyn-Koźle` and `kedzierzyn  koźle.` both fold to `kedzierzyn kozle`.
 *
 * The result only ever holds `[a-z0-9 ]`, so it is safe inside LIKE and regular-expression
 * patterns without escaping. Names are folded with the same function when they are indexed.
 */
export function foldPolish(text: string): string {
  return (
    text
      .toLowerCase()
      // ł has no Unicode decomposition; every other Polish letter decomposes into a base and a mark.
      .replace(/ł/g, 'l')
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^a-z0-9]+/g, ' ')
      .trim()
  );
}
