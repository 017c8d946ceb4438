import { describe, expect, it } from '@jest/globals';
import { RCN_PROFILES } from './registers/rcn.profiles.js';
import { SOURCE_PROFILES, resolveProfile, validateProfiles } from './source-profiles.js';

describe('source profiles of the public registers', () => {
  it('are valid against the catalogue, one id each', () => {
    expect(SOURCE_PROFILES.map((profile) => profile.id)).toEqual([...new Set(SOURCE_PROFILES.map((profile) => profile.id))]);
    expect(SOURCE_PROFILES.length).toBeGreaterThanOrEqual(9);
  });

  it('refuses a profile that maps outside the catalogue, listing every problem', () => {
    const lokale = RCN_PROFILES[0]!;
    const broken = { ...lokale, id: 'broken', map: { ...lokale.map, kind: { codes: 'tran_rodzaj_rynku', table: { pierwotny: 'new_build' } }, attributes: { price: { field: 'x' } } } };
    expect(() => validateProfiles([broken], 'test')).toThrow(
      /broken: attribute price is not an attribute of lokale[\s\S]*broken: required attribute date of lokale is not mapped[\s\S]*broken: kinds new_build are not kinds of lokale/,
    );
  });

  it('refuses a profile that is not one by its schema, naming the field', () => {
    expect(() => validateProfiles([{ id: 'x', layer: 'lokale' }], 'test')).toThrow(/x: register /);
  });

  it('finds a profile by id and names the known ones otherwise', () => {
    expect(resolveProfile('rcn-lokale').layer).toBe('lokale');
    expect(() => resolveProfile('rcn')).toThrow(/Unknown source profile rcn; profiles: rcn-lokale, rcn-transactions/);
  });
});
