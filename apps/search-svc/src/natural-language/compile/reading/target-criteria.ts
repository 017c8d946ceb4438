import type { CueId, NamedAnchor } from '../../lexicon/meanings.js';
import type { Criterion } from '../criteria.js';
import { CAPACITY_DEFAULT_MW, HIGH_VOLTAGE_LINES, SUBSTATION_DEFAULT_KV, TARGET_LAYERS, type TargetLayer } from '../target-layers.js';
import { mark, previousAtom, previousCue, type BoundVoltage, type QuantityAtom, type Reading, type TargetAtom } from './reading.js';

/** One target as the query says it: with its cue, its bound distance and voltage, and the text quoted back. */
interface SaidTarget {
  atom: TargetAtom;
  meaning: TargetAtom['meaning'];
  spec: TargetLayer;
  cue: CueId | null;
  distance?: QuantityAtom;
  voltage?: BoundVoltage;
  source: string;
}

/**
 * Every target becomes a criterion: at least a distance from it ("co najmniej 2 km od szkoły"),
 * its exclusion (a negation, or a layer that is excluded by default), or proximity (on it after
 * "na terenie"). Every default used is noted.
 */
export function readTargets(reading: Reading): void {
  for (const target of reading.targets) readTarget(reading, target);
}

function readTarget(reading: Reading, atom: TargetAtom): void {
  const meaning = atom.meaning;
  const cue = previousCue(reading, atom);
  const distance = reading.distanceOf.get(atom);
  const voltage = reading.voltageOf.get(atom);
  const from = Math.min(atom.start, cue ? previousAtom(reading, atom)!.start : atom.start, distance?.start ?? atom.start);
  const to = Math.max(atom.end, distance?.end ?? atom.end, voltage?.atom.end ?? atom.end, reading.powerOf.get(atom)?.end ?? atom.end);
  const said: SaidTarget = { atom, meaning, spec: TARGET_LAYERS[meaning.target], cue, distance, voltage, source: reading.text(from, to) };
  mark(reading, from, to);
  reading.used.add(atom);
  if (cue) reading.used.add(previousAtom(reading, atom)!);
  if (meaning.target === 'state_land') return; // handled with the asset types
  const anchor = meaning.anchor;
  if (anchor?.boundary) reading.notes.push({ id: 'boundary_anchor', text: said.source, ...anchor.boundary });
  else if (anchor) reading.notes.push({ id: 'anchor', text: said.source, label: anchor.label });
  // "co najmniej 2 km od szkoły", "more than 5 km from a substation", "5 km away from the motorway": a minimum distance
  const minimum = distance !== undefined && (distance.quantity.comparator === 'min' || (cue === 'negate' && distance.quantity.comparator === 'bare'));
  if (minimum && !said.spec.exclusion && !meaning.negated) return readMinimumDistance(reading, said, distance);
  const negated = meaning.negated === true || cue === 'negate';
  if (negated || (said.spec.exclusion && cue !== 'near' && cue !== 'inside')) return readExclusion(reading, said, negated);
  readProximity(reading, said);
}

/**
 * The lines a voltage means: a number is lines of that voltage ("linii 400 kV": 400 kV only, never
 * 220 kV); a word is a level, and high voltage is 110 kV and above (WN, HV: 110, 220 and 400 kV
 * lines), extra-high 220 kV and above, medium voltage the MV lines and cables.
 */
export function lineOfVoltage(voltage: { kv: number; level?: 'mv' | 'hv' | 'ehv' }): { kinds?: readonly string[]; where?: Record<string, unknown> } {
  switch (voltage.level) {
    case 'mv':
      return { kinds: ['mv_line', 'mv_cable'] };
    case 'hv':
      return { kinds: HIGH_VOLTAGE_LINES };
    case 'ehv':
      return { kinds: ['ehv_line'] };
    default:
      return { where: { voltage_kv_eq: voltage.kv } };
  }
}

/** The features a named anchor means, as a criterion names them: ids, or a name and kinds. */
function anchorSelection(anchor: NamedAnchor): { ids?: readonly string[]; where?: Record<string, unknown>; kinds?: readonly string[] } {
  return { ...(anchor.ids ? { ids: anchor.ids } : {}), ...(anchor.where ? { where: { ...anchor.where } } : {}), ...(anchor.kinds ? { kinds: anchor.kinds } : {}) };
}

