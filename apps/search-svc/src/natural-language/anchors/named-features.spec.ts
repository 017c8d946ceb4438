import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { smallGazetteer } from '../../../test/small-gazetteer.js';
import { interpret } from '../interpreter.js';
import { nameKey, NamedFeatures, placesOf, type NamedFeatureRow } from './named-features.js';

const row = (id: string, name: string, x: number, y: number, layer: NamedFeatureRow['layer'] = 'power_substations', kind = 'hv_substation'): NamedFeatureRow => ({
  layer,
  id,
  name,
  kind,
  teryt: '3021093',
  gmina: 'Kórnik',
  x,
  y,
});

const features = new NamedFeatures(
  [
    row('sub-kromolice', 'Kromolice 400/110kV', 0, 0),
    row('sub-rataje', '17 Rataje 110kV', 5000, 5000),
    row('sub-lipno-a', 'Lipno 110/15 kV', 100_000, 0),
    row('sub-lipno-b', 'Lipno', 300_000, 0),
    row('sub-bolechowo-1', 'Stacja elektroenergetyczna 110kV Bolechowo', 0, 50_000),
    row('sub-bolechowo-2', 'Bolechowo', 300, 50_000),
    row('rail-kornik', 'Kórnik', 1000, 1000, 'transport_stops', 'rail'),
  ],
  'test',
);
const gazetteer = smallGazetteer();

function failure(query: string): AppError {
  try {
    interpret(query, {}, gazetteer, features);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`${query} was interpreted without an error`);
}

describe('named features', () => {
  it('are known by the words that say which one, not what it is', () => {
    expect(nameKey('Stacja elektroenergetyczna "Plewiska" 400/220/110 kV')).toBe('plewiska');
    expect(nameKey('Kromolice 400/110kV')).toBe('kromolice');
    expect(nameKey('17 Rataje 110kV')).toBe('rataje');
    expect(nameKey('Stacja transformatorowa Kórnik 12')).toBe('kornik 12');
    expect(nameKey('Poznań Główny')).toBe('poznan glowny');
  });

  it('of one name within 2 km are one place; farther apart, several', () => {
    expect(placesOf(features.find('power_substations', 'bolechowo')).map((place) => place.map((f) => f.id))).toEqual([['sub-bolechowo-1', 'sub-bolechowo-2']]);
    expect(placesOf(features.find('power_substations', 'lipno'))).toHaveLength(2);
  });

  it('anchor a distance to that feature alone, keeping the distance given', () => {
    const result = interpret('do 5 km od stacji Kromolice', {}, gazetteer, features);
    expect(result.request.filters?.near).toEqual([{ layer: 'power_substations', within_m: 5000, ids: ['sub-kromolice'] }]);
    expect(result.assumptions.join(' ')).toContain('Kromolice 400/110kV');
    const english = interpret('within 2 km of the Rataje substation', {}, gazetteer, features);
    expect(english.request.filters?.near).toEqual([{ layer: 'power_substations', within_m: 2000, ids: ['sub-rataje'] }]);
    expect(english.language).toBe('en');
  });

  it('read "dworzec" and "stacja kolejowa" as a railway station, and a minimum distance from one as far', () => {
    const result = interpret('działka co najmniej 1 km od dworca Kórnik', {}, gazetteer, features);
    expect(result.request.filters?.far).toEqual([{ layer: 'transport_stops', beyond_m: 1000, ids: ['rail-kornik'] }]);
    expect(result.request.filters?.near).toBeUndefined();
  });

  it('that name several features apart are 422 ambiguous_feature with the candidates', () => {
    const error = failure('do 3 km od GPZ Lipno');
    expect(error.code).toBe('ambiguous_feature');
    expect(error.candidates).toEqual([expect.stringContaining('sub-lipno-a'), expect.stringContaining('sub-lipno-b')]);
    // in the language of the query
    expect(error.message).toMatch(/^„GPZ Lipno” to nazwa 2 różnych obiektów\. Wskaż jeden/);
    expect(failure('plots within 3 km of the Lipno substation').message).toMatch(/^"Lipno substation" names 2 different features\. Say which one/);
  });

  it('a name after a head word that no feature has is said, never searched as "any substation"', () => {
    const error = failure('do 5 km od stacji Plewiska');
    expect(error.code).toBe('unresolvable_query');
    expect(error.message).toContain('Plewiska');
    // a lower-case word after "stacja" is no name: the ordinary reading stays
    expect(interpret('blisko stacji 110 kV', {}, gazetteer, features).request.filters?.near).toEqual([{ layer: 'power_substations', within_m: 10_000, where: { voltage_kv_gte: 110 } }]);
  });
});
