import { describe, expect, it } from '@jest/globals';
import type { RegionView } from '@lp/contracts';
import { GatewayError } from '../../gateway/gateway-error.js';
import { pickRegion } from './region-resolver.js';

const unit = (teryt: string, name: string, unit_type: RegionView['unit_type'], parent: string | null): RegionView => ({
  teryt,
  name,
  unit_type,
  level: teryt.length === 7 ? 'gmina' : teryt.length === 4 ? 'powiat' : 'voivodeship',
  parent,
  parent_teryt: parent ? teryt.slice(0, teryt.length === 7 ? 4 : 2) : null,
  label: `${name} — ${unit_type}${parent ? `, ${parent}` : ''}`,
  layers_available: [],
  layers_partial: [],
});

const OSTRODA_URBAN = unit('2815011', 'Ostróda', 'gmina miejska', 'powiat ostródzki, warmińsko-mazurskie');
const OSTRODA_RURAL = unit('2815092', 'Ostróda', 'gmina wiejska', 'powiat ostródzki, warmińsko-mazurskie');
const OSTRODA_POWIAT = unit('2815', 'powiat ostródzki', 'powiat', 'warmińsko-mazurskie');
const POZNAN = unit('3064011', 'Poznań', 'gmina miejska', 'powiat Poznań, wielkopolskie');
const POZNAN_CITY_POWIAT = unit('3064', 'powiat Poznań', 'miasto na prawach powiatu', 'wielkopolskie');
const POZNAN_POWIAT = unit('3021', 'powiat poznański', 'powiat', 'wielkopolskie');

const failure = (run: () => unknown): GatewayError => {
  try {
    run();
  } catch (error) {
    if (error instanceof GatewayError) return error;
    throw error;
  }
  throw new Error('expected a GatewayError');
};

describe('pickRegion: a place name to one administrative unit', () => {
  it('takes the one unit whose name is the query, diacritics and case aside', () => {
    expect(pickRegion('poznan', [POZNAN_CITY_POWIAT, POZNAN, POZNAN_POWIAT]).teryt).toBe('3064011');
    expect(pickRegion('Powiat Poznański', [POZNAN_POWIAT, POZNAN_CITY_POWIAT]).teryt).toBe('3021');
  });

  it('reads a leading unit word as part of the name only when the name needs it', () => {
    expect(pickRegion('gmina miejska Ostróda', [OSTRODA_URBAN]).teryt).toBe('2815011');
    expect(pickRegion('powiat ostródzki', [OSTRODA_POWIAT, OSTRODA_URBAN]).teryt).toBe('2815');
  });

  it('reports a name shared by several units as ambiguous_region listing each with its TERYT code', () => {
    const error = failure(() => pickRegion('Ostroda', [OSTRODA_POWIAT, OSTRODA_URBAN, OSTRODA_RURAL]));
    expect(error.code).toBe('ambiguous_region');
    expect(error.candidates).toEqual([
      'Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie (2815011)',
      'Ostróda — gmina wiejska, powiat ostródzki, warmińsko-mazurskie (2815092)',
    ]);
  });

  it('accepts the only close match, and lists several close matches as candidates', () => {
    expect(pickRegion('poznaniu', [POZNAN]).teryt).toBe('3064011');
    const error = failure(() => pickRegion('ostrodzie', [OSTRODA_URBAN, OSTRODA_POWIAT]));
    expect(error.code).toBe('ambiguous_region');
    expect(error.candidates).toHaveLength(2);
  });

  it('reports an unknown name or code as not_found', () => {
    expect(failure(() => pickRegion('Atlantyda', [])).code).toBe('not_found');
    expect(failure(() => pickRegion('9999999', [])).message).toMatch(/TERYT code 9999999/);
  });

  it('takes a TERYT code as it is', () => {
    expect(pickRegion('2815092', [OSTRODA_RURAL]).teryt).toBe('2815092');
  });
});
