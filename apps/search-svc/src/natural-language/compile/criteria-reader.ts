import type { Atom } from './atoms.js';
import type { Criterion } from './criteria.js';
import type { Note } from './notes.js';
import { readAssets } from './reading/assets.js';
import { bindQualifiers } from './reading/bind-qualifiers.js';
import { readLoneQuantities } from './reading/lone-quantities.js';
import { readParcelProperties } from './reading/parcel-properties.js';
import { createReading, type ReaderContext } from './reading/reading.js';
import { readRoadNumbers } from './reading/road-numbers.js';
import { readTargets } from './reading/target-criteria.js';

export interface ReadCriteria {
  /** Scenario ids of the asset types named, in order. */
  assets: Array<{ scenario: string; text: string }>;
  criteria: Criterion[];
  notes: Note[];
  wholeCountry: boolean;
  /** Atoms that took part in a criterion or a scenario. */
  used: Set<Atom>;
  /** Token spans of what was understood, one per criterion, asset type or other meaning. */
  phrases: Array<{ start: number; end: number }>;
}

/**
 * Turns recognised pieces into criteria, in named passes over one reading: a distance binds to the
 * target after it ("do 3 km od stacji") or before it ("stacja w odległości 3 km"), a voltage or a
 * power to the substation or capacity it qualifies, a cue decides between proximity and exclusion;
 * road numbers and parcel properties follow; what is left stands alone (an area, a percentage as
 * slope, megawatts as grid capacity); asset types last. Every default used is noted. The order of
 * the passes is part of the reading: an earlier pass takes a number a later one would have read.
 */
export function readCriteria(context: ReaderContext): ReadCriteria {
  const reading = createReading(context);
  bindQualifiers(reading);
  readTargets(reading);
  readRoadNumbers(reading);
  readParcelProperties(reading);
  readLoneQuantities(reading);
  const assets = readAssets(reading);
  const { criteria, notes, wholeCountry, used, phrases } = reading;
  return { assets, criteria, notes, wholeCountry, used, phrases };
}
