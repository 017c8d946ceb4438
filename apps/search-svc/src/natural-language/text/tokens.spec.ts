import { describe, expect, it } from '@jest/globals';
import { parseNumber, spanText, tokenize } from './tokens.js';

describe('tokenize', () => {
  it('folds words, keeps where they were, and tells capitals and abbreviations apart', () => {
    const tokens = tokenize('Farma PV w Kórniku');
    expect(tokens.map((t) => t.fold)).toEqual(['farma', 'pv', 'w', 'korniku']);
    expect(tokens.map((t) => [t.capitalized, t.upper])).toEqual([
      [true, false],
      [true, true],
      [false, false],
      [true, false],
    ]);
    expect(spanText('Farma PV w Kórniku', tokens, 2, 4)).toBe('w Kórniku');
  });

  it('splits numbers from units written together and joins digit groups', () => {
    expect(tokenize('10MW 5 000 m² 2,5ha').map((t) => [t.kind, t.fold, t.value])).toEqual([
      ['number', '10', 10],
      ['word', 'mw', undefined],
      ['number', '5000', 5000],
      ['word', 'm', undefined],
      ['number', '2', 2],
      ['number', '2,5', 2.5],
      ['word', 'ha', undefined],
    ]);
  });

  it('reads decimal commas and points, and three digits after one as thousands', () => {
    expect([parseNumber('2,5'), parseNumber('2.5'), parseNumber('5.000'), parseNumber('1,500'), parseNumber('0,500')]).toEqual([2.5, 2.5, 5000, 1500, 0.5]);
  });

  it('keeps comparison symbols as tokens', () => {
    expect(tokenize('≥ 2 ha, <5%').map((t) => t.fold)).toEqual(['>=', '2', 'ha', '<', '5', '%']);
  });
});
