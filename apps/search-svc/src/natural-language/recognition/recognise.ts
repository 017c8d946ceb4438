import type { AnchorsFound } from '../anchors/anchor-finder.js';
import type { AreaAnchorsFound } from '../anchors/area-anchors.js';
import type { NamedFeatures } from '../anchors/named-features.js';
import type { PlaceAnchorReading } from '../anchors/place-anchors.js';
import type { Gazetteer } from '../places/gazetteer.js';
import { findInsideCues, findNamedAreas, findNamedFeatures } from './named-feature-passes.js';
import { createScan, type Scan } from './scan.js';
import { correctMisspellings, findMarkedPlaces, findMeanings, findNumbers, findOtherPlacesAndConnectives, readMeasuredFrom, settleCorrections } from './word-passes.js';

/** The scan of a query, and what its passes found that the interpreter still has to judge (names not found, ambiguities). */
export interface Recognised {
  scan: Scan;
  anchorsFound: AnchorsFound;
  areasFound: AreaAnchorsFound;
  placeAnchors: PlaceAnchorReading[];
}

/**
 * Recognises the pieces of a query, pass by pass, each taking the tokens it reads: spellings, numbers
 * and road numbers, named features and waters, places the text marks strongly, lexicon meanings, the
 * other places and the connectives; then places and asset types measured from. The order is the
 * precedence: a named substation before a place of the same name, a marked place before a lexicon word.
 */
export function recognise(query: string, gazetteer: Gazetteer, features: NamedFeatures | undefined): Recognised {
  const scan = createScan(query);
  correctMisspellings(scan, gazetteer);
  findNumbers(scan);
  const anchorsFound = findNamedFeatures(scan, features);
  findInsideCues(scan);
  const areasFound = findNamedAreas(scan, features, gazetteer);
  findMarkedPlaces(scan, gazetteer);
  findMeanings(scan);
  findOtherPlacesAndConnectives(scan, gazetteer);
  const placeAnchors = readMeasuredFrom(scan);
  settleCorrections(scan);
  return { scan, anchorsFound, areasFound, placeAnchors };
}
