import { describe, expect, it } from '@jest/globals';
import { addressLabel } from './geocode.service.js';

describe('addressLabel', () => {
  it('writes street and number, then postcode and locality', () => {
    expect(addressLabel({ street: 'ul. Głogowska', house_number: '12A', postcode: '60-101', locality: 'Poznań', gmina: 'Poznań' })).toBe('ul. Głogowska 12A, 60-101 Poznań');
  });

  it('names the gmina when it differs from the locality, and the locality before the number without a street', () => {
    expect(addressLabel({ street: null, house_number: '55', postcode: '14-101', locality: 'Pobórze', gmina: 'Ostróda' })).toBe('Pobórze 55, 14-101 Pobórze, gm. Ostróda');
  });

  it('leaves out what is unknown', () => {
    expect(addressLabel({ street: 'ul. Lipowa', house_number: '3', postcode: null, locality: 'Dąbrowa', gmina: null })).toBe('ul. Lipowa 3, Dąbrowa');
  });
});
