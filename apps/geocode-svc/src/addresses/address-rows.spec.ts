import { describe, expect, it } from '@jest/globals';
import { GLOGOWSKA_12 } from '../../test/address-example.js';
import { StreetCatalogue } from './address-rows.js';
import type { AddressFeature } from './address-source.js';
import { houseBase, normaliseHouseNumber, normalisePostcode, splitStreetName } from './address-text.js';

const address = (overrides: Partial<AddressFeature>): AddressFeature => ({ ...GLOGOWSKA_12, ...overrides });

describe('address text rules', () => {
  it('splits a street into its type and its folded words', () => {
    expect(splitStreetName('ul. Głogowska')).toEqual({ type: 'ul', words: ['glogowska'] });
    expect(splitStreetName('al. Jana Pawła II')).toEqual({ type: 'al', words: ['jana', 'pawla', 'ii'] });
    expect(splitStreetName('os. Słoneczne')).toEqual({ type: 'os', words: ['sloneczne'] });
    expect(splitStreetName('Plac Wolności')).toEqual({ type: 'pl', words: ['wolnosci'] });
    expect(splitStreetName('Rynek')).toEqual({ type: null, words: ['rynek'] });
    // A name that is only a type word stays a name.
    expect(splitStreetName('Plac')).toEqual({ type: null, words: ['plac'] });
  });

  it('normalises house numbers and postcodes', () => {
    expect(normaliseHouseNumber('12 A')).toBe('12a');
    expect(normaliseHouseNumber('14\\16')).toBe('14/16');
    expect(houseBase('12a/3')).toBe(12);
    expect(houseBase('a1')).toBeNull();
    expect(normalisePostcode('60101')).toBe('60-101');
    expect(normalisePostcode('60-101')).toBe('60-101');
    expect(normalisePostcode('6010')).toBeNull();
  });
});

describe('StreetCatalogue', () => {
  it('gives the points of one street of one locality the same street, and other streets or localities their own', () => {
    const streets = new StreetCatalogue(new Map([['3064011', 'Poznań']]));
    const a = streets.pointRow(address({ id: 'A1' }));
    const b = streets.pointRow(address({ id: 'A2', houseNumber: '12A ', postcode: '60-102' }));
    const c = streets.pointRow(address({ id: 'A3', street: 'ul. Głogowa' }));
    const d = streets.pointRow(address({ id: 'A4', locality: 'Luboń', localitySimc: '0970974', teryt: '3021011' }));
    expect([a.street_id, b.street_id, c.street_id, d.street_id]).toEqual([1, 1, 2, 3]);
    expect(b).toMatchObject({ house_number: '12A ', house_folded: '12a', house_base: 12, postcode: '60-102' });
  });

  it('lists each street with its words, postcodes and the size of its locality', () => {
    const streets = new StreetCatalogue(new Map([['3064011', 'Poznań'], ['2815092', 'Ostróda']]));
    streets.pointRow(address({ id: 'A1' }));
    streets.pointRow(address({ id: 'A2', postcode: '60-102' }));
    streets.pointRow(address({ id: 'A3', street: 'os. Słoneczne', postcode: null }));
    streets.pointRow(address({ id: 'A4', street: null, locality: 'Pobórze', localitySimc: '0485339', teryt: '2815092', postcode: '14-101' }));
    expect(streets.streetRows()).toEqual([
      expect.objectContaining({ id: 1, street: 'ul. Głogowska', street_type: 'ul', name_words: ['glogowska'], locality_words: ['poznan'], gmina: 'Poznań', gmina_words: ['poznan'], search_words: ['glogowska', 'poznan'], postcodes: ['60-101', '60-102'], address_count: 2, locality_size: 3 }),
      expect.objectContaining({ id: 2, street: 'os. Słoneczne', street_type: 'os', name_words: ['sloneczne'], postcodes: [], address_count: 1, locality_size: 3 }),
      // Houses numbered per locality: the locality's words are the name.
      expect.objectContaining({ id: 3, street: null, street_type: null, name_words: ['poborze'], locality_words: ['poborze'], gmina_words: ['ostroda'], search_words: ['poborze', 'ostroda'], locality_size: 1 }),
    ]);
  });

  it('matches without gmina words when the gmina is unknown', () => {
    const streets = new StreetCatalogue(new Map());
    streets.pointRow(address({}));
    expect(streets.streetRows()[0]).toMatchObject({ gmina: null, gmina_words: [], search_words: ['glogowska', 'poznan'] });
  });
});
