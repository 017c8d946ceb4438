import { canonicalZoningSymbol } from '@lp/contracts';
import type { Token } from '../text/tokens.js';

export interface ZoningSymbolMatch {
  symbols: string[];
  start: number;
  end: number;
}

/** Words after which a capitalised token is a local-plan symbol: "MPZP MN", "teren P/U", "zoned MW". */
const ZONING_CUES = new Set(['mpzp', 'symbol', 'symbolem', 'symbolu', 'oznaczenie', 'oznaczeniem', 'przeznaczenie', 'przeznaczeniem', 'strefa', 'strefie', 'teren', 'terenie', 'tereny', 'zoned', 'zone', 'zoning', 'designated', 'planie', 'plan', 'jako', 'as']);

/** Symbols common enough to be read on their own, without a cue word before them. */
const STANDALONE = new Set(['MN', 'MW', 'MN/U', 'MW/U', 'MU', 'U', 'UC', 'UH', 'UT', 'P', 'PU', 'P/U', 'U/P', 'PS', 'RM', 'RU', 'MN/MW']);

/** Capitals that mean something else in a query (PV, BESS, GPZ, ...), never a zoning symbol. */
const ABBREVIATIONS = new Set(['PV', 'BESS', 'KOWR', 'ANR', 'GPZ', 'SN', 'WN', 'NN', 'MV', 'HV', 'EHV', 'SSE', 'PKP', 'SKM', 'PKM', 'PKS', 'DK', 'DW', 'MPZP', 'WZ', 'OZE', 'AI', 'DC', 'A', 'S']);

/**
 * Local-plan symbols written in capitals: "MN", "P/U", "MN/U", "PU". Joined by a slash or a hyphen
 * without spaces. Read when a zoning word stands before them, or when the symbol is a common one.
 */
export function findZoningSymbols(tokens: readonly Token[], free: (index: number) => boolean): ZoningSymbolMatch[] {
  const found: ZoningSymbolMatch[] = [];
  for (let index = 0; index < tokens.length; index++) {
    if (!free(index) || !isCapitals(tokens[index]!)) continue;
    let end = index + 1;
    while (end < tokens.length && free(end) && isCapitals(tokens[end]!) && /^[/-]$/.test(tokens[end]!.before)) end++;
    const written = tokens
      .slice(index, end)
      .map((token) => token.raw)
      .join('/');
    if (ABBREVIATIONS.has(written)) continue;
    const canonical = canonicalZoningSymbol(written);
    if (!canonical) continue;
    const cued = [index - 1, index - 2].some((at) => ZONING_CUES.has(tokens[at]?.fold ?? ''));
    if (!cued && !STANDALONE.has(canonical)) continue;
    // one letter alone ("U", "P") only after a cue: a stray capital is no symbol
    if (!cued && canonical.length === 1) continue;
    found.push({ symbols: [canonical], start: index, end });
    index = end - 1;
  }
  return found;
}

function isCapitals(token: Token): boolean {
  return token.kind === 'word' && /^[A-Z]{1,4}$/.test(token.raw);
}
