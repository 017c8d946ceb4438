import type { AddressFeature } from '../src/addresses/address-source.js';

/** One address point as the loader reads it: ul. Głogowska 12 in Poznań. */
export const GLOGOWSKA_12: AddressFeature = {
  id: 'A1',
  lng: 16.9,
  lat: 52.4,
  locality: 'Poznań',
  localitySimc: '0969400',
  street: 'ul. Głogowska',
  houseNumber: '12',
  postcode: '60-101',
  teryt: '3064011',
};
