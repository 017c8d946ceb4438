import { describe, expect, it } from '@jest/globals';
import { smallPlaceRows } from '../../../test/small-gazetteer.js';
import { Gazetteer } from './gazetteer.js';
import type { PlaceRow } from './place-row.js';

/** Rows as pg returns them: every value a string of its own, labels with and without a shared tail. */
function rows(): PlaceRow[] {
  const own = (value: string): string => Buffer.from(value).toString();
  const extra: PlaceRow[] = [
    { place_id: 'simc:1', kind: 'locality', name: 'Bez Przecinka', name_folded: 'bez przecinka', unit_type: 'wieś', teryt: '3021163', parent_teryt: null, label: 'Bez Przecinka — wieś' },
    { place_id: 'simc:2', kind: 'locality', name: 'Dwa Człony', name_folded: 'dwa czlony', unit_type: 'część', teryt: '3021163', parent_teryt: null, label: 'Dwa Człony, część — nietypowa etykieta, gmina Swarzędz' },
  ];
  return [...smallPlaceRows(), ...extra].map((row) => ({ ...row, name: own(row.name), unit_type: own(row.unit_type), label: own(row.label) }));
}

describe('Gazetteer (kept compact in memory)', () => {
  const source = rows();
  const gazetteer = new Gazetteer(source, [], 'v1');

  it('gives every locality exactly the label and type it was loaded with', () => {
    const localities = source.filter((row) => row.kind === 'locality');
    expect(localities.length).toBeGreaterThan(5);
    for (const row of localities) {
      const found = gazetteer.entriesStartingWith(row.name_folded.split(' ')[0]!).flatMap((entry) => entry.places).filter((place) => place.source === 'locality' && place.name === row.name && place.unit.teryt === row.teryt);
      expect(found.map((place) => [place.label, place.type])).toContainEqual([row.label, row.unit_type]);
    }
  });

  it('keeps every place of a name shared by several, longest names first', () => {
    const places = gazetteer.entriesStartingWith('nowa').find((entry) => entry.words.join(' ') === 'nowa wies')!.places;
    expect(places.map((place) => place.unit.teryt).sort()).toEqual(['2814112', '3021163']);
    const lengths = gazetteer.entriesStartingWith('nowa').map((entry) => entry.words.length);
    expect(lengths).toEqual([...lengths].sort((a, b) => b - a));
  });
});
