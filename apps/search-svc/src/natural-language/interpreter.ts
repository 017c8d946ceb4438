import { AppError, type SearchParcelsRequest } from '@lp/contracts';
import { findScenario } from '../scenarios/scenario-catalogue.js';
import { ambiguousFeature } from './anchors/anchor-finder.js';
import type { NamedFeatures } from './anchors/named-features.js';
import { readCriteria, type ReadCriteria } from './compile/criteria-reader.js';
import { describeAssembly, describeRequest } from './compile/filter-descriptions.js';
import { dedupe } from './compile/format.js';
import { renderNote } from './compile/messages.js';
import type { Note, NoteId } from './compile/notes.js';
import { buildRequest } from './compile/request-builder.js';
import { ambiguous, noOutline, placeNotFound, unknownFeature, unknownWater, unresolvable } from './interpretation-errors.js';
import type { Language } from './lexicon/meanings.js';
import type { Gazetteer } from './places/gazetteer.js';
import type { PlaceMention } from './places/place-finder.js';
import { resolvePlaces, type PlaceResolution } from './places/place-resolver.js';
import { suggestUnits } from './places/place-suggestions.js';
import { PLACE_PREPOSITIONS, UNIT_WORDS_BEFORE } from './places/place-words.js';
import { recognise, type Recognised } from './recognition/recognise.js';
import type { Scan } from './recognition/scan.js';
import { detectLanguage } from './text/language.js';
import type { Token } from './text/tokens.js';
import { lookUpWord } from './text/word-table.js';

/** Spec Limits leave it open: a sentence, not a document. */
export const NL_QUERY_MAX_CHARS = 500;

export interface InterpretOptions {
  /** TERYT code from the request body: overrides any place in the text. */
  region?: string;
  language?: Language;
  limit?: number;
}

export interface InterpretedRegion {
  teryt: string;
  name: string;
  unit_type: string;
}

/** The interpretation of one query (spec "Natural-language interpretation", plus our additions). */
export interface Interpretation {
  region: InterpretedRegion | null;
  scenario: string | null;
  request: SearchParcelsRequest;
  assumptions: string[];
  language: Language;
  filters: string[];
  understood: string[];
  not_understood: string[];
  /**
   * False when words of the query were not understood or something it asks could not be searched
   * (a criterion left out, a second asset type, a price limit only ranked): the results do not
   * honour the whole query, and the first assumption says so.
   */
  complete: boolean;
  /** A site of several parcels (POST /v1/search/assemblies). */
  assembly?: { min_total_area_sqm: number };
}

const ENGLISH_UNIT_WORDS = new Set(['commune', 'municipality', 'county', 'district', 'voivodeship', 'province', 'city', 'town', 'village', 'locality', 'hamlet']);

/** Notes that say a part of the query was left out of the search: the answer is then partial. */
const LEFT_OUT: ReadonlySet<NoteId> = new Set<NoteId>([
  'ignored',
  'unsupported',
  'not_excludable',
  'min_slope',
  'max_yield',
  'distance_without_target',
  'distance_from_place',
  'one_per_layer',
  'extra_asset',
  'price_limit',
  'assembly_without_area',
]);

/**
 * Interprets a query in Polish or English into a structured search request: pure and
 * deterministic (same query, options and gazetteer: same interpretation), no network, no model.
 * Throws invalid_request (empty or too long), ambiguous_region (with candidates) and
 * unresolvable_query (nothing understood).
 */
