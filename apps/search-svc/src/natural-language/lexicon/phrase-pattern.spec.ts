import { describe, expect, it } from '@jest/globals';
import { tokenize } from '../text/tokens.js';
import { compilePhrase, matchPhrase } from './phrase-pattern.js';

const covers = (pattern: string, text: string, start = 0): number => matchPhrase(compilePhrase(pattern), tokenize(text), start);

describe('lexicon phrases', () => {
  it('matches folded words, alternatives and word beginnings', () => {
    expect(covers('farm* fotowolt*|pv|solarn*', 'Farmę fotowoltaiczną')).toBe(2);
    expect(covers('farm* fotowolt*|pv|solarn*', 'farmy PV')).toBe(2);
    expect(covers('farm* fotowolt*|pv|solarn*', 'farma wiatrowa')).toBe(0);
  });

  it('takes optional words when they are there and skips them when not', () => {
    expect(covers('stacj* ?elektroenergetyczn*', 'stacji elektroenergetycznej')).toBe(2);
    expect(covers('stacj* ?elektroenergetyczn*', 'stacji 110 kV')).toBe(1);
    expect(covers('w ?bezposrednim poblizu', 'w pobliżu')).toBe(2);
  });

  it('matches number words written in digits', () => {
    expect(covers('natur* 2000', 'poza Naturą 2000', 1)).toBe(2);
  });

  it('refuses unfolded words and two-letter prefixes', () => {
    expect(() => compilePhrase('płaska')).toThrow(/not folded/);
    expect(() => compilePhrase('pv*')).toThrow(/too short/);
  });
});
