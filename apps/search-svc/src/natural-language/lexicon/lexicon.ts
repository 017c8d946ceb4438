import type { Token } from '../text/tokens.js';
import { ASSET_PHRASES } from './asset-phrases.js';
import { CUE_PHRASES, FEATURE_PHRASES, INSIDE_PHRASES, TARGET_PHRASES, VOLTAGE_PHRASES } from './criteria-phrases.js';
import { OWNER_PHRASES } from './owner-phrases.js';
import { COUNT_NOUN_PHRASES, COUNTRY_PHRASES, FILLER_PHRASES, UNSUPPORTED_PHRASES } from './filler-phrases.js';
import type { LexiconEntry, Meaning } from './meanings.js';
import { compilePhrases, matchPhrase, phraseVocabulary, type Phrase } from './phrase-pattern.js';

export interface CompiledEntry extends LexiconEntry {
  phrases: Phrase[];
}

export interface LexiconMatch {
  entry: CompiledEntry;
  start: number;
  end: number;
}

const compile = (entries: readonly LexiconEntry[]): CompiledEntry[] => entries.map((entry) => ({ ...entry, phrases: compilePhrases(entry.pattern) }));

/**
 * The phrases of meaning, in priority order for phrases of equal length: asset types, then what a
 * parcel is near or kept from, then its own properties. Matched before places are looked for.
 */
export const MEANINGFUL = compile([...ASSET_PHRASES, ...TARGET_PHRASES, ...FEATURE_PHRASES, ...OWNER_PHRASES, ...VOLTAGE_PHRASES, ...COUNTRY_PHRASES, ...COUNT_NOUN_PHRASES, ...UNSUPPORTED_PHRASES]);

/** Cues and fillers: matched after places, because prepositions and unit words lead to places. */
export const CONNECTIVES = compile([...CUE_PHRASES, ...FILLER_PHRASES]);

/** "Na terenie", "inside": matched before places (their nouns are no place names). */
export const INSIDE_CUES = compile(INSIDE_PHRASES);

/** Every word and prefix of the lexicon, for spelling correction and language detection. */
export const LEXICON_VOCABULARY = phraseVocabulary([...MEANINGFUL, ...CONNECTIVES, ...INSIDE_CUES].flatMap((entry) => entry.phrases));

/**
 * Greedy left-to-right matching: at each free token the longest phrase of `entries` that starts
 * there (ties: the earlier entry); its tokens are then taken. Returns the matches in text order.
 */
export function matchLexicon(entries: readonly CompiledEntry[], tokens: readonly Token[], free: (index: number) => boolean): LexiconMatch[] {
  const matches: LexiconMatch[] = [];
  for (let index = 0; index < tokens.length; ) {
    if (!free(index) || tokens[index]!.kind === 'number') {
      index++;
      continue;
    }
    let best: LexiconMatch | null = null;
    for (const entry of entries) {
      for (const phrase of entry.phrases) {
        const length = matchPhrase(phrase, tokens, index, free);
        if (length > 0 && (!best || length > best.end - best.start)) best = { entry, start: index, end: index + length };
      }
    }
    if (best) {
      matches.push(best);
      index = best.end;
    } else {
      index++;
    }
  }
  return matches;
}

export type { Meaning };