export function interpret(query: string, options: InterpretOptions, gazetteer: Gazetteer, features?: NamedFeatures): Interpretation {
  if (typeof query !== 'string' || query.trim() === '') throw AppError.invalid('query must not be empty');
  if (query.length > NL_QUERY_MAX_CHARS) throw AppError.invalid(`query must be at most ${NL_QUERY_MAX_CHARS} characters; got ${query.length}`);
  const recognised = recognise(query, gazetteer, features);
  const { scan } = recognised;
  const { tokens, text, notes, mentions } = scan;
  const read = readCriteria({
    atoms: scan.atoms,
    text,
    connective: (index) => scan.connective[index] === true || tokens[index]?.kind === 'symbol',
    before: (index) => tokens[index]?.before ?? '',
  });
  notes.push(...read.notes);
  const language = languageOf(scan, options.language);
  refuseUnreadNames(recognised, language);

  // the region; a name after "w", "koło", "in", "gmina" that is no place we know: searching all of Poland instead would answer another question
  const countedNumbers = new Set(scan.atoms.filter((atom) => atom.kind === 'number' && read.used.has(atom)).map((atom) => atom.start));
  const notUnderstood = tokens.filter((token) => !scan.taken[token.index] && !countedNumbers.has(token.index));
  const region = chooseRegion(options.region, resolvePlaces(mentions), mentions, read.wholeCountry, gazetteer, text, language, notes);
  const unknownPlace = region === null && options.region === undefined && !read.wholeCountry ? notUnderstood.find((token) => placeLike(token, tokens)) : undefined;
  if (unknownPlace) throw placeNotFound(language, text(unknownPlace.index - 1, unknownPlace.index + 1), suggestUnits(unknownPlace.fold, gazetteer));

  // nothing understood: say what was and what was not; all of Poland said aloud ("w całej Polsce") is a region too
  const meaningful = read.assets.length > 0 || read.criteria.length > 0 || region !== null || options.region !== undefined || read.wholeCountry;
  const understood = understoodPhrases(read.phrases, mentions, tokens, text);
  const ignored = notUnderstood.map((token) => token.raw);
  if (!meaningful) throw unresolvable(language, [...understood, ...scan.fillers.sort((a, b) => a.start - b.start).map((filler) => filler.text)], ignored);
  return compose({ scan, read, region, options, language, understood, ignored });
}

/** The language asked for, or the one the query is written in: a declined place name ("w Krakowie") is Polish; a unit word ("powiat", "county") says a little. */
function languageOf(scan: Scan, asked: Language | undefined): Language {
  const { tokens, mentions, evidence } = scan;
  for (const mention of mentions) {
    if (mention.declined) evidence.pl++;
    const unitWord = tokens[mention.start]!.fold;
    if (mention.cue === 'unit') evidence[ENGLISH_UNIT_WORDS.has(unitWord) || ENGLISH_UNIT_WORDS.has(tokens[mention.end - 1]!.fold) ? 'en' : 'pl'] += 0.5;
  }
  const placeTokens = new Set(mentions.flatMap((mention) => range(mention.start, mention.end)));
  return asked ?? detectLanguage(evidence, tokens.filter((token) => !placeTokens.has(token.index)).map((token) => token.raw).join(' '));
}

/** A named feature, water or place to measure from that is not found, or not one: an error, never "anything of the kind". */
function refuseUnreadNames(recognised: Recognised, language: Language): void {
  const { scan, anchorsFound, areasFound, placeAnchors } = recognised;
  const spans = (found: ReadonlyArray<{ start: number; end: number }>): string[] => found.map((span) => scan.text(span.start, span.end));
  if (anchorsFound.ambiguous.length > 0) throw ambiguousFeature(anchorsFound.ambiguous[0]!, language);
  if (anchorsFound.unmatched.length > 0) throw unknownFeature(language, spans(anchorsFound.unmatched));
  if (areasFound.unmatched.length > 0) throw unknownWater(language, spans(areasFound.unmatched));
  for (const reading of placeAnchors) {
    if (reading.kind === 'ambiguous') throw ambiguous(reading.resolution, scan.text, language);
    if (reading.kind === 'no_outline') throw noOutline(language, scan.text(reading.said.start, reading.said.end), reading);
  }
}

