import { describe, expect, it } from '@jest/globals';
import { ownershipOf } from './ownership.rules.js';

describe('ownership of a parcel from its EGiB registration group', () => {
  it('a known group carries its code, the regulation words and where it came from', () => {
    expect(ownershipOf('7', 'generated://tools/demo/generate/cadastre')).toEqual({
      status: 'known',
      registration_group: '7',
      label_pl: 'osoby fizyczne',
      label_en: 'Natural persons (private individuals)',
      source: { layer: 'parcels', attribute: 'registration_group', source_url: 'generated://tools/demo/generate/cadastre', generated: true },
    });
    expect(ownershipOf('4', 'https://uldk.gugik.gov.pl/').source.generated).toBe(false);
  });

  it('no group, or a code outside the regulation, is unknown with a reason: never a "no" and never a group', () => {
    for (const group of [null, undefined, '', '17']) {
      const fact = ownershipOf(group, 'local-file:parcels.gpkg');
      expect(fact.status).toBe('unknown');
      expect(fact.registration_group).toBeUndefined();
      expect(fact.reason).toMatch(/not "no owner"/);
    }
  });
});
