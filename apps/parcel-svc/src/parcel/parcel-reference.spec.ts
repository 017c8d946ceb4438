import { describe, expect, it } from '@jest/globals';
import { parseParcelReference } from './parcel-reference.js';

describe('parseParcelReference', () => {
  it('reads a number with a precinct and a gmina, diacritics folded', () => {
    expect(parseParcelReference('123/4, obręb Głuszyna, Poznań')).toEqual({
      number: '123/4',
      places: [
        { folded: 'gluszyna', unit: 'precinct', text: 'Głuszyna' },
        { folded: 'poznan', unit: 'any', text: 'Poznań' },
      ],
    });
  });

  it('takes "dz." and "nr" before the number and unit words without commas', () => {
    expect(parseParcelReference('dz. nr 34/1 obr. Chartowo gmina Poznań')).toEqual({
      number: '34/1',
      places: [
        { folded: 'chartowo', unit: 'precinct', text: 'Chartowo' },
        { folded: 'poznan', unit: 'gmina', text: 'Poznań' },
      ],
    });
  });

  it('accepts English words and a place before the number', () => {
    expect(parseParcelReference('Kórnik, parcel 12')).toEqual({ number: '12', places: [{ folded: 'kornik', unit: 'any', text: 'Kórnik' }] });
    expect(parseParcelReference('plot 7/2 in precinct Szczytniki')?.places).toEqual([{ folded: 'szczytniki', unit: 'precinct', text: 'Szczytniki' }]);
  });

  it('finds no reference without a parcel number', () => {
    expect(parseParcelReference('obręb Głuszyna, Poznań')).toBeNull();
  });
});
