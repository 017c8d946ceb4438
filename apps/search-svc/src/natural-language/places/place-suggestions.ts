import { editDistance } from '../text/edit-distance.js';
import type { Gazetteer, Unit } from './gazetteer.js';
import { baseCandidates } from './inflection.js';

/** How far a written name may be from a unit's name to be offered: a misspelt or mangled ending. */
const MAX_EDITS = 3;
/** Candidates offered when a name matches no place. */
export const MAX_SUGGESTIONS = 10;

/**
 * Units whose name is closest to a word that named no place ("w Kornikiku" → Kórnik): its forms
 * turned back to nominatives, compared with the first words of unit names of the same first
 * letter, at most MAX_EDITS apart; the closest first, then larger units, then by code.
 */
export function suggestUnits(word: string, gazetteer: Gazetteer): Unit[] {
  const scored = new Map<string, { unit: Unit; distance: number }>();
  for (const base of new Set([word, ...baseCandidates(word)])) {
    if (base.length < 3) continue;
    for (const first of gazetteer.unitFirstWordsStartingWith(base[0]!)) {
      const distance = editDistance(base, first, MAX_EDITS);
      if (distance > MAX_EDITS) continue;
      for (const entry of gazetteer.entriesStartingWith(first)) {
        for (const place of entry.places) {
          if (place.source === 'locality') continue;
          const known = scored.get(place.unit.teryt);
          if (!known || distance < known.distance) scored.set(place.unit.teryt, { unit: place.unit, distance });
        }
      }
    }
  }
  return [...scored.values()]
    .sort((a, b) => a.distance - b.distance || a.unit.teryt.length - b.unit.teryt.length || a.unit.teryt.localeCompare(b.unit.teryt))
    .slice(0, MAX_SUGGESTIONS)
    .map((scoredUnit) => scoredUnit.unit);
}
