import { describe, expect, it } from '@jest/globals';
import { findQuantities } from './quantities.js';
import { tokenize } from './tokens.js';

const read = (text: string) => findQuantities(tokenize(text)).map(({ dimension, comparator, min, max, value }) => ({ dimension, comparator, min, max, value }));

describe('quantities', () => {
  it.each([
    ['co najmniej 2 ha', { dimension: 'area', comparator: 'min', min: 20_000, value: 20_000 }],
    ['min. 5000 m²', { dimension: 'area', comparator: 'min', min: 5000, value: 5000 }],
    ['min 5 000 m2', { dimension: 'area', comparator: 'min', min: 5000, value: 5000 }],
    ['przynajmniej 10 MW', { dimension: 'power', comparator: 'min', min: 10, value: 10 }],
    ['nachylenie poniżej 5%', { dimension: 'percent', comparator: 'max', max: 5, value: 5 }],
    ['at least 3 hectares', { dimension: 'area', comparator: 'min', min: 30_000, value: 30_000 }],
    ['within 500 m of a bus stop', { dimension: 'distance', comparator: 'max', max: 500, value: 500 }],
    ['do 3 km od stacji', { dimension: 'distance', comparator: 'max', max: 3000, value: 3000 }],
    ['stacji 110 kV', { dimension: 'voltage', comparator: 'bare', value: 110 }],
    ['2,5 ha', { dimension: 'area', comparator: 'bare', value: 25_000 }],
    ['pół hektara', { dimension: 'area', comparator: 'bare', value: 5000 }],
    ['half a hectare', { dimension: 'area', comparator: 'bare', value: 5000 }],
    ['dwa hektary', { dimension: 'area', comparator: 'bare', value: 20_000 }],
    ['2+ ha', { dimension: 'area', comparator: 'min', min: 20_000, value: 20_000 }],
    ['5 ha or more', { dimension: 'area', comparator: 'min', min: 50_000, value: 50_000 }],
    ['15 arów', { dimension: 'area', comparator: 'bare', value: 1500 }],
    ['10MW', { dimension: 'power', comparator: 'bare', value: 10 }],
    ['500 kW', { dimension: 'power', comparator: 'bare', value: 0.5 }],
    ['około 2 ha', { dimension: 'area', comparator: 'about', value: 20_000 }],
  ])('%s', (text, expected) => {
    expect(read(text)).toEqual([expect.objectContaining(expected)]);
  });

  it.each([
    ['1-3 ha', 10_000, 30_000],
    ['od 1 do 3 ha', 10_000, 30_000],
    ['between 1 and 3 hectares', 10_000, 30_000],
    ['1 ha do 3 ha', 10_000, 30_000],
    ['od 2 do 4 km', 2000, 4000],
  ])('reads the range %s', (text, min, max) => {
    expect(read(text)).toEqual([expect.objectContaining({ comparator: 'range', min, max })]);
  });

  it('needs a unit: bare numbers, number words alone and "m 2" written apart are not quantities', () => {
    expect(read('dwa razy 3')).toEqual([]);
    expect(read('5 m 2 km')).toEqual([
      expect.objectContaining({ dimension: 'distance', value: 5 }),
      expect.objectContaining({ dimension: 'distance', value: 2000 }),
    ]);
  });

  it('reads several quantities in one query', () => {
    expect(read('farma PV min 2 ha do 3 km od stacji 110 kV').map((q) => q.dimension)).toEqual(['area', 'distance', 'voltage']);
  });
});
