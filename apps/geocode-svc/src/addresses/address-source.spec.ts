import { describe, expect, it } from '@jest/globals';
import { GLOGOWSKA_12 } from '../../test/address-example.js';
import { toAddressFeature } from './address-source.js';

const feature = (properties: Record<string, unknown>, coordinates: unknown = [16.9, 52.4]) => ({
  type: 'Feature',
  geometry: { type: 'Point', coordinates },
  properties: { id: 'ADR.1', locality: 'Poznań', locality_simc: '0969400', street: 'ul. Głogowska', house_number: '12', postcode: '60-101', teryt: '3064011', ...properties },
});

describe('toAddressFeature', () => {
  it('reads an address point of the source format', () => {
    expect(toAddressFeature(feature({ parcel_id: 'ignored' }))).toEqual({ ...GLOGOWSKA_12, id: 'ADR.1' });
  });

  it('accepts houses numbered without a street, no postcode, a postcode without its dash and no SIMC id', () => {
    expect(toAddressFeature(feature({ street: null, postcode: null, locality_simc: null }))).toMatchObject({ street: null, postcode: null, localitySimc: null });
    expect(toAddressFeature(feature({ street: '', postcode: '60101' }))).toMatchObject({ street: null, postcode: '60-101' });
  });

  it('says what is wrong with a feature a search could not use', () => {
    expect(toAddressFeature({ type: 'FeatureCollection' })).toBe('not a GeoJSON Feature with properties');
    expect(toAddressFeature(feature({ id: ' ' }))).toBe('no id');
    expect(toAddressFeature(feature({}, [16.9]))).toBe('ADR.1: geometry is not a Point');
    expect(toAddressFeature(feature({}, [2.35, 48.85]))).toBe('ADR.1: point 2.35,48.85 is outside Poland');
    expect(toAddressFeature(feature({ locality: '–' }))).toBe('ADR.1: no locality name');
    expect(toAddressFeature(feature({ house_number: 'bn' }))).toBe('ADR.1: house_number "bn" is not a house number');
    expect(toAddressFeature(feature({ teryt: '3064' }))).toBe('ADR.1: teryt "3064" is not a 7-digit gmina code');
    expect(toAddressFeature(feature({ street: 12 }))).toBe('ADR.1: street is neither text nor null');
    expect(toAddressFeature(feature({ postcode: '601-01' }))).toBe('ADR.1: postcode "601-01" is not NN-NNN');
  });
});
