import { describe, expect, it } from '@jest/globals';
import { smallGazetteer } from '../../../test/small-gazetteer.js';
import { tokenize } from '../text/tokens.js';
import { findPlaces } from './place-finder.js';
import { resolvePlaces, type PlaceResolution } from './place-resolver.js';

const gazetteer = smallGazetteer();

function resolve(text: string): PlaceResolution {
  const tokens = tokenize(text);
  return resolvePlaces(findPlaces(tokens, gazetteer, { free: () => true, commonWords: new Set(['dzialka', 'w', 'na']) }));
}

const teryt = (text: string): string | null => {
  const resolution = resolve(text);
  return resolution.kind === 'resolved' ? resolution.unit.teryt : resolution.kind;
};
const candidates = (text: string): string[] => {
  const resolution = resolve(text);
  return resolution.kind === 'ambiguous' ? resolution.candidates.map((place) => place.unit.teryt).sort() : [];
};

describe('finding and resolving places', () => {
  it.each([
    ['w Krakowie', '1261011'],
    ['koło Poznania', '3064011'],
    ['pod Olsztynem', '2862011'],
    ['gmina Kórnik', '3021093'],
    ['w gminie Kornik', '3021093'],
    ['powiat poznański', '3021'],
    ['w powiecie ostródzkim', '2815'],
    ['na Mazowszu', '14'],
    ['w województwie mazowieckim', '14'],
    ['near Krakow', '1261011'],
    ['in Lesser Poland', '12'],
    ['w Suchym Lesie', '3021152'],
    ['w Zalasewie', '3021163'],
    ['na Mokotowie', '1465011'],
    ['w Nowej Hucie', '1261011'],
    ['Warsaw', '1465011'],
    ['Poznan county', '3021'],
    ['gmina wiejska Ostróda', '2815092'],
    ['Nowa Wieś w powiecie poznańskim', '3021163'],
    ['w Krakwie', '1261011'],
  ])('%s is %s', (text, expected) => {
    expect(teryt(text)).toBe(expected);
  });

  it('finds no place in words that only look like one, and none without any name', () => {
    expect(teryt('działka rolna')).toBe('none');
    expect(teryt('Krakowski')).toBe('none');
  });

  it('asks which one when a town and the rural gmina around it share a name', () => {
    expect(candidates('Ostróda')).toEqual(['2815011', '2815092']);
    expect(candidates('pod Elblągiem')).toEqual(['2804012', '2861011']);
  });

  it('takes the city with powiat rights over a same-named gmina in another voivodeship', () => {
    expect(teryt('w Olsztynie')).toBe('2862011');
  });

  it('asks which one for a locality in several gminas, unless another place narrows it', () => {
    expect(candidates('w Nowej Wsi')).toEqual(['2814112', '3021163']);
    expect(teryt('w Nowej Wsi, powiat olsztyński')).toBe('2814112');
  });

  it('refuses two places that do not lie in one another', () => {
    const resolution = resolve('w Poznaniu i Krakowie');
    expect(resolution).toMatchObject({ kind: 'ambiguous', conflicting: true });
  });

  it('marks "koło"/"near" as around the place and declined forms as declined', () => {
    const mentions = findPlaces(tokenize('koło Poznania'), gazetteer, { free: () => true, commonWords: new Set() });
    expect(mentions[0]).toMatchObject({ around: true, declined: true, cue: 'preposition' });
  });
});
