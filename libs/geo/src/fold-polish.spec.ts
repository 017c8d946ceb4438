import { describe, expect, it } from '@jest/globals';
import { foldPolish } from './fold-polish.js';

describe('foldPolish', () => {
  it('removes every Polish diacritic, in lower and upper case', () => {
    expect(foldPolish('ąćęłńóśźż')).toBe('acelnoszz');
    expect(foldPolish('ĄĆĘŁŃÓŚŹŻ')).toBe('acelnoszz');
    expect(foldPolish('Kraków')).toBe('krakow');
    expect(foldPolish('Łódź')).toBe('lodz');
    expect(foldPolish('Gdańsk')).toBe('gdansk');
  });

  it('treats text typed with combining accents (NFD) like precomposed text', () => {
    expect(foldPolish('Krako\u0301w')).toBe('krakow');
    expect(foldPolish('Zielona Go\u0301ra')).toBe(foldPolish('Zielona Góra'));
  });

  it('turns hyphens and punctuation into single spaces and trims', () => {
    expect(foldPolish('Kędzierzyn-Koźle')).toBe('kedzierzyn kozle');
    expect(foldPolish('  warmińsko–mazurskie ')).toBe('warminsko mazurskie');
    expect(foldPolish('Słupia (Jędrzejowska)')).toBe('slupia jedrzejowska');
    expect(foldPolish('gm.  Ostróda,,')).toBe('gm ostroda');
    expect(foldPolish('100%_x\\y')).toBe('100 x y');
  });

  it('keeps digits and answers an empty string for text without letters or digits', () => {
    expect(foldPolish('Gmina 2815011')).toBe('gmina 2815011');
    expect(foldPolish(' -–.,; ')).toBe('');
    expect(foldPolish('')).toBe('');
  });

  it('only ever returns lower-case ASCII letters, digits and single inner spaces', () => {
    for (const text of ['Źródła Wisły', 'Ruda Śląska', 'Ærøskøbing', 'Москва', 'Dąbrowa Górnicza — miasto']) {
      expect(foldPolish(text)).toMatch(/^([a-z0-9]+( [a-z0-9]+)*)?$/);
    }
  });

  it('is idempotent', () => {
    for (const text of ['Nowe Miasto Lubawskie', 'Świątniki Górne', 'Igołomia-Wawrzeńczyce']) {
      expect(foldPolish(foldPolish(text))).toBe(foldPolish(text));
    }
  });
});
