import { AppError } from '@lp/contracts';
import type { PlaceAnchorReading } from './anchors/place-anchors.js';
import { dedupe, quote, quoteList } from './compile/format.js';
import type { Language } from './lexicon/meanings.js';
import type { Unit } from './places/gazetteer.js';
import type { PlaceResolution } from './places/place-resolver.js';

/** Candidates listed in an ambiguous_region error; the message says how many more matched. */
const MAX_CANDIDATES = 10;

/** A readable candidate: "Ostróda — gmina miejska, powiat ostródzki, warmińsko-mazurskie (2815011)". */
function candidateLabel(place: Extract<PlaceResolution, { kind: 'ambiguous' }>['candidates'][number]): string {
  return `${place.label} (${place.unit.teryt})`;
}

export function ambiguous(resolution: Extract<PlaceResolution, { kind: 'ambiguous' }>, text: (start: number, end: number) => string, language: Language): AppError {
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
export function noOutline(language: Language, said: string, place: Extract<PlaceAnchorReading, { kind: 'no_outline' }>): AppError {
  const message =
    language === 'pl'
      ? `Nie da się zmierzyć odległości od ${quote(said, language)}: ${place.locality} (${place.localityType}) leży w gminie ${place.gmina} (${place.gminaTeryt}), a nie mamy granic ani położenia samej miejscowości. Zmierz od granicy gminy („od gminy ${place.gmina}”), od nazwanego obiektu (np. „od stacji …”, „od dworca …”) albo szukaj w całej gminie („w gminie ${place.gmina}”).`
      : `No distance can be measured from ${quote(said, language)}: ${place.locality} (${place.localityType}) lies in gmina ${place.gmina} (${place.gminaTeryt}), and we hold neither the outline nor the position of the locality itself. Measure from the gmina's boundary ("from gmina ${place.gmina}"), from a named feature ("from the … substation", "from … station"), or search the whole gmina ("in gmina ${place.gmina}").`;
  return new AppError('unresolvable_query', message);
}

/** 422 with the units of the closest names: never "no place given" and a search of all of Poland. */
export function placeNotFound(language: Language, said: string, suggestions: readonly Unit[]): AppError {
  const offered = suggestions.map((unit) => `${unit.label} (${unit.teryt})`);
  const closest = suggestions.length > 0 ? quoteList(suggestions.map((unit) => unit.name), language) : null;
  const message =
    language === 'pl'
      ? `Nie znaleziono miejsca ${quote(said, language)}.${closest ? ` Najbliższe nazwy: ${closest}.` : ''} Popraw nazwę, wybierz jednego z kandydatów albo podaj region jako kod TERYT; bez miejsca wyszukiwanie objęłoby całą Polskę.`
      : `No place ${quote(said, language)} was found.${closest ? ` The closest names: ${closest}.` : ''} Correct the name, choose one of the candidates, or send region as a TERYT code; without a place the search would cover all of Poland.`;
  return new AppError('unresolvable_query', message, offered);
}

/** A named station or substation we hold no feature of: measuring from "any station" instead would answer another question. */
export function unknownFeature(language: Language, said: string[]): AppError {
  const list = quoteList(dedupe(said), language);
  const message =
    language === 'pl'
      ? `Nie znaleziono obiektu o tej nazwie: ${list}. W danych nie ma stacji elektroenergetycznej, dworca ani przystanku o takiej nazwie, więc nie da się zmierzyć od niego odległości. Sprawdź nazwę (np. „stacja Kromolice”) albo pomiń nazwę, by szukać blisko dowolnej stacji.`
      : `No feature of that name was found: ${list}. Our data has no substation, railway station or stop of that name, so no distance can be measured from it. Check the name (e.g. "the Kromolice substation") or leave the name out to search near any substation.`;
  return new AppError('unresolvable_query', message);
}

/** A named river or lake we hold no feature of: measuring from "any river" instead would answer another question. */
export function unknownWater(language: Language, said: string[]): AppError {
  const list = quoteList(dedupe(said), language);
  const message =
    language === 'pl'
      ? `Nie znaleziono wody o tej nazwie: ${list}. W warstwie waterways nie ma rzeki, jeziora ani kanału o takiej nazwie, więc nie da się zmierzyć od nich odległości. Sprawdź nazwę (np. „rzeka Warta”, „Jezioro Kierskie”) albo pomiń nazwę, by szukać blisko dowolnej rzeki lub jeziora.`
      : `No water of that name was found: ${list}. The waterways layer has no river, lake or canal of that name, so no distance can be measured from it. Check the name (e.g. "the river Warta", "Lake Kierskie") or leave the name out to search near any river or lake.`;
  return new AppError('unresolvable_query', message);
}

export function unresolvable(language: Language, understood: string[], ignored: string[]): AppError {
  const known = understood.length > 0 ? quoteList(dedupe(understood), language) : language === 'pl' ? 'nic' : 'nothing';
  const unknown = ignored.length > 0 ? quoteList(dedupe(ignored), language) : language === 'pl' ? 'nic' : 'nothing';
  const message =
    language === 'pl'
      ? `Nie udało się zinterpretować zapytania: nie wskazuje miejsca, typu inwestycji ani kryterium wyszukiwania. Zrozumiano: ${known}. Nie zrozumiano: ${unknown}. Spróbuj np. „farma fotowoltaiczna koło Poznania, co najmniej 2 ha”.`
      : `Could not interpret the query: it names no place, asset type or search criterion. Understood: ${known}. Not understood: ${unknown}. Try e.g. "solar farm near Poznań, at least 2 hectares".`;
  return new AppError('unresolvable_query', message);
}
