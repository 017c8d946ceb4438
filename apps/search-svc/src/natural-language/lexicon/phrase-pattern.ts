import type { Token } from '../text/tokens.js';

/**
 * A small notation for lexicon phrases, written folded (no diacritics): words separated by spaces,
 * alternatives of one word by `|`, a trailing `*` matches any word beginning so (Polish endings), a
 * leading `?` makes the word optional, and `, ` separates whole alternative phrases.
 * `farm* fotowolt*|pv|solarn*` matches "farma fotowoltaiczna", "farmy PV", "farmę solarną";
 * `brownfield*, brown field*` matches "brownfield" and "brown field". A digit word matches a number
 * token written so ("natura 2000").
 */
export interface PhraseWord {
  optional: boolean;
  alternatives: ReadonlyArray<{ text: string; prefix: boolean }>;
}

export type Phrase = readonly PhraseWord[];

/** Every alternative phrase of a pattern (`a b, c` is two phrases). */
export function compilePhrases(pattern: string): Phrase[] {
  return pattern.split(/\s*,\s*/).map(compilePhrase);
}

export function compilePhrase(pattern: string): Phrase {
  const words = pattern.trim().split(/\s+/);
  if (words.length === 0 || words[0] === '') throw new Error('empty lexicon phrase');
  return words.map((word) => {
    const optional = word.startsWith('?');
    const alternatives = (optional ? word.slice(1) : word).split('|').map((alternative) => {
      const prefix = alternative.endsWith('*');
      const text = prefix ? alternative.slice(0, -1) : alternative;
      if (!/^[a-z0-9%<>=~+]+$/.test(text) || (word.length > 0 && word.split('|').some((alt) => alt === '' || alt === '?'))) throw new Error(`lexicon phrase ${pattern}: ${alternative} is not folded`);
      // a prefix shorter than three letters would swallow unrelated words
      if (prefix && text.length < 3) throw new Error(`lexicon phrase ${pattern}: prefix ${alternative} is too short`);
      return { text, prefix };
    });
    return { optional, alternatives };
  });
}

/** Whether one token fits one phrase word (its folded spelling, or a prefix of it). */
export function wordMatches(word: PhraseWord, token: Token | undefined): boolean {
  if (!token) return false;
  return word.alternatives.some((alternative) => (alternative.prefix ? token.fold.startsWith(alternative.text) : token.fold === alternative.text));
}

/**
 * How many tokens the phrase covers from `start` (0: no match). Optional words are tried taken
 * first, so the longest reading wins. `usable(i)` says whether token i may be part of a phrase.
 */
export function matchPhrase(phrase: Phrase, tokens: readonly Token[], start: number, usable: (index: number) => boolean = () => true): number {
  const step = (wordIndex: number, tokenIndex: number): number => {
    if (wordIndex === phrase.length) return tokenIndex - start;
    const word = phrase[wordIndex]!;
    if (tokenIndex < tokens.length && usable(tokenIndex) && wordMatches(word, tokens[tokenIndex])) {
      const taken = step(wordIndex + 1, tokenIndex + 1);
      if (taken > 0) return taken;
    }
    return word.optional ? step(wordIndex + 1, tokenIndex) : 0;
  };
  return step(0, start);
}

/** Every folded word and prefix a set of phrases uses: the vocabulary spelling correction aims at. */
export function phraseVocabulary(phrases: readonly Phrase[]): Array<{ text: string; prefix: boolean }> {
  const seen = new Map<string, { text: string; prefix: boolean }>();
  for (const phrase of phrases) for (const word of phrase) for (const alternative of word.alternatives) seen.set(`${alternative.text}${alternative.prefix ? '*' : ''}`, alternative);
  return [...seen.values()];
}
