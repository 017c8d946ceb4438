import { ZONING_CATEGORY_GROUPS } from '@lp/contracts';
import type { Atom } from '../atoms.js';
import type { Criterion } from '../criteria.js';
import { FLAT_DEFAULT_PCT } from '../target-layers.js';
import { isMeaning, mark, previousAtom, previousCue, type MeaningAtom, type QuantityAtom, type Reading } from './reading.js';

type FeatureAtom = MeaningAtom & { meaning: Extract<MeaningAtom['meaning'], { type: 'feature' }> };
type Feature = FeatureAtom['meaning']['feature'];

/**
 * Properties of the parcel ("płaska", "bez zabudowy", "MPZP", "tania") and zoning symbols ("MN",
 * "U/P"): each a criterion on the parcel itself, a negation before it turning it round.
 */
export function readParcelProperties(reading: Reading): void {
  for (const atom of reading.atoms) if (isMeaning(atom, 'feature')) readFeature(reading, atom);
  for (const atom of reading.atoms) if (isMeaning(atom, 'owner')) readOwner(reading, atom);
  for (const atom of reading.atoms) {
    if (atom.kind !== 'symbol') continue;
    reading.used.add(atom);
    mark(reading, atom.start, atom.end);
    reading.criteria.push({ type: 'zoning', symbols: atom.symbols, text: reading.text(atom.start, atom.end) });
  }
}

function readFeature(reading: Reading, atom: FeatureAtom): void {
  const feature = atom.meaning.feature;
  // "z dala od zabudowań", "bez zabudowy": a negated property
  const negation = previousCue(reading, atom) === 'negate' ? previousAtom(reading, atom)! : null;
  const from = negation ? negation.start : atom.start;
  const source = reading.text(from, atom.end);
  reading.used.add(atom);
  if (negation) reading.used.add(negation);
  if (feature === 'flat' || feature === 'slope_word') return readSlope(reading, atom, from, source);
  mark(reading, from, atom.end);
  const criterion = propertyCriterion(feature, negation !== null, source);
  if (criterion) reading.criteria.push(criterion);
  if (feature === 'cheap' || feature === 'large') reading.notes.push({ id: feature });
}

/** "prywatna", "grunty gminne", "bez gruntów Skarbu Państwa": the owner's registration groups, a negation before them excluding them. */
function readOwner(reading: Reading, atom: MeaningAtom & { meaning: Extract<MeaningAtom['meaning'], { type: 'owner' }> }): void {
  const negation = previousCue(reading, atom) === 'negate' ? previousAtom(reading, atom)! : null;
  const from = negation ? negation.start : atom.start;
  reading.used.add(atom);
  if (negation) reading.used.add(negation);
  mark(reading, from, atom.end);
  reading.criteria.push({ type: 'ownership', owner: atom.meaning.owner, exclude: negation !== null, text: reading.text(from, atom.end) });
}

/** The criterion a property word means (null for a word that is read elsewhere). */
function propertyCriterion(feature: Feature, negated: boolean, source: string): Criterion | null {
  switch (feature) {
    case 'vacant':
    case 'built':
      return { type: 'vacant', value: (feature === 'vacant') !== negated, text: source };
    case 'assembly':
      return { type: 'assembly', text: source };
    case 'buildable':
      // spec phrase table: residential or service local-plan zones, or general-plan zones that allow building
      return { type: 'zoning', buildable: true, group: feature, text: source };
    case 'agricultural':
      // agricultural land is proven by land use (EGiB classes, land cover), not by a zone
      return { type: 'land_use', kinds: ['agricultural'], text: source };
    case 'residential':
    case 'commercial':
    case 'services':
    case 'industrial':
      return { type: 'zoning', categories: ZONING_CATEGORY_GROUPS[feature]!, group: feature, text: source };
    case 'local_plan':
      return { type: 'zoning', requirePlan: true, text: source };
    case 'cheap':
      return { type: 'rank', signal: 'price_per_sqm_pln', weight: 50, reason: 'cheap', text: source };
    case 'large':
      return { type: 'rank', signal: 'area', weight: 50, reason: 'large', text: source };
    default:
      return null;
  }
}

/** A percentage within three tokens of a slope word, not yet used. */
function percentFor(reading: Reading, atom: Atom): QuantityAtom | undefined {
  return reading.quantities.find(
    (q) => q.quantity.dimension === 'percent' && !reading.used.has(q) && (Math.abs(q.start - atom.end) <= 3 || Math.abs(atom.start - q.end) <= 3),
  );
}

/** "płaska", "spadek do 3 %": a maximum slope, the percentage said or our flat default. */
function readSlope(reading: Reading, atom: FeatureAtom, from: number, source: string): void {
  const percent = percentFor(reading, atom);
  mark(reading, Math.min(from, percent?.start ?? from), Math.max(atom.end, percent?.end ?? atom.end));
  if (percent) {
    reading.used.add(percent);
    const said = reading.text(Math.min(atom.start, percent.start), Math.max(atom.end, percent.end));
    if (percent.quantity.comparator === 'min') reading.notes.push({ id: 'min_slope', text: said });
    else reading.criteria.push({ type: 'slope', max: percent.quantity.max ?? percent.quantity.value, explicit: true, text: said });
  } else if (atom.meaning.feature === 'flat') {
    reading.criteria.push({ type: 'slope', max: FLAT_DEFAULT_PCT, explicit: false, text: source });
    reading.notes.push({ id: 'default_flat', pct: FLAT_DEFAULT_PCT });
  }
}
