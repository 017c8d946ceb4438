import { AppError, type SearchParcelsRequest } from '@lp/contracts';
import { ambiguousFeature, anchorLabel, findAnchors } from './anchors/anchor-finder.js';
import type { NamedFeatures } from './anchors/named-features.js';
import { findAreaAnchors } from './anchors/area-anchors.js';
import { readPlaceAnchors, type PlaceAnchorReading } from './anchors/place-anchors.js';
import { readExistingInstallations } from './compile/existing-installations.js';
import { findScenario } from '../scenarios/scenario-catalogue.js';
import type { Atom } from './compile/atoms.js';
import { readCriteria } from './compile/criteria-reader.js';
import { describeAssembly, describeRequest } from './compile/filter-descriptions.js';
import { quote, quoteList } from './compile/format.js';
import { renderNote } from './compile/messages.js';
import type { Note, NoteId } from './compile/notes.js';
import { buildRequest } from './compile/request-builder.js';
import { CONNECTIVES, INSIDE_CUES, LEXICON_VOCABULARY, matchLexicon, MEANINGFUL } from './lexicon/lexicon.js';
import type { Language, Meaning, NamedAnchor } from './lexicon/meanings.js';
import { findZoningSymbols } from './lexicon/zoning-symbols.js';
import type { Gazetteer, Unit } from './places/gazetteer.js';
import { suggestUnits } from './places/place-suggestions.js';
import { baseCandidates } from './places/inflection.js';
import { findPlaces, type PlaceMention } from './places/place-finder.js';
import { resolvePlaces, type PlaceResolution } from './places/place-resolver.js';
import { GMINA_TYPE_WORDS, PLACE_PREPOSITIONS, UNIT_WORDS_AFTER, UNIT_WORDS_BEFORE } from './places/place-words.js';
import { detectLanguage } from './text/language.js';
import { MULTIPLIER_WORDS, NUMBER_WORDS } from './text/number-words.js';
import { findQuantities, QUANTITY_VOCABULARY } from './text/quantities.js';
import { findRoadNumbers } from './text/road-numbers.js';
import { correctSpelling, SpellingVocabulary } from './text/spelling.js';
import { spanText, tokenize, type Token } from './text/tokens.js';
import { lookUpWord } from './text/word-table.js';

/** Spec Limits leave it open: a sentence, not a document. */
export const NL_QUERY_MAX_CHARS = 500;
/** Candidates listed in an ambiguous_region error; the message says how many more matched. */
export const MAX_CANDIDATES = 10;

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

/** Every word the interpreter knows outside place names: misspellings are corrected towards these. */
const VOCABULARY = [...LEXICON_VOCABULARY, ...QUANTITY_VOCABULARY];
const KNOWN_WORDS = new Set<string>([
  ...VOCABULARY.filter((item) => !item.prefix).map((item) => item.text),
  ...Object.keys(NUMBER_WORDS),
  ...Object.keys(MULTIPLIER_WORDS),
  ...Object.keys(UNIT_WORDS_BEFORE),
  ...Object.keys(UNIT_WORDS_AFTER),
  ...GMINA_TYPE_WORDS.flatMap((type) => type.words),
  ...PLACE_PREPOSITIONS,
]);
const KNOWN_PREFIXES = VOCABULARY.filter((item) => item.prefix).map((item) => item.text);
const SPELLING = new SpellingVocabulary(VOCABULARY);
/** Words that are ordinary words of a query, never a place without a preposition or unit word. */
const COMMON_WORDS = new Set<string>(CONNECTIVES.flatMap((entry) => entry.phrases.flat().flatMap((word) => word.alternatives.filter((a) => !a.prefix).map((a) => a.text))));

const ENGLISH_UNIT_WORDS = new Set(['commune', 'municipality', 'county', 'district', 'voivodeship', 'province', 'city', 'town', 'village', 'locality', 'hamlet']);

/** A word before "na terenie" / "inside" that turns it into "outside". */
const NEGATIONS = new Set(['nie', 'not']);

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

const isKnown = (fold: string): boolean => KNOWN_WORDS.has(fold) || KNOWN_PREFIXES.some((prefix) => fold.startsWith(prefix));

