import type { CueId, Meaning } from '../../lexicon/meanings.js';
import type { Atom } from '../atoms.js';
import type { Criterion } from '../criteria.js';
import type { Note } from '../notes.js';

/** What the criteria reader is given: the atoms of a query and how its tokens stand. */
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

export type MeaningAtom = Extract<Atom, { kind: 'meaning' }>;
export type QuantityAtom = Extract<Atom, { kind: 'quantity' }>;
export type TargetAtom = MeaningAtom & { meaning: Extract<Meaning, { type: 'target' }> };
export interface BoundVoltage {
  kv: number;
  level?: 'mv' | 'hv' | 'ehv';
  atom: Atom;
}

/**
 * The one context the reading passes share: the query's atoms, and what the passes have read so far
 * (atoms used, criteria, notes, asset types, the spans understood). Each pass reads the atoms of its
 * kind that are still unused; the order of the passes decides who takes a shared number.
 */
export interface Reading extends ReaderContext {
  quantities: readonly QuantityAtom[];
  targets: readonly TargetAtom[];
  /** Token indices of voltages and powers: between a distance and its target they do not separate them. */
  qualifiers: ReadonlySet<number>;
  /** Atoms that took part in a criterion or a scenario. */
  used: Set<Atom>;
  criteria: Criterion[];
  notes: Note[];
  assets: Array<{ scenario: string; text: string }>;
  wholeCountry: boolean;
  /** Token spans of what was understood, one per criterion, asset type or other meaning. */
  phrases: Array<{ start: number; end: number }>;
  /** The distance, voltage and power each target took (the binding pass fills them). */
  distanceOf: Map<Atom, QuantityAtom>;
  voltageOf: Map<Atom, BoundVoltage>;
  powerOf: Map<Atom, QuantityAtom>;
}

export const isMeaning = <T extends Meaning['type']>(atom: Atom | undefined, type: T): atom is MeaningAtom & { meaning: Extract<Meaning, { type: T }> } =>
  atom?.kind === 'meaning' && atom.meaning.type === type;

const isQualifier = (atom: Atom): boolean =>
  (atom.kind === 'quantity' && (atom.quantity.dimension === 'voltage' || atom.quantity.dimension === 'power')) || isMeaning(atom, 'voltage');

export function createReading(context: ReaderContext): Reading {
  const qualifiers = new Set<number>();
  for (const atom of context.atoms) if (isQualifier(atom)) for (let index = atom.start; index < atom.end; index++) qualifiers.add(index);
  return {
    ...context,
    quantities: context.atoms.filter((atom): atom is QuantityAtom => atom.kind === 'quantity'),
    targets: context.atoms.filter((atom): atom is TargetAtom => isMeaning(atom, 'target')),
    qualifiers,
    used: new Set<Atom>(),
    criteria: [],
    notes: [],
    assets: [],
    wholeCountry: false,
    phrases: [],
    distanceOf: new Map(),
    voltageOf: new Map(),
    powerOf: new Map(),
  };
}

/** Records tokens [start, end) as understood. */
export function mark(reading: Reading, start: number, end: number): void {
  reading.phrases.push({ start, end });
}

/** Only connective words (voltages and powers aside), at most MAX_GAP of them, in tokens [from, to). */
export function gapOk(reading: Reading, from: number, to: number): boolean {
  if (to < from) return false;
  let words = 0;
  for (let index = from; index < to; index++) {
    if (reading.qualifiers.has(index)) continue;
    if (!reading.connective(index)) return false;
    words++;
  }
  return words <= MAX_GAP;
}

/** A comma or semicolon between two tokens ends a clause: nothing binds across it. */
export function clauseBreak(reading: Reading, from: number, to: number): boolean {
  for (let index = from + 1; index <= to; index++) if (/[,;]/.test(reading.before(index))) return true;
  return false;
}

export function previousAtom(reading: Reading, atom: Atom): Atom | undefined {
  return reading.atoms[reading.atoms.indexOf(atom) - 1];
}

/** The cue right before an atom ("bez", "blisko", "na terenie"), with only connectives between. */
export function previousCue(reading: Reading, atom: Atom): CueId | null {
  const previous = previousAtom(reading, atom);
  if (!previous || !isMeaning(previous, 'cue')) return null;
  return gapOk(reading, previous.end, atom.start) ? previous.meaning.cue : null;
}
