import { describe, expect, it } from '@jest/globals';
import { parseRegionQuery, stemsOf } from './region-query.js';

describe('stemsOf', () => {
  it('strips the common Polish case endings of inflected place names', () => {
    expect(stemsOf('krakowie')).toContain('krakow');
    expect(stemsOf('poznaniu')).toContain('poznan');
    expect(stemsOf('gdanska')).toContain('gdansk');
    expect(stemsOf('olsztynem')).toContain('olsztyn');
    expect(stemsOf('krakowowi')).toContain('krakow');
    expect(stemsOf('zielonej')).toContain('zielon');
    expect(stemsOf('malopolskiej')).toContain('malopolsk');
    expect(stemsOf('tarnowy')).toContain('tarnow');
  });

  it('offers every stem of a word with several matching endings, longest first', () => {
    expect(stemsOf('krakowskiego')).toEqual(['krakowski', 'krakow']);
    expect(stemsOf('poznaniu')).toEqual(['poznani', 'poznan']);
    expect(stemsOf('malopolskiej')).toEqual(['malopolski', 'malopolsk']);
    expect(stemsOf('krakowskim')).toEqual(['krakow']);
  });

  it('keeps at least 4 letters: short words are not stemmed', () => {
    expect(stemsOf('wola')).toEqual([]);
    expect(stemsOf('bytomiu')).toEqual(['bytomi', 'bytom']);
    expect(stemsOf('lodzi')).toEqual([]);
    expect(stemsOf('nysa')).toEqual([]);
  });

  it('leaves words without a known ending and numbers alone', () => {
    expect(stemsOf('krakow')).toEqual([]);
    expect(stemsOf('2815011')).toEqual([]);
  });
});

describe('parseRegionQuery', () => {
  it('folds the text and gives each word its stems as alternatives', () => {
    expect(parseRegionQuery('Zielona G')).toEqual({
      text: 'zielona g',
      words: [['zielona', 'zielon'], ['g']],
      stemmedTexts: ['zielon g'],
      levels: null,
      unitTypes: null,
    });
    expect(parseRegionQuery('w Krakowie')?.words).toEqual([['w'], ['krakowie', 'krakow']]);
    expect(parseRegionQuery('Krakowie')?.stemmedTexts).toEqual(['krakow']);
  });

  it('restricts the level by a leading unit word, written out or abbreviated', () => {
    expect(parseRegionQuery('gmina Ostróda')).toMatchObject({ text: 'ostroda', levels: ['gmina'], unitTypes: null });
    expect(parseRegionQuery('gm. Ostróda')).toMatchObject({ text: 'ostroda', levels: ['gmina'] });
    expect(parseRegionQuery('powiat krakowski')).toMatchObject({ text: 'krakowski', levels: ['powiat'] });
    expect(parseRegionQuery('pow. ostródzki')).toMatchObject({ text: 'ostrodzki', levels: ['powiat'] });
    expect(parseRegionQuery('województwo małopolskie')).toMatchObject({ text: 'malopolskie', levels: ['voivodeship'] });
    expect(parseRegionQuery('woj. małopolskie')).toMatchObject({ text: 'malopolskie', levels: ['voivodeship'] });
  });

  it('reads miasto as the city and town unit types, and a gmina type after gmina', () => {
    expect(parseRegionQuery('miasto Kraków')).toMatchObject({ text: 'krakow', levels: null, unitTypes: ['gmina miejska', 'gmina miejsko-wiejska', 'miasto na prawach powiatu'] });
    expect(parseRegionQuery('gmina wiejska Ostróda')).toMatchObject({ text: 'ostroda', levels: ['gmina'], unitTypes: ['gmina wiejska'] });
    expect(parseRegionQuery('gmina miejsko-wiejska Morąg')).toMatchObject({ text: 'morag', unitTypes: ['gmina miejsko-wiejska'] });
    expect(parseRegionQuery('gmina miejska')).toMatchObject({ text: 'miejska', levels: ['gmina'], unitTypes: null });
  });

  it('treats unit words that are part of a name, or stand alone, as name text', () => {
    expect(parseRegionQuery('Nowe Miasto')).toMatchObject({ text: 'nowe miasto', levels: null, unitTypes: null });
    expect(parseRegionQuery('powiat')).toMatchObject({ text: 'powiat', levels: null });
    expect(parseRegionQuery('Miastko')).toMatchObject({ text: 'miastko', unitTypes: null });
  });

  it('answers null for text with nothing to search', () => {
    expect(parseRegionQuery('  ')).toBeNull();
    expect(parseRegionQuery('-.,')).toBeNull();
  });

  it('caps the stem variants of a long query', () => {
    const query = parseRegionQuery('krakowie poznaniu gdanska olsztynem krakowie poznaniu gdanska')!;
    expect(query.stemmedTexts.length).toBeLessThanOrEqual(16);
    expect(query.stemmedTexts).not.toContain(query.text);
  });
});
