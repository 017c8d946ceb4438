import { editDistance, typoAllowance } from './edit-distance.js';

export interface VocabularyItem {
  text: string;
  prefix: boolean;
}

/**
 * Vocabulary items of five letters or more, by first letter: a typo is rarely in the first letter,
 * and comparing a word with a twentieth of the lexicon keeps correction well under a millisecond.
 */
export class SpellingVocabulary {
  private readonly byLetter = new Map<string, VocabularyItem[]>();

  constructor(items: readonly VocabularyItem[]) {
    for (const item of items) {
      if (item.text.length < 5) continue;
      const list = this.byLetter.get(item.text[0]!) ?? [];
      list.push(item);
      this.byLetter.set(item.text[0]!, list);
    }
  }

  startingWith(letter: string): readonly VocabularyItem[] {
    return this.byLetter.get(letter) ?? [];
  }
}

/**
 * The lexicon word a misspelt word was meant to be ("fotowltaika" → fotowolt…, "hektarw" →
 * hektarow), or null. Whole words are compared whole; a prefix is compared with the word's
 * beginning, give or take one letter. Only words of five letters or more are corrected (and four-letter
 * words missing one letter of a five-letter word), and only
 * to the single closest item (the first in lexicon order on a tie), so the result is deterministic.
 */
export function correctSpelling(word: string, vocabulary: SpellingVocabulary): string | null {
  // a four-letter word may be a five-letter one missing a letter ("solr" farm, "frma"): nothing else
  const missingLetter = word.length === 4;
  const allowance = missingLetter ? 1 : typoAllowance(word.length);
  if (allowance === 0 || !/^[a-z]+$/.test(word)) return null;
  let best: { text: string; distance: number } | null = null;
  for (const item of vocabulary.startingWith(word[0]!)) {
    if (item.prefix) {
      for (const cut of [item.text.length, item.text.length - 1, item.text.length + 1]) {
        if (cut > word.length || cut < 4) continue;
        const distance = editDistance(word.slice(0, cut), item.text, 1);
        if (distance <= 1 && (!best || distance < best.distance)) best = { text: item.text + word.slice(cut), distance };
      }
    } else {
      if (missingLetter && item.text.length !== 5) continue;
      const distance = editDistance(word, item.text, allowance);
      if (distance <= allowance && (!best || distance < best.distance)) best = { text: item.text, distance };
    }
  }
  return best && best.distance > 0 ? best.text : null;
}
