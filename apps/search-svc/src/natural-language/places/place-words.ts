import type { UnitLevel } from './gazetteer.js';

/** Unit words before a name ("gmina Kórnik", "w powiecie wrocławskim"), folded. */
export interface UnitWord {
  levels: readonly UnitLevel[] | null;
  /** Localities only (wieś, miejscowość, village). */
  locality: boolean;
  /** Cities: urban and urban-rural gminas and cities with powiat rights. */
  city: boolean;
}

const gmina: UnitWord = { levels: ['gmina'], locality: false, city: false };
const powiat: UnitWord = { levels: ['powiat'], locality: false, city: false };
const voivodeship: UnitWord = { levels: ['voivodeship'], locality: false, city: false };
const city: UnitWord = { levels: ['gmina'], locality: false, city: true };
const locality: UnitWord = { levels: null, locality: true, city: false };

export const UNIT_WORDS_BEFORE: Readonly<Record<string, UnitWord>> = {
  gmina,
  gminy: gmina,
  gminie: gmina,
  gmine: gmina,
  gm: gmina,
  gminach: gmina,
  commune: gmina,
  municipality: gmina,
  powiat,
  powiatu: powiat,
  powiecie: powiat,
  powiatem: powiat,
  powiaty: powiat,
  pow: powiat,
  county: powiat,
  district: powiat,
  wojewodztwo: voivodeship,
  wojewodztwa: voivodeship,
  wojewodztwie: voivodeship,
  wojewodztwem: voivodeship,
  woj: voivodeship,
  voivodeship,
  province: voivodeship,
  miasto: city,
  miasta: city,
  miescie: city,
  miastem: city,
  city,
  town: city,
  wies: locality,
  wsi: locality,
  wioska: locality,
  wiosce: locality,
  miejscowosc: locality,
  miejscowosci: locality,
  village: locality,
  locality,
  hamlet: locality,
};

/** Unit words after a name: "ostródzki county", "Kórnik municipality", "Gdańsk city". */
export const UNIT_WORDS_AFTER: Readonly<Record<string, UnitWord>> = {
  county: powiat,
  district: powiat,
  municipality: gmina,
  commune: gmina,
  voivodeship,
  province: voivodeship,
  city,
  town: city,
  village: locality,
};

/** Words after "gmina" that name its type, folded. */
export const GMINA_TYPE_WORDS: ReadonlyArray<{ words: readonly string[]; unitType: string }> = [
  { words: ['miejsko', 'wiejska'], unitType: 'gmina miejsko-wiejska' },
  { words: ['miejsko', 'wiejskiej'], unitType: 'gmina miejsko-wiejska' },
  { words: ['urban', 'rural'], unitType: 'gmina miejsko-wiejska' },
  { words: ['miejska'], unitType: 'gmina miejska' },
  { words: ['miejskiej'], unitType: 'gmina miejska' },
  { words: ['urban'], unitType: 'gmina miejska' },
  { words: ['wiejska'], unitType: 'gmina wiejska' },
  { words: ['wiejskiej'], unitType: 'gmina wiejska' },
  { words: ['rural'], unitType: 'gmina wiejska' },
];

/** Prepositions (the last word of them) that put a place after them: "w Krakowie", "koło Poznania", "near Gdańsk". */
export const PLACE_PREPOSITIONS: ReadonlySet<string> = new Set([
  'w',
  'we',
  'na',
  'z',
  'ze',
  'do',
  'od',
  'kolo',
  'pod',
  'obok',
  'przy',
  'niedaleko',
  'blisko',
  'okolice',
  'okolicach',
  'okolicy',
  'poblizu',
  'sasiedztwie',
  'rejon',
  'rejonie',
  'wokol',
  'nad',
  'dla',
  'in',
  'near',
  'around',
  'at',
  'by',
  'outside',
  'nearby',
  'of',
  'from',
  'to',
  'vicinity',
  // a second place joined to a first one: "w Poznaniu i Gnieźnie", "Poznań or Gniezno"
  'i',
  'oraz',
  'lub',
  'albo',
  'and',
  'or',
]);

/** Prepositions that mean "around the place" rather than "in it": said in the assumptions. */
export const AROUND_PREPOSITIONS: ReadonlySet<string> = new Set([
  'kolo',
  'pod',
  'obok',
  'przy',
  'niedaleko',
  'blisko',
  'okolice',
  'okolicach',
  'okolicy',
  'poblizu',
  'sasiedztwie',
  'rejon',
  'rejonie',
  'wokol',
  'near',
  'around',
  'outside',
  'nearby',
  'vicinity',
  'by',
  'to',
]);

/**
 * Names that are also common words ("dobra działka", "koło stacji", "nowe", "góra"), read as a place
 * only after a preposition or a unit word: "w gminie Dobra", "w Kole".
 */
export const COMMON_WORD_NAMES: ReadonlySet<string> = new Set([
  'dobra',
  'dobre',
  'biala',
  'biale',
  'czarna',
  'czarne',
  'nowa',
  'nowe',
  'stara',
  'stare',
  'wielka',
  'mala',
  'male',
  'zielona',
  'gora',
  'gory',
  'wola',
  'pole',
  'las',
  'laka',
  'laki',
  'brzeg',
  'kolo',
  'slawa',
  'skala',
  'budy',
  'rogi',
  'katy',
  'piaski',
  'sady',
  'ogrody',
  'osiek',
  'krasne',
  'dabrowa',
  'gaj',
  'borek',
  'zalesie',
  'huta',
  'kolonia',
  'mlyn',
  'most',
  'park',
  'port',
  'plaza',
  'wies',
  'osada',
  'stacja',
  'magazyn',
  'farma',
  'dom',
  'domy',
]);
