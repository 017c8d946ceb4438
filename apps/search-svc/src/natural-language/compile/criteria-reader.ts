import { ZONING_CATEGORY_GROUPS } from '@lp/contracts';
import type { CueId, Meaning, NamedAnchor, TargetId } from '../lexicon/meanings.js';
import type { Atom } from './atoms.js';
import type { Criterion } from './criteria.js';
import type { Note } from './notes.js';
import { CAPACITY_DEFAULT_MW, FLAT_DEFAULT_PCT, HIGH_VOLTAGE_LINES, SUBSTATION_DEFAULT_KV, TARGET_LAYERS } from './target-layers.js';

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

export interface ReaderContext {
  atoms: readonly Atom[];
  /** The text of tokens [start, end), as typed. */
  text: (start: number, end: number) => string;
  /** Whether token i is a connective (a filler, a cue, a preposition): allowed between a number and what it measures. */
  connective: (index: number) => boolean;
  /** The text between token i - 1 and token i (punctuation ends a clause). */
  before: (index: number) => string;
}

/** At most this many connective words between a distance and what it is from ("3 km od najbliższej stacji"). */
export const MAX_GAP = 3;

type MeaningAtom = Extract<Atom, { kind: 'meaning' }>;
type QuantityAtom = Extract<Atom, { kind: 'quantity' }>;
type TargetMeaning = Extract<Meaning, { type: 'target' }>;

const isMeaning = <T extends Meaning['type']>(atom: Atom | undefined, type: T): atom is MeaningAtom & { meaning: Extract<Meaning, { type: T }> } =>
  atom?.kind === 'meaning' && atom.meaning.type === type;

/**
 * The lines a voltage means: a number is lines of that voltage ("linii 400 kV": 400 kV only, never
 * 220 kV); a word is a level, and high voltage is 110 kV and above (WN, HV: 110, 220 and 400 kV
 * lines), extra-high 220 kV and above, medium voltage the MV lines and cables.
 */
