import { Gazetteer, type NamedPlace, type Unit } from './gazetteer.js';
import type { PlaceMention } from './place-finder.js';

export type PlaceResolution =
  | { kind: 'none' }
  | { kind: 'resolved'; unit: Unit; named: NamedPlace; mention: PlaceMention }
  /** conflicting: several places that do not lie in one another ("Poznań or Gniezno"). */
  | { kind: 'ambiguous'; candidates: NamedPlace[]; mentions: PlaceMention[]; conflicting: boolean };

const SOURCE_ORDER: Record<NamedPlace['source'], number> = { unit: 0, alias: 1, locality: 2 };

/** One named place per unit a mention may mean (a unit's own name before an alias before a locality). */
function unitsOf(places: readonly NamedPlace[]): NamedPlace[] {
  const byUnit = new Map<string, NamedPlace>();
  for (const place of [...places].sort((a, b) => SOURCE_ORDER[a.source] - SOURCE_ORDER[b.source])) {
    if (!byUnit.has(place.unit.teryt)) byUnit.set(place.unit.teryt, place);
  }
  return [...byUnit.values()];
}

/**
 * The rules that make one place out of several a name fits, in order:
 *  1. a city with powiat rights and its own gmina are one territory: the gmina is kept;
 *  2. a city with powiat rights wins over same-named gminas in other voivodeships (Olsztyn the city,
 *     not gmina Olsztyn in śląskie), but not over a rural gmina of its own voivodeship, which is
 *     the gmina around it, seated in it (Elbląg): then the name is ambiguous;
 *  3. among localities of one name, a town wins over villages.
 * Anything else left with more than one unit is ambiguous: the caller asks which one.
 */
export function narrowMention(candidates: NamedPlace[]): NamedPlace[] {
  let places = candidates.filter(
    (place) =>
      !(place.unit.level === 'powiat' && place.unit.cityWithPowiatRights && candidates.some((other) => other.unit.level === 'gmina' && other.unit.teryt.startsWith(place.unit.teryt))),
  );
  if (places.length > 1) {
    const cities = places.filter((place) => place.unit.level === 'gmina' && place.unit.cityWithPowiatRights);
    if (cities.length === 1) {
      const city = cities[0]!;
      const voivodeship = city.unit.teryt.slice(0, 2);
      if (places.every((place) => place === city || place.unit.teryt.slice(0, 2) !== voivodeship)) places = [city];
    }
  }
  if (places.length > 1 && places.every((place) => place.source === 'locality')) {
    const towns = places.filter((place) => place.type === 'miasto');
    if (towns.length === 1) places = towns;
  }
  return places;
}

/**
 * One region out of every place the query names. A place that lies in another named place narrows
 * it ("Zalesie, gmina Kórnik"; "Lipno w kujawsko-pomorskim"): the most specific mention is kept,
 * limited to candidates inside the others; a name's lower tiers (the villages behind a gmina of the
 * same name) are tried when its best tier lies in none of them. Places that lie in none of each
 * other conflict, unless the ones marked only by a capital letter or nothing can be dropped.
 */
export function resolvePlaces(mentions: readonly PlaceMention[]): PlaceResolution {
  if (mentions.length === 0) return { kind: 'none' };
  const resolved = combine(mentions);
  if (resolved.kind !== 'ambiguous' || !resolved.conflicting) return resolved;
  const strong = mentions.filter((mention) => mention.cue === 'unit' || mention.cue === 'preposition');
  return strong.length > 0 && strong.length < mentions.length ? combine(strong) : resolved;
}

function combine(mentions: readonly PlaceMention[]): PlaceResolution {
  const best = mentions.map((mention) => narrowMention(unitsOf(mention.candidates)));
  const wide = mentions.map((mention, index) => (mention.fallback.length > 0 ? narrowMention(unitsOf([...mention.candidates, ...mention.fallback])) : best[index]!));
  let chosen: { index: number; places: NamedPlace[] } | null = null;
  for (let index = 0; index < mentions.length; index++) {
    const insideOthers = (place: NamedPlace): boolean =>
      best.every((other, otherIndex) => otherIndex === index || other.some((outer) => Gazetteer.contains(outer.unit, place.unit)) || wide[otherIndex]!.some((outer) => Gazetteer.contains(outer.unit, place.unit)));
    let inside = best[index]!.filter(insideOthers);
    if (inside.length === 0 && mentions.length > 1) inside = wide[index]!.filter(insideOthers);
    if (inside.length === 0) continue;
    // the most specific: the longest codes (gmina 7 digits, powiat 4, voivodeship 2)
    const depth = Math.max(...inside.map((place) => place.unit.teryt.length));
    const currentDepth = chosen ? Math.max(...chosen.places.map((place) => place.unit.teryt.length)) : -1;
    if (!chosen || depth > currentDepth || (depth === currentDepth && inside.length < chosen.places.length)) chosen = { index, places: narrowMention(inside) };
  }
  if (!chosen) return { kind: 'ambiguous', candidates: dedupeByUnit(best.flat()), mentions: [...mentions], conflicting: true };
  if (chosen.places.length === 1) return { kind: 'resolved', unit: chosen.places[0]!.unit, named: chosen.places[0]!, mention: mentions[chosen.index]! };
  return { kind: 'ambiguous', candidates: chosen.places, mentions: [mentions[chosen.index]!], conflicting: false };
}

function dedupeByUnit(places: NamedPlace[]): NamedPlace[] {
  const seen = new Map<string, NamedPlace>();
  for (const place of places) if (!seen.has(place.unit.teryt)) seen.set(place.unit.teryt, place);
  return [...seen.values()];
}
