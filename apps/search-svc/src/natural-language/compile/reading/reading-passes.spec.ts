import { describe, expect, it } from '@jest/globals';
import { smallGazetteer } from '../../../../test/small-gazetteer.js';
import { recognise } from '../../recognition/recognise.js';
import { bindQualifiers } from './bind-qualifiers.js';
import { createReading, gapOk, type Reading } from './reading.js';
import { readRoadNumbers } from './road-numbers.js';
import { readTargets } from './target-criteria.js';

const gazetteer = smallGazetteer();

/** The reading of a query as the interpreter starts it: its atoms, before any pass has run. */
function readingOf(query: string): Reading {
  const { scan } = recognise(query, gazetteer, undefined);
  return createReading({
    atoms: scan.atoms,
    text: scan.text,
    connective: (index) => scan.connective[index] === true,
    before: (index) => scan.tokens[index]?.before ?? '',
  });
}

const boundText = (reading: Reading, bound: Map<unknown, { start: number; end: number }>): string[] => [...bound.values()].map((atom) => reading.text(atom.start, atom.end));

describe('the criteria reading passes', () => {
  it('lets a voltage stand between a distance and its target, but not an ordinary word', () => {
    const reading = readingOf('do 3 km od stacji 110 kV');
    const target = reading.targets[0]!;
    expect(gapOk(reading, reading.quantities[0]!.end, target.start)).toBe(true);
    const words = readingOf('do 3 km słonecznej od stacji');
    expect(gapOk(words, words.quantities[0]!.end, words.targets[0]!.start)).toBe(false);
  });

  it('binds a distance before its target first, and a voltage next to a substation', () => {
    const reading = readingOf('do 3 km od stacji 110 kV');
    bindQualifiers(reading);
    expect(boundText(reading, reading.distanceOf)).toEqual(['do 3 km']);
    expect([...reading.voltageOf.values()].map((voltage) => voltage.kv)).toEqual([110]);
    expect(reading.used.size).toBe(2);
  });

  it('binds a distance after an exclusion only when it says "at least": "within 5 km" there is the next criterion\'s', () => {
    const atLeast = readingOf('bez Natury 2000 co najmniej 500 m');
    bindQualifiers(atLeast);
    expect(boundText(atLeast, atLeast.distanceOf)).toEqual(['co najmniej 500 m']);
    const within = readingOf('bez Natury 2000 do 5 km');
    expect([within.targets.length, within.quantities.length]).toEqual([1, 1]);
    bindQualifiers(within);
    expect(within.distanceOf.size).toBe(0);
  });

  it('does not bind across a comma', () => {
    const reading = readingOf('stacja, do 3 km');
    expect([reading.targets.length, reading.quantities.length]).toEqual([1, 1]);
    bindQualifiers(reading);
    expect(reading.distanceOf.size).toBe(0);
  });

  it('reads a road number as the motorway said with it, keeping the distance given', () => {
    const reading = readingOf('do 3 km od autostrady A2');
    bindQualifiers(reading);
    readTargets(reading);
    readRoadNumbers(reading);
    expect(reading.criteria.filter((criterion) => criterion.type === 'near')).toContainEqual(
      expect.objectContaining({ target: 'road_ref', layer: 'roads', withinM: 3000, explicit: true, where: { road_number_eq: 'A2' } }),
    );
  });

  it('takes 5 km for a motorway or expressway number alone and 2 km for another road, and says so', () => {
    for (const [query, m] of [['przy A2', 5000], ['przy S7', 5000], ['przy DK92', 2000]] as const) {
      const reading = readingOf(query);
      readRoadNumbers(reading);
      expect([query, reading.criteria]).toEqual([query, [expect.objectContaining({ type: 'near', target: 'road_ref', withinM: m, explicit: false })]]);
      expect(reading.notes).toContainEqual(expect.objectContaining({ id: 'default_distance', m }));
    }
  });
});