/**
 * Interprets a query in Polish or English into a structured search request: pure and
 * deterministic (same query, options and gazetteer: same interpretation), no network, no model.
 * Throws invalid_request (empty or too long), ambiguous_region (with candidates) and
 * unresolvable_query (nothing understood).
 */
export function interpret(query: string, options: InterpretOptions, gazetteer: Gazetteer, features?: NamedFeatures): Interpretation {
  if (typeof query !== 'string' || query.trim() === '') throw AppError.invalid('query must not be empty');
  if (query.length > NL_QUERY_MAX_CHARS) throw AppError.invalid(`query must be at most ${NL_QUERY_MAX_CHARS} characters; got ${query.length}`);
  const tokens = tokenize(query);
  const text = (start: number, end: number): string => spanText(query, tokens, start, end);
  const taken = new Array<boolean>(tokens.length).fill(false);
  const free = (index: number): boolean => !taken[index];
  const take = (start: number, end: number): void => {
    for (let index = start; index < end; index++) taken[index] = true;
  };
  const atoms: Atom[] = [];
  const byLexicon = new Set<number>();
  const notes: Note[] = [];
  const evidence = { pl: 0, en: 0 };

  // 1. misspelt words, towards the lexicon: not known words, not place words, and not what is
  //    written like a name (a capital after a preposition or inside a sentence: "w Krakowei")
  const corrected: Token[] = [];
  for (const token of tokens) {
    if (token.kind !== 'word' || token.upper || isKnown(token.fold) || baseCandidates(token.fold).some((base) => gazetteer.nameWords.has(base))) continue;
    const previous = tokens[token.index - 1];
    const nameLike = token.capitalized && (token.index > 0 && !/[.!?;:]\s*$/.test(token.before) || (previous !== undefined && (PLACE_PREPOSITIONS.has(previous.fold) || lookUpWord(UNIT_WORDS_BEFORE, previous.fold) !== undefined)));
    if (nameLike) continue;
    const read = correctSpelling(token.fold, SPELLING);
    if (read) {
      token.typed = token.fold;
      token.fold = read;
      corrected.push(token);
    }
  }
  // 2. numbers with units, and road numbers
  for (const quantity of findQuantities(tokens, free)) {
    atoms.push({ kind: 'quantity', quantity, start: quantity.start, end: quantity.end });
    take(quantity.start, quantity.end);
  }
  for (const road of findRoadNumbers(tokens, free)) {
    atoms.push({ kind: 'road_ref', ref: road.ref, start: road.start, end: road.end });
    take(road.start, road.end);
  }
  // named features ("stacja Kromolice", "the Plewiska substation"), before their names can be read as places
  const anchorNames = new Map<string, string>();
  const anchorsFound = features ? findAnchors({ tokens, free, known: isKnown, text }, features) : { anchors: [], unmatched: [], ambiguous: [] };
  for (const anchor of anchorsFound.anchors) {
    const ids = anchor.features.map((feature) => feature.id);
    for (const feature of anchor.features) anchorNames.set(feature.id, feature.name);
    const meaning = { type: 'target', target: anchor.target, anchor: { layer: anchor.layer, ids, name: anchor.name, label: anchorLabel(anchor.features) } } as const;
    atoms.push({ kind: 'meaning', meaning, lang: 'any', start: anchor.start, end: anchor.end });
    take(anchor.start, anchor.end);
    for (let index = anchor.start; index < anchor.end; index++) byLexicon.add(index);
    evidence[anchor.lang]++;
  }
  // "na terenie parku": the parcel lies on what follows; "terenie" is no place to look up
  for (const match of matchLexicon(INSIDE_CUES, tokens, free)) {
    // "nie na terenie parku", "not inside a park": outside it
    const negated = match.start > 0 && free(match.start - 1) && NEGATIONS.has(tokens[match.start - 1]!.fold);
    const start = negated ? match.start - 1 : match.start;
    const meaning: Meaning = negated ? { type: 'cue', cue: 'negate' } : match.entry.meaning;
    atoms.push({ kind: 'meaning', meaning, lang: match.entry.lang, start, end: match.end });
    take(start, match.end);
    for (let index = start; index < match.end; index++) byLexicon.add(index);
    if (match.entry.lang !== 'any') evidence[match.entry.lang] += 0.5;
  }
  // named waters and forests ("do 500 m od Warty", "nad Jeziorem Kierskim", "Puszcza Notecka"), before places too
  const distanceEnds = new Set(atoms.filter((atom) => atom.kind === 'quantity' && atom.quantity.dimension === 'distance').map((atom) => atom.end));
  const areasFound = features ? findAreaAnchors({ tokens, free, known: isKnown, distanceEndsAt: (index) => distanceEnds.has(index) }, features.areas) : { anchors: [], unmatched: [] };
  for (const area of areasFound.anchors) {
    const anchor: NamedAnchor = { layer: area.layer, name: area.name, label: area.label, ...(area.ids ? { ids: area.ids } : {}), ...(area.where ? { where: area.where, kinds: area.kinds } : {}) };
    for (const id of area.ids ?? []) anchorNames.set(id, area.name);
    atoms.push({ kind: 'meaning', meaning: { type: 'target', target: area.target, anchor }, lang: 'any', start: area.start, end: area.end });
    take(area.start, area.end);
    for (let index = area.start; index < area.end; index++) byLexicon.add(index);
    if (area.lang) evidence[area.lang]++;
    // "od Warty": the river, though a gmina has the name too; the assumption says how to mean the gmina
    if (area.bare && gazetteer.entriesStartingWith(area.key).some((entry) => entry.words.join(' ') === area.key && entry.places.some((place) => place.source === 'unit'))) {
      notes.push({ id: 'water_not_place', text: text(area.start, area.end), name: area.name });
    }
  }
  // 3. places the text marks strongly, before lexicon words can take their words ("w Wiatrowie")
  const mentions: PlaceMention[] = [];
  const addPlaces = (found: PlaceMention[]): void => {
    for (const mention of found) {
      mentions.push(mention);
      atoms.push({ kind: 'place', mention, start: mention.start, end: mention.end });
      take(mention.start, mention.end);
    }
  };
  const notCountryWord = (index: number): boolean => free(index) && !/^(polsk|polsc|natur)/.test(tokens[index]!.fold);
  addPlaces(findPlaces(tokens, gazetteer, { free: notCountryWord, commonWords: COMMON_WORDS, strongOnly: true }));
  // 4. asset types, criteria, properties
  for (const match of matchLexicon(MEANINGFUL, tokens, free)) {
    atoms.push({ kind: 'meaning', meaning: match.entry.meaning, lang: match.entry.lang, start: match.start, end: match.end });
    take(match.start, match.end);
    for (let index = match.start; index < match.end; index++) byLexicon.add(index);
    if (match.entry.lang !== 'any') evidence[match.entry.lang]++;
  }
  for (const symbol of findZoningSymbols(tokens, free)) {
    atoms.push({ kind: 'symbol', symbols: symbol.symbols, start: symbol.start, end: symbol.end });
    take(symbol.start, symbol.end);
  }
  // 5. the other places, then cues and fillers
  addPlaces(findPlaces(tokens, gazetteer, { free, commonWords: COMMON_WORDS }));
  const connective = new Array<boolean>(tokens.length).fill(false);
  const fillers: Array<{ start: number; text: string }> = [];
  // a result-count word with no number before it ("działki") is a filler
  for (const atom of atoms) if (atom.kind === 'meaning' && atom.meaning.type === 'count_noun' && !(atoms.some((a) => a.kind === 'number' && a.end === atom.start))) fillers.push({ start: atom.start, text: text(atom.start, atom.end) });
  for (const match of matchLexicon(CONNECTIVES, tokens, free)) {
    take(match.start, match.end);
    for (let index = match.start; index < match.end; index++) byLexicon.add(index);
    for (let index = match.start; index < match.end; index++) connective[index] = true;
    if (match.entry.lang !== 'any') evidence[match.entry.lang] += 0.5;
    if (match.entry.meaning.type === 'cue') atoms.push({ kind: 'meaning', meaning: match.entry.meaning, lang: match.entry.lang, start: match.start, end: match.end });
    else fillers.push({ start: match.start, text: text(match.start, match.end) });
  }
  for (const token of tokens) {
    if (!taken[token.index] && token.kind === 'number' && token.value !== undefined) atoms.push({ kind: 'number', value: token.value, start: token.index, end: token.index + 1 });
  }
  atoms.sort((a, b) => a.start - b.start);
  // "do 20 km od Poznania": the place is what the distance is measured from, not the region
  const placeAnchors = readPlaceAnchors(atoms, tokens);
  for (const reading of placeAnchors) {
    if (reading.kind !== 'anchor') continue;
    const index = atoms.findIndex((atom) => atom.kind === 'place' && atom.mention === reading.mention);
    atoms[index] = { kind: 'meaning', meaning: reading.meaning, lang: 'any', start: reading.mention.start, end: reading.mention.end };
    mentions.splice(mentions.indexOf(reading.mention), 1);
    anchorNames.set(reading.anchor.teryt, `${reading.anchor.name} (${reading.anchor.unitType})`);
  }
  // "do 2 km od farmy wiatrowej": an asset type measured from is an installation, not a scenario
  readExistingInstallations(atoms, (index) => connective[index] === true);
  // a correction stands only where it made a lexicon phrase; elsewhere the word is as typed
  for (const token of corrected) {
    if (byLexicon.has(token.index)) notes.push({ id: 'corrected_word', typed: token.raw, read: token.fold });
    else token.fold = token.typed!;
  }

  // 6. criteria from the pieces
  const read = readCriteria({
    atoms,
    text,
    connective: (index) => connective[index] === true || tokens[index]?.kind === 'symbol',
    before: (index) => tokens[index]?.before ?? '',
  });
  notes.push(...read.notes);
  // a declined place name ("w Krakowie") is Polish; a unit word ("powiat", "county") says a little
  for (const mention of mentions) {
    if (mention.declined) evidence.pl++;
    const unitWord = tokens[mention.start]!.fold;
    if (mention.cue === 'unit') evidence[ENGLISH_UNIT_WORDS.has(unitWord) || ENGLISH_UNIT_WORDS.has(tokens[mention.end - 1]!.fold) ? 'en' : 'pl'] += 0.5;
  }
  const placeTokens = new Set(mentions.flatMap((mention) => range(mention.start, mention.end)));
  const language = options.language ?? detectLanguage(evidence, tokens.filter((token) => !placeTokens.has(token.index)).map((token) => token.raw).join(' '));

  if (anchorsFound.ambiguous.length > 0) throw ambiguousFeature(anchorsFound.ambiguous[0]!, language);
  if (anchorsFound.unmatched.length > 0) throw unknownFeature(language, anchorsFound.unmatched.map((span) => text(span.start, span.end)));
  if (areasFound.unmatched.length > 0) throw unknownWater(language, areasFound.unmatched.map((span) => text(span.start, span.end)));
  for (const reading of placeAnchors) {
    if (reading.kind === 'ambiguous') throw ambiguous(reading.resolution, text, language);
    if (reading.kind === 'no_outline') throw noOutline(language, text(reading.said.start, reading.said.end), reading);
  }

  // 7. the region
  const countedNumbers = new Set(atoms.filter((atom) => atom.kind === 'number' && read.used.has(atom)).map((atom) => atom.start));
  const notUnderstood = tokens.filter((token) => !taken[token.index] && !countedNumbers.has(token.index));
  const region = chooseRegion(options.region, resolvePlaces(mentions), mentions, read.wholeCountry, gazetteer, text, language, notes);

  // a name after "w", "koło", "in", "gmina" that is no place we know: searching all of Poland instead would answer another question
  const unknownPlace = region === null && options.region === undefined && !read.wholeCountry ? notUnderstood.find((token) => placeLike(token, tokens)) : undefined;
  if (unknownPlace) throw placeNotFound(language, text(unknownPlace.index - 1, unknownPlace.index + 1), suggestUnits(unknownPlace.fold, gazetteer));

  // 8. nothing understood: say what was and what was not
  // all of Poland said aloud ("w całej Polsce") is a region too: the whole country
  const meaningful = read.assets.length > 0 || read.criteria.length > 0 || region !== null || options.region !== undefined || read.wholeCountry;
  const understood = understoodPhrases(read.phrases, mentions, tokens, text);
  const ignored = notUnderstood.map((token) => token.raw);
  if (!meaningful) throw unresolvable(language, [...understood, ...fillers.sort((a, b) => a.start - b.start).map((filler) => filler.text)], ignored);

  // 9. the scenario and the request
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
    filters: [...describeRequest(built.request, language, anchorNames), ...(built.assembly ? [describeAssembly(built.assembly.min_total_area_sqm, language)] : [])],
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

/** A readable candidate: "Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie (2815011)". */
function candidateLabel(place: Extract<PlaceResolution, { kind: 'ambiguous' }>['candidates'][number]): string {
  return `${place.label} (${place.unit.teryt})`;
}

function ambiguous(resolution: Extract<PlaceResolution, { kind: 'ambiguous' }>, text: (start: number, end: number) => string, language: Language): AppError {
  const said = resolution.mentions.map((mention) => text(mention.start, mention.end));
  // larger units first, then by code: the same order whatever order the gazetteer was read in
  const sorted = [...resolution.candidates].sort((a, b) => a.unit.teryt.length - b.unit.teryt.length || a.unit.teryt.localeCompare(b.unit.teryt) || a.label.localeCompare(b.label));
  const listed = sorted.slice(0, MAX_CANDIDATES);
  const more = resolution.candidates.length - listed.length;
  const moreText = more > 0 ? (language === 'pl' ? ` (i ${more} innych)` : ` (and ${more} more)`) : '';
  const message = resolution.conflicting
    ? language === 'pl'
      ? `Zapytanie wskazuje kilka różnych miejsc: ${quoteList(said, language)}. Wybierz jedno z kandydatów albo podaj region jako kod TERYT.`
      : `The query names several places that do not lie in one another: ${quoteList(said, language)}. Choose one of the candidates, or send region as a TERYT code.`
    : language === 'pl'
      ? `${quoteList(said, language)} pasuje do ${resolution.candidates.length} jednostek${moreText}. Doprecyzuj (np. „gmina wiejska …”, „powiat …”, województwo) albo podaj region jako kod TERYT jednego z kandydatów.`
      : `${quoteList(said, language)} matches ${resolution.candidates.length} units${moreText}. Say which one (e.g. "gmina wiejska …", the powiat or the voivodeship), or send region as the TERYT code of one of the candidates.`;
  return new AppError('ambiguous_region', message, listed.map(candidateLabel));
}

/** "5 km od Zalasewa": a village inside a gmina of another name; its gmina's outline would answer another question. */
function noOutline(language: Language, said: string, place: Extract<PlaceAnchorReading, { kind: 'no_outline' }>): AppError {
  const message =
    language === 'pl'
      ? `Nie da się zmierzyć odległości od ${quote(said, language)}: ${place.locality} (${place.localityType}) leży w gminie ${place.gmina} (${place.gminaTeryt}), a nie mamy granic ani położenia samej miejscowości. Zmierz od granicy gminy („od gminy ${place.gmina}”), od nazwanego obiektu (np. „od stacji …”, „od dworca …”) albo szukaj w całej gminie („w gminie ${place.gmina}”).`
      : `No distance can be measured from ${quote(said, language)}: ${place.locality} (${place.localityType}) lies in gmina ${place.gmina} (${place.gminaTeryt}), and we hold neither the outline nor the position of the locality itself. Measure from the gmina's boundary ("from gmina ${place.gmina}"), from a named feature ("from the … substation", "from … station"), or search the whole gmina ("in gmina ${place.gmina}").`;
  return new AppError('unresolvable_query', message);
}

/** A word after a place preposition or a unit word ("w Kornikiku", "gmina Xyz"): it was meant as a place. */
function placeLike(token: Token, tokens: readonly Token[]): boolean {
  const previous = tokens[token.index - 1];
  if (token.kind !== 'word' || !previous || token.fold.length < 3 || /[,;.!?:]/.test(token.before)) return false;
  return PLACE_PREPOSITIONS.has(previous.fold) || lookUpWord(UNIT_WORDS_BEFORE, previous.fold) !== undefined;
}

/** 422 with the units of the closest names: never "no place given" and a search of all of Poland. */
function placeNotFound(language: Language, said: string, suggestions: readonly Unit[]): AppError {
  const offered = suggestions.map((unit) => `${unit.label} (${unit.teryt})`);
  const closest = suggestions.length > 0 ? quoteList(suggestions.map((unit) => unit.name), language) : null;
  const message =
    language === 'pl'
      ? `Nie znaleziono miejsca ${quote(said, language)}.${closest ? ` Najbliższe nazwy: ${closest}.` : ''} Popraw nazwę, wybierz jednego z kandydatów albo podaj region jako kod TERYT; bez miejsca wyszukiwanie objęłoby całą Polskę.`
      : `No place ${quote(said, language)} was found.${closest ? ` The closest names: ${closest}.` : ''} Correct the name, choose one of the candidates, or send region as a TERYT code; without a place the search would cover all of Poland.`;
  return new AppError('unresolvable_query', message, offered);
}

/** A named station or substation we hold no feature of: measuring from "any station" instead would answer another question. */
function unknownFeature(language: Language, said: string[]): AppError {
  const list = quoteList(dedupe(said), language);
  const message =
    language === 'pl'
      ? `Nie znaleziono obiektu o tej nazwie: ${list}. W danych nie ma stacji elektroenergetycznej, dworca ani przystanku o takiej nazwie, więc nie da się zmierzyć od niego odległości. Sprawdź nazwę (np. „stacja Kromolice”) albo pomiń nazwę, by szukać blisko dowolnej stacji.`
      : `No feature of that name was found: ${list}. Our data has no substation, railway station or stop of that name, so no distance can be measured from it. Check the name (e.g. "the Kromolice substation") or leave the name out to search near any substation.`;
  return new AppError('unresolvable_query', message);
}

/** A named river or lake we hold no feature of: measuring from "any river" instead would answer another question. */
function unknownWater(language: Language, said: string[]): AppError {
  const list = quoteList(dedupe(said), language);
  const message =
    language === 'pl'
      ? `Nie znaleziono wody o tej nazwie: ${list}. W warstwie waterways nie ma rzeki, jeziora ani kanału o takiej nazwie, więc nie da się zmierzyć od nich odległości. Sprawdź nazwę (np. „rzeka Warta”, „Jezioro Kierskie”) albo pomiń nazwę, by szukać blisko dowolnej rzeki lub jeziora.`
      : `No water of that name was found: ${list}. The waterways layer has no river, lake or canal of that name, so no distance can be measured from it. Check the name (e.g. "the river Warta", "Lake Kierskie") or leave the name out to search near any river or lake.`;
  return new AppError('unresolvable_query', message);
}

function unresolvable(language: Language, understood: string[], ignored: string[]): AppError {
  const known = understood.length > 0 ? quoteList(dedupe(understood), language) : language === 'pl' ? 'nic' : 'nothing';
  const unknown = ignored.length > 0 ? quoteList(dedupe(ignored), language) : language === 'pl' ? 'nic' : 'nothing';
  const message =
    language === 'pl'
      ? `Nie udało się zinterpretować zapytania: nie wskazuje miejsca, typu inwestycji ani kryterium wyszukiwania. Zrozumiano: ${known}. Nie zrozumiano: ${unknown}. Spróbuj np. „farma fotowoltaiczna koło Poznania, co najmniej 2 ha”.`
      : `Could not interpret the query: it names no place, asset type or search criterion. Understood: ${known}. Not understood: ${unknown}. Try e.g. "solar farm near Poznań, at least 2 hectares".`;
  return new AppError('unresolvable_query', message);
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

function dedupe(items: readonly string[]): string[] {
  return [...new Set(items)];
}
