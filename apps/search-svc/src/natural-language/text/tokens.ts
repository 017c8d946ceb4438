import { foldPolish } from '@lp/geo';

export type TokenKind = 'word' | 'number' | 'symbol';

/** One token of a query, with where it came from so that phrases can be quoted back. */
export interface Token {
  index: number;
  kind: TokenKind;
  /** As typed (after Unicode compatibility normalisation: `m²` is `m2`). */
  raw: string;
  /** Folded for matching: `a-z0-9` only (`Kraków` → `krakow`); a symbol keeps its character. */
  fold: string;
  /** The folded word as typed, when spelling correction replaced `fold`. */
  typed?: string;
  /** Numbers: the value (`2,5` → 2.5, `5 000` → 5000); number words get one from the lexicon. */
  value?: number;
  start: number;
  end: number;
  /** Text between the previous token and this one (`''` when written together, as in `10MW`). */
  before: string;
  /** First letter upper case, as a proper name is written. */
  capitalized: boolean;
  /** Two or more letters, all upper case: an abbreviation or a zoning symbol (PV, MN, GPZ). */
  upper: boolean;
}

/** Letters, digits with one decimal separator, and the symbols a criterion can be written with. */
const TOKEN = /\p{L}+|\d+(?:[.,]\d+)?|<=|>=|[%<>≤≥~+]/gu;
const SYMBOLS: Record<string, string> = { '≤': '<=', '≥': '>=' };

/**
 * A decimal number as written in Polish or English: `2,5` and `2.5` are 2.5, but `5.000` and
 * `1,500` (one to three digits, a separator, exactly three digits) are thousands.
 */
export function parseNumber(text: string): number {
  const thousands = /^([1-9]\d{0,2})[.,](\d{3})$/.exec(text);
  if (thousands) return Number(thousands[1]! + thousands[2]!);
  return Number(text.replace(',', '.'));
}

/**
 * Splits a query into tokens. `10MW` and `m2` split into a number and a word; digit groups
 * separated by one space (`5 000`, `1 000 000`) join into one number.
 */
export function tokenize(query: string): Token[] {
  const text = query.normalize('NFKC');
  const tokens: Token[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const raw = match[0];
    const start = match.index;
    const before = text.slice(last, start);
    last = start + raw.length;
    const previous = tokens[tokens.length - 1];
    if (/^\d/.test(raw)) {
      // "5 000": a group of exactly three digits after one space continues the number
      if (previous?.kind === 'number' && /^\d{3}$/.test(raw) && /^[ \u00a0\u202f]$/.test(before) && /^\d{1,3}( \d{3})*$/.test(previous.raw.replace(/[\u00a0\u202f]/g, ' '))) {
        previous.raw = text.slice(previous.start, last);
        previous.fold = previous.raw.replace(/\D/g, '');
        previous.value = Number(previous.fold);
        previous.end = last;
        continue;
      }
      tokens.push({ index: tokens.length, kind: 'number', raw, fold: raw, value: parseNumber(raw), start, end: last, before, capitalized: false, upper: false });
    } else if (/^\p{L}/u.test(raw)) {
      const letters = raw.replace(/[^\p{L}]/gu, '');
      tokens.push({
        index: tokens.length,
        kind: 'word',
        raw,
        // letters of other scripts fold to nothing; they stay tokens, as words nobody understands
        fold: foldPolish(raw).replace(/ /g, '') || raw.toLowerCase(),
        start,
        end: last,
        before,
        capitalized: /^\p{Lu}/u.test(raw),
        upper: letters.length >= 2 && letters === letters.toUpperCase() && letters !== letters.toLowerCase(),
      });
    } else {
      tokens.push({ index: tokens.length, kind: 'symbol', raw, fold: SYMBOLS[raw] ?? raw, start, end: last, before, capitalized: false, upper: false });
    }
  }
  return tokens;
}

/** The text a run of tokens covers, as typed. */
export function spanText(query: string, tokens: readonly Token[], from: number, to: number): string {
  const first = tokens[from];
  const last = tokens[to - 1];
  if (!first || !last) return '';
  return query.normalize('NFKC').slice(first.start, last.end);
}