function lineOfVoltage(voltage: { kv: number; level?: 'mv' | 'hv' | 'ehv' }): { kinds?: readonly string[]; where?: Record<string, unknown> } {
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

/**
 * Turns recognised pieces into criteria: a distance binds to the target after it ("do 3 km od
 * stacji") or before it ("stacja w odległości 3 km"), a voltage or a power to the substation or
 * capacity it qualifies, a cue decides between proximity and exclusion; what is left stands alone
 * (an area, a percentage as slope, megawatts as grid capacity). Every default used is noted.
 */
export function readCriteria(context: ReaderContext): ReadCriteria {
  const { atoms, text } = context;
  const used = new Set<Atom>();
  const notes: Note[] = [];
  const criteria: Criterion[] = [];
  const assets: Array<{ scenario: string; text: string }> = [];
  let wholeCountry = false;
  const phrases: Array<{ start: number; end: number }> = [];
  const mark = (start: number, end: number): void => {
    phrases.push({ start, end });
  };

  // a voltage or a power between a distance and its target does not separate them ("3 km of a 110 kV substation")
  const qualifier = new Set<number>();
  for (const atom of atoms) {
    const isQualifier = (atom.kind === 'quantity' && (atom.quantity.dimension === 'voltage' || atom.quantity.dimension === 'power')) || isMeaning(atom, 'voltage');
    if (isQualifier) for (let index = atom.start; index < atom.end; index++) qualifier.add(index);
  }
  const gapOk = (from: number, to: number): boolean => {
    if (to < from) return false;
    let words = 0;
    for (let index = from; index < to; index++) {
      if (qualifier.has(index)) continue;
      if (!context.connective(index)) return false;
      words++;
    }
    return words <= MAX_GAP;
  };
  /** A comma or semicolon between two tokens ends a clause: nothing binds across it. */
  const clauseBreak = (from: number, to: number): boolean => {
    for (let index = from + 1; index <= to; index++) if (/[,;]/.test(context.before(index))) return true;
    return false;
  };
  const quantities = atoms.filter((atom): atom is QuantityAtom => atom.kind === 'quantity');
  const targets = atoms.filter((atom): atom is MeaningAtom & { meaning: TargetMeaning } => isMeaning(atom, 'target'));
  const previousAtom = (atom: Atom): Atom | undefined => atoms[atoms.indexOf(atom) - 1];

  // --- distances, voltages and powers bound to targets
  const distanceOf = new Map<Atom, QuantityAtom>();
  for (const target of targets) {
    const before = quantities.find((q) => q.quantity.dimension === 'distance' && !used.has(q) && q.end <= target.start && gapOk(q.end, target.start) && !clauseBreak(q.end - 1, target.start));
    if (before) {
      distanceOf.set(target, before);
      used.add(before);
    }
  }
  for (const target of targets) {
    if (distanceOf.has(target)) continue;
    // a buffer after an exclusion must say "at least" ("Natura 2000 at least 500 m away"); "within 5 km" after it is the next criterion's
    const exclusion = TARGET_LAYERS[target.meaning.target].exclusion || target.meaning.negated === true;
    const after = quantities.find(
      (q) =>
        q.quantity.dimension === 'distance' &&
        !used.has(q) &&
        q.start >= target.end &&
        gapOk(target.end, q.start) &&
        !clauseBreak(target.end - 1, q.start) &&
        !(exclusion && q.quantity.comparator !== 'min'),
    );
    if (after) {
      distanceOf.set(target, after);
      used.add(after);
    }
  }
  const adjacent = (target: Atom, candidate: Atom): boolean =>
    (candidate.start >= target.end && gapOk(target.end, candidate.start) && candidate.start - target.end <= 2) ||
    (candidate.end <= target.start && gapOk(candidate.end, target.start) && target.start - candidate.end <= 2);
  const voltageOf = new Map<Atom, { kv: number; level?: 'mv' | 'hv' | 'ehv'; atom: Atom }>();
  for (const target of targets) {
    if (target.meaning.target !== 'substation' && target.meaning.target !== 'power_line') continue;
    const quantity = quantities.find((q) => q.quantity.dimension === 'voltage' && !used.has(q) && adjacent(target, q));
    const word = atoms.find((atom) => isMeaning(atom, 'voltage') && !used.has(atom) && adjacent(target, atom));
    if (quantity) {
      voltageOf.set(target, { kv: quantity.quantity.value, atom: quantity });
      used.add(quantity);
    } else if (word && isMeaning(word, 'voltage')) {
      voltageOf.set(target, { kv: word.meaning.kv, level: word.meaning.level, atom: word });
      used.add(word);
    }
  }
  const powerOf = new Map<Atom, QuantityAtom>();
  for (const target of targets) {
    if (target.meaning.target !== 'grid_capacity') continue;
    const quantity = quantities.find((q) => q.quantity.dimension === 'power' && !used.has(q) && (adjacent(target, q) || Math.abs(q.start - target.end) <= 3 || Math.abs(target.start - q.end) <= 3));
    if (quantity) {
      powerOf.set(target, quantity);
      used.add(quantity);
    }
  }

  // --- targets: proximity or exclusion
  for (const target of targets) {
    const meaning = target.meaning;
    const spec = TARGET_LAYERS[meaning.target];
    const cue = previousCue(target);
    const distance = distanceOf.get(target);
    const negated = meaning.negated === true || cue === 'negate';
    const from = Math.min(target.start, cue ? previousAtom(target)!.start : target.start, distance?.start ?? target.start);
    const to = Math.max(target.end, distance?.end ?? target.end, voltageOf.get(target)?.atom.end ?? target.end, powerOf.get(target)?.end ?? target.end);
    const source = text(from, to);
    mark(from, to);
    used.add(target);
    if (cue) used.add(previousAtom(target)!);
    if (meaning.target === 'state_land') continue; // handled with the asset types
    const anchor = meaning.anchor;
    if (anchor?.boundary) notes.push({ id: 'boundary_anchor', text: source, ...anchor.boundary });
    else if (anchor) notes.push({ id: 'anchor', text: source, label: anchor.label });
    // "co najmniej 2 km od szkoły", "more than 5 km from a substation", "5 km away from the motorway": a minimum distance
    const minimum = distance !== undefined && (distance.quantity.comparator === 'min' || (cue === 'negate' && distance.quantity.comparator === 'bare'));
    if (minimum && !spec.exclusion && !meaning.negated) {
      const beyondM = distance.quantity.min ?? distance.quantity.value;
      const far: Criterion = { type: 'far', target: meaning.target, layer: anchor?.layer ?? spec.layer, beyondM, text: source };
      if (anchor) Object.assign(far, anchorSelection(anchor));
      else {
        const kinds = meaning.kinds ?? meaning.transitKinds ?? spec.kinds;
        if (kinds) far.kinds = kinds;
        const where: Record<string, unknown> = { ...(spec.where ?? {}) };
        const voltage = voltageOf.get(target);
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
      notes.push({ id: 'minimum_distance', text: source, m: beyondM });
      criteria.push(far);
      continue;
    }
    const exclusion = negated || (spec.exclusion && cue !== 'near' && cue !== 'inside');
    if (exclusion && anchor) {
      // "z dala od Warty" without a distance: how far is not said, and a named feature is no zone to exclude
      notes.push({ id: 'not_excludable', text: source });
      continue;
    }
    if (exclusion) {
      if (!spec.excludable) {
        notes.push({ id: 'not_excludable', text: source });
        continue;
      }
      if (!negated && !meaning.negated && distance?.quantity.comparator !== 'min') notes.push({ id: 'exclusion_assumed', text: source });
      const bufferM = distance ? (distance.quantity.min ?? distance.quantity.value) : 0;
      criteria.push({ type: 'exclude', target: meaning.target, layer: spec.layer, kinds: spec.kinds, bufferM, explicit: distance !== undefined, text: source });
      continue;
    }
    // "na terenie parku krajobrazowego", "inside a landscape park": on it, at 0 m
    let withinM = cue === 'inside' ? 0 : spec.withinM;
    let explicit = cue === 'inside';
    if (distance) {
      withinM = distance.quantity.max ?? distance.quantity.value;
      explicit = true;
    }
    if (anchor) {
      // a named feature: no kind or voltage condition, the distance is to it alone
      if (!explicit) notes.push({ id: 'default_distance', text: source, m: withinM });
      criteria.push({ type: 'near', target: meaning.target, layer: anchor.layer, withinM, explicit, ...anchorSelection(anchor), text: source });
      continue;
    }
    const where: Record<string, unknown> = { ...(spec.where ?? {}) };
    let kinds = meaning.kinds ?? (meaning.transitKinds ? meaning.transitKinds : spec.kinds);
    const voltage = voltageOf.get(target);
    if (meaning.target === 'substation') {
      if (voltage) where['voltage_kv_gte'] = voltage.kv;
      if (meaning.bareStation && !voltage) notes.push({ id: 'bare_station', text: text(target.start, target.end) });
      if (!explicit) notes.push({ id: 'default_substation', km: withinM / 1000, kv: (where['voltage_kv_gte'] as number | undefined) ?? SUBSTATION_DEFAULT_KV });
    }
    if (meaning.target === 'power_line' && voltage) {
      const line = lineOfVoltage(voltage);
      kinds = line.kinds;
      Object.assign(where, line.where);
    }
    if (meaning.target === 'grid_capacity') {
      const power = powerOf.get(target);
      if (power) where['available_mw_gte'] = power.quantity.min ?? power.quantity.value;
      // a bare grid word's reading depends on the asset type: the request builder states it
      const gridWord = meaning.gridWord === true && !power && !explicit;
      if ((!explicit || !power) && !gridWord) notes.push({ id: 'default_capacity', mw: (where['available_mw_gte'] as number | undefined) ?? CAPACITY_DEFAULT_MW, km: withinM / 1000 });
    }
    if (meaning.target === 'transit' && !explicit) notes.push({ id: 'default_transit', m: withinM });
    if (!explicit && meaning.target !== 'substation' && meaning.target !== 'transit' && meaning.target !== 'grid_capacity') {
      notes.push({ id: 'default_distance', text: source, m: withinM });
    }
    const criterion: Criterion = { type: 'near', target: meaning.target, layer: spec.layer, withinM, explicit, text: source };
    if (meaning.gridWord && !powerOf.has(target) && !explicit) criterion.gridWord = true;
    if (kinds) criterion.kinds = kinds;
    if (Object.keys(where).length > 0) criterion.where = where;
    criteria.push(criterion);
  }

  // --- road numbers: A2, S7, DK92 (with a motorway/expressway word they were meant the same)
  for (const atom of atoms) {
    if (atom.kind !== 'road_ref') continue;
    used.add(atom);
    const distance = quantities.find((q) => q.quantity.dimension === 'distance' && !used.has(q) && q.end <= atom.start && atom.start - q.end <= MAX_GAP + 1);
    if (distance) used.add(distance);
    const majorRoad = (c: Criterion): boolean => c.type !== 'area' && 'target' in c && (c.target === 'motorway' || c.target === 'expressway' || c.target === 'fast_road');
    const farRoad = distance ? -1 : criteria.findIndex((c) => c.type === 'far' && majorRoad(c));
    if (farRoad >= 0) {
      // "dalej niż 3 km od autostrady A2": the minimum distance is from that road
      const far = criteria[farRoad] as Extract<Criterion, { type: 'far' }>;
      mark(atom.start, atom.end);
      criteria.splice(farRoad, 1, { type: 'far', target: 'road_ref', layer: 'roads', beyondM: far.beyondM, where: { road_number_eq: atom.ref }, text: `${far.text} ${atom.ref}` });
      continue;
    }
    // a motorway/expressway word right before the number is the same road: replace its criterion
    // ("do trzech kilometrów od autostrady A2": its distance, given or default, is the road's)
    const index = criteria.findIndex((c) => c.type === 'near' && (c.target === 'motorway' || c.target === 'expressway' || c.target === 'fast_road'));
    const replaced = index >= 0 ? (criteria[index] as Extract<Criterion, { type: 'near' }>) : undefined;
    const major = /^[AS]/.test(atom.ref);
    const withinM = distance ? (distance.quantity.max ?? distance.quantity.value) : index >= 0 ? (criteria[index] as { withinM: number }).withinM : major ? 5_000 : 2_000;
    const source = index >= 0 ? `${criteria[index]!.text} ${atom.ref}` : text(distance?.start ?? atom.start, atom.end);
    mark(distance?.start ?? atom.start, atom.end);
    if (distance?.quantity.comparator === 'min') {
      // "co najmniej 2 km od A2": at least that far from this road
      const beyondM = distance.quantity.min ?? distance.quantity.value;
      criteria.push({ type: 'far', target: 'road_ref', layer: 'roads', beyondM, where: { road_number_eq: atom.ref }, text: source });
      notes.push({ id: 'minimum_distance', text: source, m: beyondM });
      continue;
    }
    const criterion: Criterion = { type: 'near', target: 'road_ref', layer: 'roads', withinM, explicit: distance !== undefined || replaced?.explicit === true, where: { road_number_eq: atom.ref }, text: source };
    if (index >= 0) criteria.splice(index, 1, criterion);
    // "within six kilometres of the A2 motorway": the motorway's default is not what was applied
    if (replaced && distance) {
      const stale = notes.findIndex((note) => note.id === 'default_distance' && note.text === replaced.text);
      if (stale >= 0) notes.splice(stale, 1);
    }
    else criteria.push(criterion);
    if (!distance && index < 0) notes.push({ id: 'default_distance', text: source, m: withinM });
  }

  // --- properties of the parcel
  const percentFor = (atom: Atom): QuantityAtom | undefined =>
    quantities.find((q) => q.quantity.dimension === 'percent' && !used.has(q) && (Math.abs(q.start - atom.end) <= 3 || Math.abs(atom.start - q.end) <= 3));
  for (const atom of atoms) {
    if (!isMeaning(atom, 'feature')) continue;
    const feature = atom.meaning.feature;
    // "z dala od zabudowań", "bez zabudowy": a negated property
    const negation = previousCue(atom) === 'negate' ? previousAtom(atom)! : null;
    const from = negation ? negation.start : atom.start;
    const source = text(from, atom.end);
    used.add(atom);
    if (negation) used.add(negation);
    if (feature !== 'flat' && feature !== 'slope_word') mark(from, atom.end);
    switch (feature) {
      case 'flat':
      case 'slope_word': {
        const percent = percentFor(atom);
        mark(Math.min(from, percent?.start ?? from), Math.max(atom.end, percent?.end ?? atom.end));
        if (percent) {
          used.add(percent);
          if (percent.quantity.comparator === 'min') {
            notes.push({ id: 'min_slope', text: text(Math.min(atom.start, percent.start), Math.max(atom.end, percent.end)) });
            break;
          }
          criteria.push({ type: 'slope', max: percent.quantity.max ?? percent.quantity.value, explicit: true, text: text(Math.min(atom.start, percent.start), Math.max(atom.end, percent.end)) });
        } else if (feature === 'flat') {
          criteria.push({ type: 'slope', max: FLAT_DEFAULT_PCT, explicit: false, text: source });
          notes.push({ id: 'default_flat', pct: FLAT_DEFAULT_PCT });
        }
        break;
      }
      case 'vacant':
      case 'built':
        criteria.push({ type: 'vacant', value: (feature === 'vacant') !== (negation !== null), text: source });
        break;
      case 'assembly':
        criteria.push({ type: 'assembly', text: source });
        break;
      case 'buildable':
        // spec phrase table: residential or service local-plan zones, or general-plan zones that allow building
        criteria.push({ type: 'zoning', buildable: true, group: feature, text: source });
        break;
      case 'agricultural':
        // agricultural land is proven by land use (EGiB classes, land cover), not by a zone
        criteria.push({ type: 'land_use', kinds: ['agricultural'], text: source });
        break;
      case 'residential':
      case 'commercial':
      case 'services':
      case 'industrial':
        criteria.push({ type: 'zoning', categories: ZONING_CATEGORY_GROUPS[feature]!, group: feature, text: source });
        break;
      case 'local_plan':
        criteria.push({ type: 'zoning', requirePlan: true, text: source });
        break;
      case 'cheap':
        criteria.push({ type: 'rank', signal: 'price_per_sqm_pln', weight: 50, reason: 'cheap', text: source });
        notes.push({ id: 'cheap' });
        break;
      case 'large':
        criteria.push({ type: 'rank', signal: 'area', weight: 50, reason: 'large', text: source });
        notes.push({ id: 'large' });
        break;
    }
  }
  for (const atom of atoms) {
    if (atom.kind !== 'symbol') continue;
    used.add(atom);
    mark(atom.start, atom.end);
    criteria.push({ type: 'zoning', symbols: atom.symbols, text: text(atom.start, atom.end) });
  }

  // --- quantities standing alone
  for (const atom of quantities) {
    if (used.has(atom)) continue;
    const q = atom.quantity;
    const source = text(atom.start, atom.end);
    mark(atom.start, atom.end);
    switch (q.dimension) {
      case 'area': {
        used.add(atom);
        const criterion: Criterion = { type: 'area', reading: q.comparator, text: source };
        if (q.comparator === 'about') {
          criterion.min = Math.round(q.value * 0.8);
          criterion.max = Math.round(q.value * 1.2);
          notes.push({ id: 'about_area', text: source, min: criterion.min, max: criterion.max });
        } else if (q.comparator === 'max') {
          criterion.max = q.value;
        } else if (q.comparator === 'range') {
          criterion.min = q.min!;
          criterion.max = q.max!;
        } else {
          criterion.min = q.value;
          if (q.comparator === 'bare') notes.push({ id: 'bare_area', text: source, sqm: q.value });
        }
        criteria.push(criterion);
        break;
      }
      case 'power':
        used.add(atom);
        criteria.push({
          type: 'near',
          target: 'grid_capacity',
          layer: 'grid_capacity',
          withinM: TARGET_LAYERS.grid_capacity.withinM,
          explicit: false,
          where: { available_mw_gte: q.min ?? q.value },
          text: source,
        });
        notes.push({ id: 'power_as_capacity', text: source, mw: q.min ?? q.value });
        break;
      case 'percent':
        used.add(atom);
        if (q.comparator === 'min') {
          notes.push({ id: 'min_slope', text: source });
          break;
        }
        criteria.push({ type: 'slope', max: q.max ?? q.value, explicit: true, text: source });
        notes.push({ id: 'percent_as_slope', text: source, pct: q.max ?? q.value });
        break;
      case 'voltage': {
        used.add(atom);
        const target: TargetId = 'substation';
        criteria.push({
          type: 'near',
          target,
          layer: TARGET_LAYERS.substation.layer,
          withinM: TARGET_LAYERS.substation.withinM,
          explicit: false,
          where: { voltage_kv_gte: q.value },
          text: source,
        });
        notes.push({ id: 'default_substation', km: TARGET_LAYERS.substation.withinM / 1000, kv: q.value });
        break;
      }
      case 'solar_yield': {
        // "at least 1100 kWh/kWp": the yield of the PV grid cell the parcel lies on (a number replaces the scenario's)
        used.add(atom);
        const kwhPerKwp = q.min ?? q.value;
        if (q.comparator === 'max') {
          notes.push({ id: 'max_yield', text: source });
          break;
        }
        criteria.push({ type: 'near', target: 'solar_yield', layer: 'solar_irradiance', withinM: 0, explicit: true, where: { yield_kwh_kwp_gte: kwhPerKwp }, text: source });
        break;
      }
      case 'price':
        used.add(atom);
        criteria.push({ type: 'rank', signal: 'price_per_sqm_pln', weight: 50, reason: 'price_limit', text: source });
        notes.push({ id: 'price_limit', text: source });
        break;
      case 'distance': {
        used.add(atom);
        // "20 km od Poznania": a circle around a place is no region a search takes
        const next = atoms[atoms.indexOf(atom) + 1];
        if (next?.kind === 'place' && gapOk(atom.end, next.start)) notes.push({ id: 'distance_from_place', text: text(atom.start, next.end) });
        else notes.push({ id: 'distance_without_target', text: source });
        break;
      }
    }
  }
  for (const atom of atoms) {
    if (!isMeaning(atom, 'voltage') || used.has(atom)) continue;
    used.add(atom);
    mark(atom.start, atom.end);
    const source = text(atom.start, atom.end);
    if (atom.meaning.level === 'mv') {
      criteria.push({ type: 'near', target: 'power_line', layer: 'power_lines', withinM: TARGET_LAYERS.power_line.withinM, explicit: false, kinds: ['mv_line', 'mv_cable'], text: source });
      notes.push({ id: 'default_distance', text: source, m: TARGET_LAYERS.power_line.withinM });
    } else {
      criteria.push({ type: 'near', target: 'substation', layer: 'power_substations', withinM: TARGET_LAYERS.substation.withinM, explicit: false, where: { voltage_kv_gte: atom.meaning.kv }, text: source });
      notes.push({ id: 'default_substation', km: TARGET_LAYERS.substation.withinM / 1000, kv: atom.meaning.kv });
    }
  }

  // --- asset types, the country, result counts, what cannot be searched
  for (const atom of atoms) {
    if (isMeaning(atom, 'asset')) {
      used.add(atom);
      mark(atom.start, atom.end);
      assets.push({ scenario: atom.meaning.scenario, text: text(atom.start, atom.end) });
    } else if (isMeaning(atom, 'country')) {
      used.add(atom);
      mark(atom.start, atom.end);
      wholeCountry = true;
    } else if (isMeaning(atom, 'unsupported')) {
      used.add(atom);
      mark(atom.start, atom.end);
      notes.push({ id: 'unsupported', what: atom.meaning.what, text: text(atom.start, atom.end) });
    } else if (isMeaning(atom, 'count_noun')) {
      const number = previousAtom(atom);
      if (number?.kind === 'number' && Number.isInteger(number.value) && number.value >= 1 && number.end === atom.start) {
        used.add(atom);
        used.add(number);
        mark(number.start, atom.end);
        criteria.push({ type: 'limit', value: number.value, text: text(number.start, atom.end) });
      }
    }
  }
  // state-owned land: the scenario when nothing else is asked for, otherwise a criterion
  const stateLand = targets.filter((target) => target.meaning.target === 'state_land');
  const publicAssets = assets.filter((asset) => asset.scenario === 'public_land_opportunity');
  const otherAssets = assets.filter((asset) => asset.scenario !== 'public_land_opportunity');
  if (otherAssets.length > 0) {
    for (const asset of publicAssets) {
      criteria.push({ type: 'near', target: 'state_land', layer: 'kowr_land', withinM: 0, explicit: true, text: asset.text });
      notes.push({ id: 'state_land_criterion', text: asset.text });
    }
  }
  for (const target of stateLand) criteria.push({ type: 'near', target: 'state_land', layer: 'kowr_land', withinM: 0, explicit: true, text: text(target.start, target.end) });

  return {
    assets: otherAssets.length > 0 ? otherAssets : publicAssets.slice(0, 1),
    criteria,
    notes,
    wholeCountry,
    used,
    phrases,
  };

  function previousCue(target: Atom): CueId | null {
    const previous = previousAtom(target);
    if (!previous || !isMeaning(previous, 'cue')) return null;
    return gapOk(previous.end, target.start) ? previous.meaning.cue : null;
  }
}
