import { describe, expect, it } from '@jest/globals';
import { smallGazetteer } from '../../../test/small-gazetteer.js';
import { tokenize } from '../text/tokens.js';
import { correctedNameAt, createPlaceSearch, cueBefore, namesAt } from './place-search.js';

const gazetteer = smallGazetteer();
const searchOf = (query: string) => createPlaceSearch(tokenize(query), gazetteer, { free: () => true, commonWords: new Set() });

describe('matching place names', () => {
  it('counts a preposition as a cue only within its clause', () => {
    expect(cueBefore(tokenize('w Poznaniu'), 1)).toBe('preposition');
    expect(cueBefore(tokenize('woda w, Poznań'), 2)).toBe('capital');
    expect(cueBefore(tokenize('w, poznań'), 1)).toBe('bare');
  });

  it('matches declined names and says whether as written', () => {
    const declined = namesAt(searchOf('w Poznaniu'), 1)!;
    expect(declined.map((match) => [match.entry.words.join(' '), match.exact])).toContainEqual(['poznan', false]);
    const exact = namesAt(searchOf('Poznań'), 0)!;
    expect(exact.every((match) => match.exact)).toBe(true);
  });

  it('corrects a typo in a unit name, never a word shorter than five letters', () => {
    const corrected = correctedNameAt(searchOf('w Poznaiu'), 1);
    expect(corrected?.map((match) => [match.entry.words.join(' '), match.corrected])).toContainEqual(['poznan', true]);
    expect(correctedNameAt(searchOf('w Pozn'), 1)).toBeNull();
  });
});
