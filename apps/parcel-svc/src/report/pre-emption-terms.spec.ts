import { describe, expect, it } from '@jest/globals';
import type { PreEmptionView, RegulationsView } from '@lp/contracts';
import { preEmptionWords } from './pre-emption-terms.js';

const regulations = (over: Partial<RegulationsView> = {}): RegulationsView => ({ mpzp: null, plan_ogolny: null, studium: null, pre_emption: [], coverage: [], sources: [], ...over });
const kowr: PreEmptionView = {
  right: 'agricultural_property',
  land_use_classes: ['R IVa', 'Ł III'],
  holder: 'Krajowy Ośrodek Wsparcia Rolnictwa (KOWR), for the State Treasury',
  basis: 'art. 3 ustawy z dnia 11 kwietnia 2003 r. o kształtowaniu ustroju rolnego',
  reason: 'agricultural land (EGiB classes R IVa, Ł III) of at least 0.3 ha',
};

describe('pre-emption rights in the report language', () => {
  it('keeps the block\'s words in English', () => {
    expect(preEmptionWords(kowr, regulations(), 'en')).toEqual({ holder: kowr.holder, basis: kowr.basis, reason: kowr.reason });
  });

  it('says every right in Polish, with no English left', () => {
    const rights: PreEmptionView[] = [
      kowr,
      { right: 'forest_land', forest_pct: 12.5, holder: 'Skarb Państwa, represented by Państwowe Gospodarstwo Leśne Lasy Państwowe', basis: 'art. 37a ustawy o lasach', reason: 'forest stands cover 12.5 % of the parcel' },
      { right: 'national_park', holder: 'Skarb Państwa, represented by the director of the national park', basis: 'art. 10 ust. 3', reason: 'the parcel lies within a national park' },
      { right: 'public_purpose', holder: 'the gmina', basis: 'art. 109', reason: 'the local plan designates the parcel for public purposes (transport)' },
    ];
    const pl = rights.map((right) => preEmptionWords(right, regulations(), 'pl'));
    expect(pl[0]).toEqual({
      holder: 'Krajowy Ośrodek Wsparcia Rolnictwa (KOWR), działający na rzecz Skarbu Państwa',
      basis: kowr.basis,
      reason: 'nieruchomość rolna (klasy użytków w EGiB: R IVa, Ł III) o powierzchni co najmniej 0,3 ha',
    });
    expect(pl[1]!.reason).toBe('drzewostany zajmują 12,5 % działki');
    for (const words of pl) expect(`${words.holder} ${words.reason}`).not.toMatch(/\b(for|the|of|at least|land|represented|parcel|lies)\b/);
  });

  it('keeps the block\'s words for a right stored before rights had an id', () => {
    const { right: _right, ...old } = kowr;
    expect(preEmptionWords(old, regulations(), 'pl').holder).toBe(kowr.holder);
  });
});
