import { foldPolish } from '@lp/geo';
import type { Atom } from '../compile/atoms.js';
import type { BoundaryAnchor, Meaning } from '../lexicon/meanings.js';
import { resolvePlaces, type PlaceResolution } from '../places/place-resolver.js';
import type { PlaceMention } from '../places/place-finder.js';
import type { Token } from '../text/tokens.js';

/** Words that join a distance to what it is measured from: "20 km od Poznania", "within 5 km of Kórnik". */
const FROM_WORDS = new Set(['od', 'from', 'of']);

/** Gminas that are one town: their boundary is the town's. */
const URBAN_UNIT_TYPES = new Set(['gmina miejska', 'miasto na prawach powiatu']);

export type { BoundaryAnchor } from '../lexicon/meanings.js';


export type PlaceAnchorReading =
  | { kind: 'anchor'; mention: PlaceMention; anchor: BoundaryAnchor; meaning: Meaning }
  | { kind: 'ambiguous'; resolution: Extract<PlaceResolution, { kind: 'ambiguous' }> }
  /** A village or town inside a gmina of another name: we hold neither its outline nor its position. */
  | { kind: 'no_outline'; said: PlaceMention; locality: string; localityType: string; gmina: string; gminaTeryt: string };

/**
 * A place right after a distance and "od" / "from" / "of" ("do 20 km od Poznania", "at least 5 km
 * from Kórnik") is what the distance is measured from, not the searched region: it becomes a named
 * anchor on admin_bounds (the unit's boundary; parcels inside it are at 0 m). A locality we hold no
 * outline of is said, never replaced by its gmina's outline in silence.
 */
export function readPlaceAnchors(atoms: readonly Atom[], tokens: readonly Token[]): PlaceAnchorReading[] {
  const readings: PlaceAnchorReading[] = [];
  atoms.forEach((atom, index) => {
    if (atom.kind !== 'place') return;
    const previous = atoms[index - 1];
    const joiner = tokens[atom.start - 1];
    const isDistance = previous?.kind === 'quantity' && previous.quantity.dimension === 'distance';
    if (!isDistance || !joiner || !FROM_WORDS.has(joiner.fold) || previous.end !== atom.start - 1) return;
    readings.push(readPlace(atom.mention));
  });
  return readings;
}

function readPlace(mention: PlaceMention): PlaceAnchorReading {
  const resolution = resolvePlaces([mention]);
  if (resolution.kind === 'ambiguous') return { kind: 'ambiguous', resolution };
  if (resolution.kind === 'none') throw new Error('a place mention always has candidates');
  const { unit, named } = resolution;
  const sameName = foldPolish(named.name.toLowerCase()) === foldPolish(unit.name.toLowerCase());
  if (named.source === 'locality' && !sameName) {
    return { kind: 'no_outline', said: mention, locality: named.name, localityType: named.type, gmina: unit.name, gminaTeryt: unit.teryt };
  }
  const anchor: BoundaryAnchor = { teryt: unit.teryt, name: unit.name, unitType: unit.unitType, wholeGmina: unit.level === 'gmina' && URBAN_UNIT_TYPES.has(unit.unitType) === false };
  const meaning: Meaning = {
    type: 'target',
    target: 'place',
    anchor: { layer: 'admin_bounds', ids: [unit.teryt], name: unit.name, label: `${unit.name} — admin_bounds ${unit.level}, TERYT ${unit.teryt}`, boundary: anchor },
  };
  return { kind: 'anchor', mention, anchor, meaning };
}
