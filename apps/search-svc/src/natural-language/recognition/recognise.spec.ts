import { describe, expect, it } from '@jest/globals';
import { smallGazetteer } from '../../../test/small-gazetteer.js';
import { recognise } from './recognise.js';

const gazetteer = smallGazetteer();
const scanOf = (query: string) => recognise(query, gazetteer, undefined).scan;
const kinds = (query: string): string[] => scanOf(query).atoms.map((atom) => (atom.kind === 'meaning' ? `${atom.kind}:${atom.meaning.type}` : atom.kind));

describe('recognising the pieces of a query', () => {
  it('reads "nie na terenie" / "not inside" as a negation, "na terenie" as a cue of its own', () => {
    const negated = scanOf('nie na terenie parku krajobrazowego').atoms[0]!;
    expect(negated).toMatchObject({ kind: 'meaning', meaning: { type: 'cue', cue: 'negate' }, start: 0 });
    const inside = scanOf('na terenie parku krajobrazowego').atoms[0]!;
    expect(inside).toMatchObject({ kind: 'meaning', meaning: { type: 'cue', cue: 'inside' }, start: 0 });
  });

  it('keeps a spelling correction only where it made a lexicon phrase, and notes it', () => {
    const scan = scanOf('solr farm in Poznań');
    expect(scan.notes).toEqual([{ id: 'corrected_word', typed: 'solr', read: 'solar' }]);
    expect(kinds('solr farm in Poznań')).toEqual(['meaning:asset', 'place']);
    // a capitalised word after a preposition is written like a name: no correction towards the lexicon
    expect(scanOf('farm in Solr').corrected).toEqual([]);
  });

  it('reads a place the text marks strongly before a lexicon word can take it', () => {
    const scan = scanOf('działka w Poznaniu do 3 km od stacji');
    expect(scan.mentions.map((mention) => scan.text(mention.start, mention.end))).toEqual(['Poznaniu']);
    expect(scan.connective[0]).toBe(false);
  });

  it('orders the atoms by position, bare numbers included', () => {
    const scan = scanOf('5 działek w Poznaniu');
    expect(scan.atoms.map((atom) => atom.start)).toEqual([...scan.atoms.map((atom) => atom.start)].sort((a, b) => a - b));
    expect(scan.atoms[0]).toMatchObject({ kind: 'number', value: 5 });
  });
});
