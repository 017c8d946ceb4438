import type { Gazetteer, NamedPlace } from './gazetteer.js';
import type { NameMatch, PlaceCue, PlaceSearch } from './place-search.js';
import { COMMON_WORD_NAMES, type UnitWord } from './place-words.js';

/**
 * The places a name may mean, given the evidence: units always, localities only with a cue or
 * when written in full; a name that is also a common word ("dobra", "koło") only after a
 * preposition or a unit word.
 */
export function acceptable(search: PlaceSearch, named: NameMatch[], cue: PlaceCue, index: number): NamedPlace[] {
  const strong = cue === 'unit' || cue === 'preposition';
  const typed = search.tokens[index]!.fold;
  const meaningful = named.filter((match) => {
    if (strong || match.length > 1) return true;
    return !COMMON_WORD_NAMES.has(match.entry.words[0]!) && !search.options.commonWords.has(typed);
  });
  return tiered(meaningful, (place) => {
    if (place.needsUnitWord) return false;
    if (place.source !== 'locality') return true;
    return strong || cue === 'capital';
  });
}

/**
 * Rural powiats named after a town of the given names: powiat names are adjectives of their seat
 * (Poznań → poznański, Ostróda → ostródzki, Elbląg → elbląski), sharing at least its first five
 * letters (all of a shorter name) and lying in the same voivodeship.
 */
export function powiatsNamedAfter(gazetteer: Gazetteer, named: NameMatch[]): NamedPlace[] {
  const found = new Map<string, NamedPlace>();
  for (const match of named) {
    for (const place of match.entry.places) {
      if (place.source === 'locality' && place.type !== 'miasto') continue;
      const town = match.entry.words.join(' ');
      const stem = town.slice(0, Math.min(5, town.length));
      for (const powiat of gazetteer.powiatsOf(place.unit.teryt.slice(0, 2))) {
        if (!powiat.unit.cityWithPowiatRights && powiat.core.startsWith(stem)) found.set(powiat.unit.teryt, powiat.place);
      }
    }
  }
  return [...found.values()];
}

/** Places of the names a unit word allows: its level, a gmina type, cities, or localities only. */
export function restrict(named: NameMatch[], word: UnitWord, unitType: string | null): NamedPlace[] {
  return tiered(named, (place) => {
    if (word.locality) return place.source === 'locality';
    if (place.source === 'locality') return false;
    if (word.levels && !word.levels.includes(place.unit.level)) return false;
    if (unitType && place.unit.unitType !== unitType) return false;
    if (word.city && place.unit.unitType === 'gmina wiejska') return false;
    return true;
  });
}

/** Best tier only: units matched exactly, units declined, localities exactly, localities declined. */
function tiered(named: NameMatch[], keep: (place: NamedPlace) => boolean): NamedPlace[] {
  const tiers: NamedPlace[][] = [[], [], [], []];
  for (const match of named) {
    for (const place of match.entry.places) {
      if (!keep(place)) continue;
      const tier = (place.source === 'locality' ? 2 : 0) + (match.exact ? 0 : 1);
      tiers[tier]!.push(place);
    }
  }
  return tiers.find((tier) => tier.length > 0) ?? [];
}
