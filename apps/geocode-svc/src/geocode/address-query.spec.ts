import { describe, expect, it } from '@jest/globals';
import { parseAddressQuery } from './address-query.js';

const first = (q: string) => parseAddressQuery(q)[0];

describe('parseAddressQuery', () => {
  it('reads street, house number, postcode and locality from the usual written form', () => {
    expect(parseAddressQuery('ul. Głogowska 12, 60-101 Poznań')).toEqual([
      { words: ['glogowska', 'poznan'], houseNumber: { full: '12', main: '12', base: 12 }, postcode: '60-101', streetType: 'ul' },
    ]);
  });

  it('gives the same words whatever their order, with or without diacritics and commas', () => {
    const expected = first('Głogowska 12, Poznań');
    expect(first('12 Głogowska Poznań')).toEqual(expected);
    expect(first('Poznan glogowska 12')).toEqual({ ...expected, words: ['poznan', 'glogowska'] });
    expect(first('GLOGOWSKA 12 POZNAN')).toEqual(expected);
  });

  it('drops street-type words, abbreviated, written out or glued to the name, and remembers the type', () => {
    expect(first('al. Niepodległości 5')).toMatchObject({ words: ['niepodleglosci'], streetType: 'al' });
    expect(first('aleja Niepodległości 5')).toMatchObject({ words: ['niepodleglosci'], streetType: 'al' });
    expect(first('ulica Głogowska 12')).toMatchObject({ words: ['glogowska'], streetType: 'ul' });
    expect(first('ul.Głogowska 12')).toMatchObject({ words: ['glogowska'], streetType: 'ul' });
    expect(first('osiedle Słoneczne 3')).toMatchObject({ words: ['sloneczne'], streetType: 'os' });
    expect(first('pl. Wolności 1')).toMatchObject({ words: ['wolnosci'], streetType: 'pl' });
    expect(first('Głogowska 12')).toMatchObject({ streetType: null });
  });

  it('reads house numbers with a letter (also typed apart) or a slash', () => {
    expect(first('Głogowska 12a')?.houseNumber).toEqual({ full: '12a', main: '12a', base: 12 });
    expect(first('Głogowska 12 A')?.houseNumber).toEqual({ full: '12a', main: '12a', base: 12 });
    expect(first('Głogowska 12/3')?.houseNumber).toEqual({ full: '12/3', main: '12', base: 12 });
    expect(first('Głogowska 14/16 Poznań')).toMatchObject({ words: ['glogowska', 'poznan'], houseNumber: { full: '14/16', main: '14', base: 14 } });
  });

  it('ignores nr before the number and a flat after m. or lok.', () => {
    expect(first('Głogowska nr 12')).toMatchObject({ words: ['glogowska'], houseNumber: { full: '12' } });
    expect(first('Głogowska 12 m. 3, Poznań')).toMatchObject({ words: ['glogowska', 'poznan'], houseNumber: { full: '12' } });
    expect(first('Głogowska 12 lok 3')).toMatchObject({ words: ['glogowska'], houseNumber: { full: '12' } });
  });

  it('takes a postcode with or without its dash from anywhere', () => {
    expect(first('60-101')).toEqual({ words: [], houseNumber: null, postcode: '60-101', streetType: null });
    expect(first('60101 Poznań')).toMatchObject({ words: ['poznan'], postcode: '60-101', houseNumber: null });
    expect(first('Poznań 60-101, Głogowska 12')).toMatchObject({ words: ['poznan', 'glogowska'], postcode: '60-101', houseNumber: { full: '12' } });
  });

  it('offers the last number as the house number first, then the first, when several are typed', () => {
    expect(parseAddressQuery('3 Maja 5 Poznań').map((reading) => [reading.houseNumber?.full, reading.words])).toEqual([
      ['5', ['3', 'maja', 'poznan']],
      ['3', ['maja', '5', 'poznan']],
    ]);
    expect(parseAddressQuery('5 3 Maja').map((reading) => reading.houseNumber?.full)).toEqual(['3', '5']);
  });

  it('splits hyphenated names into words like the indexed names', () => {
    expect(first('Curie-Skłodowskiej 2')?.words).toEqual(['curie', 'sklodowskiej']);
  });

  it('answers no reading when there is neither a name nor a postcode', () => {
    expect(parseAddressQuery('')).toEqual([]);
    expect(parseAddressQuery('  , . ')).toEqual([]);
    expect(parseAddressQuery('12')).toEqual([]);
    expect(parseAddressQuery('12/3')).toEqual([]);
  });

  it('keeps at most 12 distinct words', () => {
    const words = 'a b c d e f g h i j k l m n o p'.split(' ');
    expect(first(words.join(' '))?.words).toHaveLength(12);
    expect(first('poznan poznan glogowska')?.words).toEqual(['poznan', 'glogowska']);
  });
});
