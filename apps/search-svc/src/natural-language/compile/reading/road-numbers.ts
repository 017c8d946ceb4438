import type { Atom } from '../atoms.js';
import type { Criterion } from '../criteria.js';
import { mark, MAX_GAP, type QuantityAtom, type Reading } from './reading.js';

type RoadAtom = Extract<Atom, { kind: 'road_ref' }>;
type Near = Extract<Criterion, { type: 'near' }>;
type Far = Extract<Criterion, { type: 'far' }>;

/** Without a distance: 5 km of a motorway or expressway (A…, S…), 2 km of another numbered road. */
const ROAD_DEFAULT_M = { major: 5_000, other: 2_000 } as const;

const majorRoad = (c: Criterion): boolean => c.type !== 'area' && 'target' in c && (c.target === 'motorway' || c.target === 'expressway' || c.target === 'fast_road');

/**
 * Road numbers (A2, S7, DK92): near or at least so far from that road. A motorway or expressway
 * word said with the number meant the same road: its criterion is replaced by the road's.
 */
export function readRoadNumbers(reading: Reading): void {
  for (const atom of reading.atoms) if (atom.kind === 'road_ref') readRoadNumber(reading, atom);
}

function readRoadNumber(reading: Reading, atom: RoadAtom): void {
  const { criteria } = reading;
  reading.used.add(atom);
  const distance = reading.quantities.find((q) => q.quantity.dimension === 'distance' && !reading.used.has(q) && q.end <= atom.start && atom.start - q.end <= MAX_GAP + 1);
  if (distance) reading.used.add(distance);
  const farRoad = distance ? -1 : criteria.findIndex((c) => c.type === 'far' && majorRoad(c));
  if (farRoad >= 0) {
    // "dalej niż 3 km od autostrady A2": the minimum distance is from that road
    const far = criteria[farRoad] as Far;
    mark(reading, atom.start, atom.end);
    criteria.splice(farRoad, 1, { type: 'far', target: 'road_ref', layer: 'roads', beyondM: far.beyondM, where: { road_number_eq: atom.ref }, text: `${far.text} ${atom.ref}` });
    return;
  }
  // a motorway/expressway word right before the number is the same road: replace its criterion
  // ("do trzech kilometrów od autostrady A2": its distance, given or default, is the road's)
  const index = criteria.findIndex((c) => c.type === 'near' && majorRoad(c));
  const replaced = index >= 0 ? (criteria[index] as Near) : undefined;
  const source = replaced ? `${replaced.text} ${atom.ref}` : reading.text(distance?.start ?? atom.start, atom.end);
  mark(reading, distance?.start ?? atom.start, atom.end);
  if (distance?.quantity.comparator === 'min') {
    // "co najmniej 2 km od A2": at least that far from this road
    const beyondM = distance.quantity.min ?? distance.quantity.value;
    criteria.push({ type: 'far', target: 'road_ref', layer: 'roads', beyondM, where: { road_number_eq: atom.ref }, text: source });
    reading.notes.push({ id: 'minimum_distance', text: source, m: beyondM });
    return;
  }
  nearRoad(reading, atom, { distance, replaced, index, source });
}

function nearRoad(reading: Reading, atom: RoadAtom, said: { distance?: QuantityAtom; replaced?: Near; index: number; source: string }): void {
  const { criteria, notes } = reading;
  const { distance, replaced, index, source } = said;
  const fallbackM = /^[AS]/.test(atom.ref) ? ROAD_DEFAULT_M.major : ROAD_DEFAULT_M.other;
  const withinM = distance ? (distance.quantity.max ?? distance.quantity.value) : (replaced?.withinM ?? fallbackM);
  const criterion: Criterion = { type: 'near', target: 'road_ref', layer: 'roads', withinM, explicit: distance !== undefined || replaced?.explicit === true, where: { road_number_eq: atom.ref }, text: source };
  if (index >= 0) criteria.splice(index, 1, criterion);
  // "within six kilometres of the A2 motorway": the motorway's default is not what was applied
  if (replaced && distance) {
    const stale = notes.findIndex((note) => note.id === 'default_distance' && note.text === replaced.text);
    if (stale >= 0) notes.splice(stale, 1);
  } else criteria.push(criterion);
  if (!distance && index < 0) notes.push({ id: 'default_distance', text: source, m: withinM });
}