function readMinimumDistance(reading: Reading, said: SaidTarget, distance: QuantityAtom): void {
  const { meaning, spec, voltage } = said;
  const anchor = meaning.anchor;
  const beyondM = distance.quantity.min ?? distance.quantity.value;
  const far: Criterion = { type: 'far', target: meaning.target, layer: anchor?.layer ?? spec.layer, beyondM, text: said.source };
  if (anchor) Object.assign(far, anchorSelection(anchor));
  else {
    const kinds = meaning.kinds ?? meaning.transitKinds ?? spec.kinds;
    if (kinds) far.kinds = kinds;
    const where: Record<string, unknown> = { ...(spec.where ?? {}) };
    if (meaning.target === 'substation' && voltage) where['voltage_kv_gte'] = voltage.kv;
    if (meaning.target === 'power_line' && voltage) {
      // "nie bliżej niż 300 m od linii 400 kV": away from those lines, not from every line
      const line = lineOfVoltage(voltage);
      if (line.kinds) far.kinds = line.kinds;
      else delete far.kinds;
      Object.assign(where, line.where);
    }
    if (Object.keys(where).length > 0) far.where = where;
  }
  reading.notes.push({ id: 'minimum_distance', text: said.source, m: beyondM });
  reading.criteria.push(far);
}

function readExclusion(reading: Reading, said: SaidTarget, negated: boolean): void {
  const { meaning, spec, distance, source } = said;
  // "z dala od Warty" without a distance: how far is not said, and a named feature is no zone to exclude
  if (meaning.anchor || !spec.excludable) {
    reading.notes.push({ id: 'not_excludable', text: source });
    return;
  }
  if (!negated && !meaning.negated && distance?.quantity.comparator !== 'min') reading.notes.push({ id: 'exclusion_assumed', text: source });
  const bufferM = distance ? (distance.quantity.min ?? distance.quantity.value) : 0;
  reading.criteria.push({ type: 'exclude', target: meaning.target, layer: spec.layer, kinds: spec.kinds, bufferM, explicit: distance !== undefined, text: source });
}

function readProximity(reading: Reading, said: SaidTarget): void {
  const { meaning, spec, distance, source } = said;
  // "na terenie parku krajobrazowego", "inside a landscape park": on it, at 0 m
  const withinM = distance ? (distance.quantity.max ?? distance.quantity.value) : said.cue === 'inside' ? 0 : spec.withinM;
  const explicit = distance !== undefined || said.cue === 'inside';
  if (meaning.anchor) {
    // a named feature: no kind or voltage condition, the distance is to it alone
    if (!explicit) reading.notes.push({ id: 'default_distance', text: source, m: withinM });
    reading.criteria.push({ type: 'near', target: meaning.target, layer: meaning.anchor.layer, withinM, explicit, ...anchorSelection(meaning.anchor), text: source });
    return;
  }
  const where: Record<string, unknown> = { ...(spec.where ?? {}) };
  let kinds = meaning.kinds ?? (meaning.transitKinds ? meaning.transitKinds : spec.kinds);
  if (meaning.target === 'power_line' && said.voltage) {
    const line = lineOfVoltage(said.voltage);
    kinds = line.kinds;
    Object.assign(where, line.where);
  }
  const power = reading.powerOf.get(said.atom);
  if (meaning.target === 'substation' && said.voltage) where['voltage_kv_gte'] = said.voltage.kv;
  if (meaning.target === 'grid_capacity' && power) where['available_mw_gte'] = power.quantity.min ?? power.quantity.value;
  noteProximityDefaults(reading, said, { withinM, explicit, where, power });
  const criterion: Criterion = { type: 'near', target: meaning.target, layer: spec.layer, withinM, explicit, text: source };
  if (meaning.gridWord && !power && !explicit) criterion.gridWord = true;
  if (kinds) criterion.kinds = kinds;
  if (Object.keys(where).length > 0) criterion.where = where;
  reading.criteria.push(criterion);
}

/** The defaults a proximity criterion took, each stated: the substation's voltage, the capacity, the distance. */
function noteProximityDefaults(
  reading: Reading,
  said: SaidTarget,
  read: { withinM: number; explicit: boolean; where: Record<string, unknown>; power?: QuantityAtom },
): void {
  const { meaning, atom, source } = said;
  const { withinM, explicit, where, power } = read;
  if (meaning.target === 'substation') {
    if (meaning.bareStation && !said.voltage) reading.notes.push({ id: 'bare_station', text: reading.text(atom.start, atom.end) });
    if (!explicit) reading.notes.push({ id: 'default_substation', km: withinM / 1000, kv: (where['voltage_kv_gte'] as number | undefined) ?? SUBSTATION_DEFAULT_KV });
  }
  if (meaning.target === 'grid_capacity') {
    // a bare grid word's reading depends on the asset type: the request builder states it
    const gridWord = meaning.gridWord === true && !power && !explicit;
    if ((!explicit || !power) && !gridWord) {
      reading.notes.push({ id: 'default_capacity', mw: (where['available_mw_gte'] as number | undefined) ?? CAPACITY_DEFAULT_MW, km: withinM / 1000 });
    }
  }
  if (meaning.target === 'transit' && !explicit) reading.notes.push({ id: 'default_transit', m: withinM });
  if (!explicit && meaning.target !== 'substation' && meaning.target !== 'transit' && meaning.target !== 'grid_capacity') {
    reading.notes.push({ id: 'default_distance', text: source, m: withinM });
  }
}
