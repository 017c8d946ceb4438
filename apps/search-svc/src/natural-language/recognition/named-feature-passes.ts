import { anchorLabel, findAnchors, type AnchorsFound } from '../anchors/anchor-finder.js';
import { findAreaAnchors, type AreaAnchorsFound } from '../anchors/area-anchors.js';
import type { NamedFeatures } from '../anchors/named-features.js';
import { INSIDE_CUES, matchLexicon } from '../lexicon/lexicon.js';
import type { Meaning, NamedAnchor } from '../lexicon/meanings.js';
import type { Gazetteer } from '../places/gazetteer.js';
import { addAtom, takeByLexicon, type Scan } from './scan.js';
import { isKnown } from './vocabulary.js';

/** A word before "na terenie" / "inside" that turns it into "outside". */
const NEGATIONS = new Set(['nie', 'not']);

/** Named features ("stacja Kromolice", "the Plewiska substation"), before their names can be read as places. */
export function findNamedFeatures(scan: Scan, features: NamedFeatures | undefined): AnchorsFound {
  const found = features ? findAnchors({ tokens: scan.tokens, free: scan.free, known: isKnown, text: scan.text }, features) : { anchors: [], unmatched: [], ambiguous: [] };
  for (const anchor of found.anchors) {
    const ids = anchor.features.map((feature) => feature.id);
    for (const feature of anchor.features) scan.anchorNames.set(feature.id, feature.name);
    const meaning = { type: 'target', target: anchor.target, anchor: { layer: anchor.layer, ids, name: anchor.name, label: anchorLabel(anchor.features) } } as const;
    addAtom(scan, { kind: 'meaning', meaning, lang: 'any', start: anchor.start, end: anchor.end });
    takeByLexicon(scan, anchor.start, anchor.end);
    scan.evidence[anchor.lang]++;
  }
  return found;
}

/** "na terenie parku": the parcel lies on what follows; "terenie" is no place to look up. */
export function findInsideCues(scan: Scan): void {
  for (const match of matchLexicon(INSIDE_CUES, scan.tokens, scan.free)) {
    // "nie na terenie parku", "not inside a park": outside it
    const negated = match.start > 0 && scan.free(match.start - 1) && NEGATIONS.has(scan.tokens[match.start - 1]!.fold);
    const start = negated ? match.start - 1 : match.start;
    const meaning: Meaning = negated ? { type: 'cue', cue: 'negate' } : match.entry.meaning;
    addAtom(scan, { kind: 'meaning', meaning, lang: match.entry.lang, start, end: match.end });
    takeByLexicon(scan, start, match.end);
    if (match.entry.lang !== 'any') scan.evidence[match.entry.lang] += 0.5;
  }
}

/** Named waters and forests ("do 500 m od Warty", "nad Jeziorem Kierskim", "Puszcza Notecka"), before places too. */
export function findNamedAreas(scan: Scan, features: NamedFeatures | undefined, gazetteer: Gazetteer): AreaAnchorsFound {
  const distanceEnds = new Set(scan.atoms.filter((atom) => atom.kind === 'quantity' && atom.quantity.dimension === 'distance').map((atom) => atom.end));
  const context = { tokens: scan.tokens, free: scan.free, known: isKnown, distanceEndsAt: (index: number) => distanceEnds.has(index) };
  const found = features ? findAreaAnchors(context, features.areas) : { anchors: [], unmatched: [] };
  for (const area of found.anchors) {
    const anchor: NamedAnchor = { layer: area.layer, name: area.name, label: area.label, ...(area.ids ? { ids: area.ids } : {}), ...(area.where ? { where: area.where, kinds: area.kinds } : {}) };
    for (const id of area.ids ?? []) scan.anchorNames.set(id, area.name);
    addAtom(scan, { kind: 'meaning', meaning: { type: 'target', target: area.target, anchor }, lang: 'any', start: area.start, end: area.end });
    takeByLexicon(scan, area.start, area.end);
    if (area.lang) scan.evidence[area.lang]++;
    // "od Warty": the river, though a gmina has the name too; the assumption says how to mean the gmina
    if (area.bare && gazetteer.entriesStartingWith(area.key).some((entry) => entry.words.join(' ') === area.key && entry.places.some((place) => place.source === 'unit'))) {
      scan.notes.push({ id: 'water_not_place', text: scan.text(area.start, area.end), name: area.name });
    }
  }
  return found;
}
