import { readPlaceAnchors, type PlaceAnchorReading } from '../anchors/place-anchors.js';
import { readExistingInstallations } from '../compile/existing-installations.js';
import { CONNECTIVES, matchLexicon, MEANINGFUL } from '../lexicon/lexicon.js';
import { findZoningSymbols } from '../lexicon/zoning-symbols.js';
import type { Gazetteer } from '../places/gazetteer.js';
import { baseCandidates } from '../places/inflection.js';
import { findPlaces } from '../places/place-finder.js';
import { PLACE_PREPOSITIONS, UNIT_WORDS_BEFORE } from '../places/place-words.js';
import { findQuantities } from '../text/quantities.js';
import { findRoadNumbers } from '../text/road-numbers.js';
import { correctSpelling } from '../text/spelling.js';
import type { Token } from '../text/tokens.js';
import { lookUpWord } from '../text/word-table.js';
import { addAtom, addPlaces, takeByLexicon, type Scan } from './scan.js';
import { COMMON_WORDS, isKnown, SPELLING } from './vocabulary.js';

/**
 * Misspelt words, towards the lexicon: not known words, not place words, and not what is written
 * like a name (a capital after a preposition or inside a sentence: "w Krakowei").
 */
export function correctMisspellings(scan: Scan, gazetteer: Gazetteer): void {
  for (const token of scan.tokens) {
    if (token.kind !== 'word' || token.upper || isKnown(token.fold) || baseCandidates(token.fold).some((base) => gazetteer.nameWords.has(base))) continue;
    if (nameLike(token, scan.tokens)) continue;
    const read = correctSpelling(token.fold, SPELLING);
    if (read) {
      token.typed = token.fold;
      token.fold = read;
      scan.corrected.push(token);
    }
  }
}

function nameLike(token: Token, tokens: readonly Token[]): boolean {
  const previous = tokens[token.index - 1];
  const afterPlaceWord = previous !== undefined && (PLACE_PREPOSITIONS.has(previous.fold) || lookUpWord(UNIT_WORDS_BEFORE, previous.fold) !== undefined);
  return token.capitalized && ((token.index > 0 && !/[.!?;:]\s*$/.test(token.before)) || afterPlaceWord);
}

/** Numbers with units, and road numbers. */
export function findNumbers(scan: Scan): void {
  for (const quantity of findQuantities(scan.tokens, scan.free)) addAtom(scan, { kind: 'quantity', quantity, start: quantity.start, end: quantity.end });
  for (const road of findRoadNumbers(scan.tokens, scan.free)) addAtom(scan, { kind: 'road_ref', ref: road.ref, start: road.start, end: road.end });
}

/** Places the text marks strongly, before lexicon words can take their words ("w Wiatrowie"). */
export function findMarkedPlaces(scan: Scan, gazetteer: Gazetteer): void {
  const notCountryWord = (index: number): boolean => scan.free(index) && !/^(polsk|polsc|natur)/.test(scan.tokens[index]!.fold);
  addPlaces(scan, findPlaces(scan.tokens, gazetteer, { free: notCountryWord, commonWords: COMMON_WORDS, strongOnly: true }));
}

/** Asset types, criteria, properties, zoning symbols. */
export function findMeanings(scan: Scan): void {
  for (const match of matchLexicon(MEANINGFUL, scan.tokens, scan.free)) {
    scan.atoms.push({ kind: 'meaning', meaning: match.entry.meaning, lang: match.entry.lang, start: match.start, end: match.end });
    takeByLexicon(scan, match.start, match.end);
    if (match.entry.lang !== 'any') scan.evidence[match.entry.lang]++;
  }
  for (const symbol of findZoningSymbols(scan.tokens, scan.free)) addAtom(scan, { kind: 'symbol', symbols: symbol.symbols, start: symbol.start, end: symbol.end });
}

/** The other places, then cues and fillers, then the bare numbers left. */
export function findOtherPlacesAndConnectives(scan: Scan, gazetteer: Gazetteer): void {
  addPlaces(scan, findPlaces(scan.tokens, gazetteer, { free: scan.free, commonWords: COMMON_WORDS }));
  const { atoms, fillers } = scan;
  // a result-count word with no number before it ("działki") is a filler
  for (const atom of atoms) {
    if (atom.kind === 'meaning' && atom.meaning.type === 'count_noun' && !atoms.some((a) => a.kind === 'number' && a.end === atom.start)) fillers.push({ start: atom.start, text: scan.text(atom.start, atom.end) });
  }
  for (const match of matchLexicon(CONNECTIVES, scan.tokens, scan.free)) {
    takeByLexicon(scan, match.start, match.end);
    for (let index = match.start; index < match.end; index++) scan.connective[index] = true;
    if (match.entry.lang !== 'any') scan.evidence[match.entry.lang] += 0.5;
    if (match.entry.meaning.type === 'cue') atoms.push({ kind: 'meaning', meaning: match.entry.meaning, lang: match.entry.lang, start: match.start, end: match.end });
    else fillers.push({ start: match.start, text: scan.text(match.start, match.end) });
  }
  for (const token of scan.tokens) {
    if (!scan.taken[token.index] && token.kind === 'number' && token.value !== undefined) atoms.push({ kind: 'number', value: token.value, start: token.index, end: token.index + 1 });
  }
  atoms.sort((a, b) => a.start - b.start);
}

/**
 * "do 20 km od Poznania": the place is what the distance is measured from, not the region; "do 2 km
 * od farmy wiatrowej": an asset type measured from is an installation, not a scenario.
 */
export function readMeasuredFrom(scan: Scan): PlaceAnchorReading[] {
  const placeAnchors = readPlaceAnchors(scan.atoms, scan.tokens);
  for (const reading of placeAnchors) {
    if (reading.kind !== 'anchor') continue;
    const index = scan.atoms.findIndex((atom) => atom.kind === 'place' && atom.mention === reading.mention);
    scan.atoms[index] = { kind: 'meaning', meaning: reading.meaning, lang: 'any', start: reading.mention.start, end: reading.mention.end };
    scan.mentions.splice(scan.mentions.indexOf(reading.mention), 1);
    scan.anchorNames.set(reading.anchor.teryt, `${reading.anchor.name} (${reading.anchor.unitType})`);
  }
  readExistingInstallations(scan.atoms, (index) => scan.connective[index] === true);
  return placeAnchors;
}

/** A correction stands only where it made a lexicon phrase; elsewhere the word is as typed. */
export function settleCorrections(scan: Scan): void {
  for (const token of scan.corrected) {
    if (scan.byLexicon.has(token.index)) scan.notes.push({ id: 'corrected_word', typed: token.raw, read: token.fold });
    else token.fold = token.typed!;
  }
}

