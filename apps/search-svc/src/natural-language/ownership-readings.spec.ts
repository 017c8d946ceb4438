import { describe, expect, it } from '@jest/globals';
import { assertSearchRequest, SearchParcelsRequest } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import { smallGazetteer } from '../../test/small-gazetteer.js';
import { interpret } from './interpreter.js';

const gazetteer = smallGazetteer();
const read = (query: string) => interpret(query, {}, gazetteer);

/** Sentences naming the owner become filters.ownership_groups (the corpus holds more, run against the whole gazetteer). */
describe('ownership in sentences', () => {
  it.each([
    ['prywatna działka w Kórniku', { include: ['7', '15'] }],
    ['działki prywatne w gminie Kórnik', { include: ['7', '15'] }],
    ['grunty gminne w Kórniku', { include: ['4', '5'] }],
    ['działka Skarbu Państwa w Kórniku', { include: ['1', '2'] }],
    ['działka w Kórniku, nie Skarbu Państwa', { exclude: ['1', '2'] }],
    ['private land in Kornik', { include: ['7', '15'] }],
    ['plot in Kornik owned by the gmina', { include: ['4', '5'] }],
    ['State Treasury land in Kornik', { include: ['1', '2'] }],
    ['plot in Kornik not owned by the State Treasury', { exclude: ['1', '2'] }],
  ])('%s', (query, groups) => {
    const result = read(query);
    expect(result.request.filters?.ownership_groups).toEqual(groups);
    expect(result.region?.teryt).toBe('3021093');
    expect(result.scenario).toBeNull();
    expect(result.not_understood).toEqual([]);
    expect(result.complete).toBe(true);
    expect(() => assertSearchRequest(result.request)).not.toThrow();
    expect(() => validateMessage(SearchParcelsRequest, structuredClone(result.request))).not.toThrow();
  });

  it('says which groups in the request described in words', () => {
    const result = read('prywatna działka w Kórniku');
    expect(result.filters.join(' ')).toContain('7 osoby fizyczne');
  });

  it('a gmina road is a road, not gmina land; the State Treasury farmland is still the KOWR stock', () => {
    expect(read('przy drodze gminnej w Kórniku').request.filters?.ownership_groups).toBeUndefined();
    const kowr = read('grunty rolne skarbu państwa w Kórniku');
    expect(kowr.scenario).toBe('public_land_opportunity');
    expect(kowr.request.filters?.ownership_groups).toBeUndefined();
  });
});