/** The scenario of the first asset type and the request; the assumptions, filters and phrases in the query's language. */
function compose(parts: {
  scan: Scan;
  read: ReadCriteria;
  region: InterpretedRegion | null;
  options: InterpretOptions;
  language: Language;
  understood: string[];
  ignored: string[];
}): Interpretation {
  const { scan, read, region, options, language, understood, ignored } = parts;
  const notes = scan.notes;
  const [asset, ...others] = read.assets;
  const scenario = asset ? findScenario(asset.scenario) ?? null : null;
  if (scenario) notes.unshift({ id: 'scenario', scenario: scenario.id, titleEn: scenario.title, titlePl: scenario.titlePl });
  for (const other of others) if (other.scenario !== scenario?.id) notes.push({ id: 'extra_asset', text: other.text, scenario: other.scenario, kept: scenario!.id });
  const built = buildRequest({ scenario, criteria: read.criteria, region: region?.teryt, limit: options.limit });
  notes.push(...built.notes);
  if (ignored.length > 0) notes.push({ id: 'ignored', words: ignored });
  const complete = !notes.some((note) => LEFT_OUT.has(note.id));
  if (!complete) notes.unshift({ id: 'partial' });

  return {
    region,
    scenario: scenario?.id ?? null,
    request: built.request,
    assumptions: dedupe(notes.map((note) => renderNote(note, language))),
    language,
    filters: [...describeRequest(built.request, language, scan.anchorNames), ...(built.assembly ? [describeAssembly(built.assembly.min_total_area_sqm, language)] : [])],
    understood: dedupe(understood),
    not_understood: dedupe(ignored),
    complete,
    ...(built.assembly ? { assembly: built.assembly } : {}),
  };
}

function chooseRegion(
  bodyRegion: string | undefined,
  resolution: PlaceResolution,
  mentions: readonly PlaceMention[],
  wholeCountry: boolean,
  gazetteer: Gazetteer,
  text: (start: number, end: number) => string,
  language: Language,
  notes: Note[],
): InterpretedRegion | null {
  if (bodyRegion !== undefined) {
    const unit = gazetteer.unit(bodyRegion);
    if (!unit) throw AppError.invalid(`region ${bodyRegion} is not the TERYT code of a voivodeship, powiat or gmina`);
    const overridden = mentions.length > 0 ? mentions.map((mention) => text(mention.start, mention.end)).join(', ') : null;
    notes.push({ id: 'region_from_request', name: unit.name, unitType: unit.unitType, teryt: unit.teryt, overridden });
    return { teryt: unit.teryt, name: unit.name, unit_type: unit.unitType };
  }
  switch (resolution.kind) {
    case 'none':
      notes.push({ id: wholeCountry ? 'whole_country' : 'no_place' });
      return null;
    case 'ambiguous':
      throw ambiguous(resolution, text, language);
    case 'resolved': {
      const { unit, named, mention } = resolution;
      // quoted with its preposition, as in `understood`: "w Zalasewie", "koło Poznania"
      const said = text(mention.start - (mention.preposition ? 1 : 0), mention.end);
      if (named.source === 'locality') {
        notes.push({ id: 'locality_in_gmina', text: said, locality: named.name, localityType: named.type, gmina: unit.name, gminaType: unit.unitType });
      } else if (named.source === 'alias') {
        notes.push({ id: 'region_alias', text: said, name: unit.name, unitType: unit.unitType });
      }
      if (mention.corrected) notes.push({ id: 'corrected_place', text: said, name: unit.name });
      if (mention.around) notes.push({ id: 'around_place', text: said, name: unit.name });
      return { teryt: unit.teryt, name: unit.name, unit_type: unit.unitType };
    }
  }
}

/** A word after a place preposition or a unit word ("w Kornikiku", "gmina Xyz"): it was meant as a place. */
function placeLike(token: Token, tokens: readonly Token[]): boolean {
  const previous = tokens[token.index - 1];
  if (token.kind !== 'word' || !previous || token.fold.length < 3 || /[,;.!?:]/.test(token.before)) return false;
  return PLACE_PREPOSITIONS.has(previous.fold) || lookUpWord(UNIT_WORDS_BEFORE, previous.fold) !== undefined;
}

/** What was understood, as phrases of the query in its order; a place keeps its preposition ("koło Poznania"). */
function understoodPhrases(
  phrases: ReadonlyArray<{ start: number; end: number }>,
  mentions: readonly PlaceMention[],
  tokens: readonly Token[],
  text: (start: number, end: number) => string,
): string[] {
  const places = mentions.map((mention) => ({ start: mention.start - (mention.preposition ? 1 : 0), end: mention.end }));
  return [...phrases, ...places].sort((a, b) => a.start - b.start || a.end - b.end).map((span) => text(span.start, span.end));
}

function range(start: number, end: number): number[] {
  return Array.from({ length: end - start }, (_, index) => start + index);
}
