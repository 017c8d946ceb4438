import type { Atom } from '../atoms.js';
import { TARGET_LAYERS } from '../target-layers.js';
import { clauseBreak, gapOk, isMeaning, type QuantityAtom, type Reading, type TargetAtom } from './reading.js';

/**
 * Binds distances, voltages and powers to the targets they measure or qualify: a distance before its
 * target ("do 3 km od stacji") first, then after it ("stacja w odległości 3 km"), then a voltage to a
 * substation or line, a power to grid capacity. A bound quantity is used: no later pass reads it.
 */
export function bindQualifiers(reading: Reading): void {
  for (const target of reading.targets) bindOnce(reading, reading.distanceOf, target, distanceBefore(reading, target));
  for (const target of reading.targets) if (!reading.distanceOf.has(target)) bindOnce(reading, reading.distanceOf, target, distanceAfter(reading, target));
  for (const target of reading.targets) bindVoltage(reading, target);
  for (const target of reading.targets) if (target.meaning.target === 'grid_capacity') bindOnce(reading, reading.powerOf, target, powerNear(reading, target));
}

function bindOnce(reading: Reading, bound: Map<Atom, QuantityAtom>, target: TargetAtom, quantity: QuantityAtom | undefined): void {
  if (!quantity) return;
  bound.set(target, quantity);
  reading.used.add(quantity);
}

const freeDistance = (reading: Reading, q: QuantityAtom): boolean => q.quantity.dimension === 'distance' && !reading.used.has(q);

function distanceBefore(reading: Reading, target: TargetAtom): QuantityAtom | undefined {
  return reading.quantities.find((q) => freeDistance(reading, q) && q.end <= target.start && gapOk(reading, q.end, target.start) && !clauseBreak(reading, q.end - 1, target.start));
}

function distanceAfter(reading: Reading, target: TargetAtom): QuantityAtom | undefined {
  // a buffer after an exclusion must say "at least" ("Natura 2000 at least 500 m away"); "within 5 km" after it is the next criterion's
  const exclusion = TARGET_LAYERS[target.meaning.target].exclusion || target.meaning.negated === true;
  return reading.quantities.find(
    (q) =>
      freeDistance(reading, q) &&
      q.start >= target.end &&
      gapOk(reading, target.end, q.start) &&
      !clauseBreak(reading, target.end - 1, q.start) &&
      !(exclusion && q.quantity.comparator !== 'min'),
  );
}

/** Right after or right before the target, at most two connective words apart. */
function adjacent(reading: Reading, target: Atom, candidate: Atom): boolean {
  return (
    (candidate.start >= target.end && gapOk(reading, target.end, candidate.start) && candidate.start - target.end <= 2) ||
    (candidate.end <= target.start && gapOk(reading, candidate.end, target.start) && target.start - candidate.end <= 2)
  );
}

/** "stacja 110 kV", "linia wysokiego napięcia": a number wins over a word. */
function bindVoltage(reading: Reading, target: TargetAtom): void {
  if (target.meaning.target !== 'substation' && target.meaning.target !== 'power_line') return;
  const quantity = reading.quantities.find((q) => q.quantity.dimension === 'voltage' && !reading.used.has(q) && adjacent(reading, target, q));
  const word = reading.atoms.find((atom) => isMeaning(atom, 'voltage') && !reading.used.has(atom) && adjacent(reading, target, atom));
  if (quantity) {
    reading.voltageOf.set(target, { kv: quantity.quantity.value, atom: quantity });
    reading.used.add(quantity);
  } else if (word && isMeaning(word, 'voltage')) {
    reading.voltageOf.set(target, { kv: word.meaning.kv, level: word.meaning.level, atom: word });
    reading.used.add(word);
  }
}

/** A power near grid capacity: adjacent, or within three tokens either side. */
function powerNear(reading: Reading, target: TargetAtom): QuantityAtom | undefined {
  return reading.quantities.find(
    (q) =>
      q.quantity.dimension === 'power' &&
      !reading.used.has(q) &&
      (adjacent(reading, target, q) || Math.abs(q.start - target.end) <= 3 || Math.abs(target.start - q.end) <= 3),
  );
}
