import type { LexiconEntry, UnsupportedId } from './meanings.js';

const filler = (lang: LexiconEntry['lang'], pattern: string): LexiconEntry => ({ pattern, lang, meaning: { type: 'filler' } });
const unsupported = (lang: LexiconEntry['lang'], pattern: string, what: UnsupportedId): LexiconEntry => ({ pattern, lang, meaning: { type: 'unsupported', what } });

/** The whole country said aloud: searched as all of Poland, like a query with no place. */
export const COUNTRY_PHRASES: readonly LexiconEntry[] = [
  { pattern: 'w ?calej ?calym polsce|kraju', lang: 'pl', meaning: { type: 'country' } },
  { pattern: 'polska|polski|polsce|polske|kraj|kraju|ogolnopolsk*', lang: 'pl', meaning: { type: 'country' } },
  { pattern: 'all ?of ?over poland', lang: 'en', meaning: { type: 'country' } },
  { pattern: 'whole|entire country|poland', lang: 'en', meaning: { type: 'country' } },
  { pattern: 'poland|nationwide|countrywide|anywhere', lang: 'en', meaning: { type: 'country' } },
];

/** Words that count results when a number stands before them: "10 działek", "5 plots". */
export const COUNT_NOUN_PHRASES: readonly LexiconEntry[] = [
  { pattern: '?najlepsz*|najciekawsz* dzialek|dzialki|dzialka|wynikow|wyniki|propozycji|propozycje|lokalizacji|lokalizacje|ofert|oferty|miejsc|terenow', lang: 'pl', meaning: { type: 'count_noun' } },
  { pattern: '?best|top parcels|plots|sites|results|options|locations|lots|candidates|matches', lang: 'en', meaning: { type: 'count_noun' } },
];

/** Recognised wishes no filter can express; the interpretation says they were not searched. */
export const UNSUPPORTED_PHRASES: readonly LexiconEntry[] = [
  unsupported('pl', 'bez ?miejscowego mpzp|planu|planem', 'no_local_plan'),
  unsupported('en', 'without|no ?a ?local plan|mpzp', 'no_local_plan'),
  unsupported('pl', 'warunk*|decyzj* ?o ?warunkach zabudowy', 'building_conditions'),
  unsupported('pl', 'z|ze wz|wzzt', 'building_conditions'),
  unsupported('en', 'building conditions|permit', 'building_conditions'),
  unsupported('pl', 'uzbrojon*|uzbrojeni*|media|mediami|mediow', 'utilities'),
  unsupported('pl', 'dostep*|przylacz* do mediow|wody|kanalizacji|gazu|pradu, dostep*|przylacz* do sieci wodociagowej|kanalizacyjnej|gazowej', 'utilities'),
  unsupported('pl', 'wodociag*|kanalizacj*|gazociag*|gaz|gazem|prad|pradem|szambo', 'utilities'),
  unsupported('en', 'utilities|serviced|sewer|sewage|mains, water|gas supply, fully serviced', 'utilities'),
  unsupported('pl', 'z|ze widokiem|widok* ?na ?gory|gore|morze|jezioro|jeziora|las|lasy|miasto|panorame|rzeke|wode|tatry|okolice', 'view'),
  unsupported('en', 'with ?a view|views ?of ?the ?mountains|sea|lake|city|forest|river', 'view'),
  unsupported('pl', 'ogrodzon*', 'fenced'),
  unsupported('en', 'fenced', 'fenced'),
  // a fuel station is no substation ("stacja" alone is one): said to be unsearchable, never swapped
  unsupported('pl', 'stacj* benzynow*|paliw|paliwow*|lpg|cng, benzynow*|cpn', 'fuel_station'),
  unsupported('en', 'petrol|gas|fuel|filling station|stations, petrol|gas|fuel pump|pumps', 'fuel_station'),
];

/**
 * Words that are understood and say nothing to search by: verbs of asking, parcels and land in
 * general, articles, conjunctions and prepositions (place prepositions are also read by the place
 * finder, which looks at them whether or not they were taken here).
 */
export const FILLER_PHRASES: readonly LexiconEntry[] = [
  filler('pl', 'na sprzedaz|wynajem|dzierzawe'),
  filler('pl', 'do kupienia|kupna|sprzedania|wynajecia|wydzierzawienia'),
  filler('pl', 'o powierzchni|wielkosci|areale'),
  filler('pl', 'powierzchni*|areal*|wielkosc*|metraz*|rozmiar*'),
  filler(
    'pl',
    'szukam|szukamy|szukaj|szukac|poszukuje|poszukujemy|znajdz|znajdzcie|wyszukaj|pokaz|pokazcie|podaj|daj|chce|chcemy|chcialbym|chcialabym|chcielibysmy|potrzebuje|potrzebujemy|potrzebna|potrzebne|interesuje|interesuja|kupie|kupimy|kupic|kupno|zakup|zakupu|sprzedam|wydzierzawie|wynajme|prosze|poprosze|mozesz|moglbys',
  ),
  filler('pl', 'dzialka|dzialki|dzialke|dzialka|dzialce|dzialek|dzialkach|dzialkami|dzialkom|dzialkowy|dzialkow*|parcel*'),
  filler('pl', 'grunt|grunty|gruntu|gruntow|gruntach|gruntami|gruntem'),
  filler('pl', 'teren|tereny|terenu|terenow|terenie|terenach|terenem|terenami'),
  filler('pl', 'ziemia|ziemi|ziemie|ziemia|ziem|nieruchomosc*|lokalizacj*|miejsce|miejsca|obszar|obszaru|obszary|obszarze|rejon|rejonie|okolica|okolicy|okolicach|okolice'),
  filler('pl', 'inwestycj*|inwestycyjn*|inwestora|inwestor|inwestorow|projekt|projektu|projekty|budowa|budowy|budowe|pod|cel|celu|cele'),
  filler(
    'pl',
    'w|we|na|z|ze|do|od|o|i|oraz|a|lub|albo|ale|czy|by|aby|zeby|dla|po|przez|za|u|jak|jako|tez|takze|rowniez|jest|sa|byc|bedzie|moze|ktora|ktory|ktore|ktorych|ktorej|gdzie|jaka|jakie|jaki|jakas|jakies|ma|maja|majaca|majace|posiadajaca|mial|miala|mialo|sie|mnie|mi|nam|nas|moj|moja|moje|nasz|nasza|nasze|to|ta|ten|te|tym|tej|tego|co|cos|bardzo|dobra|dobre|dobry|fajna|fajne|ladna|ladne|idealna|idealne|odpowiednia|odpowiednie|potencjalna|potencjalne|najlepsza|najlepsze|najlepszy|ok|okolo|conajmniej|lokalnie|polozona|polozone|polozony|lezaca|lezace|znajdujaca|znajdujace|usytuowana|najlepiej|np|tj|itp|etc|gmina|gminie|gminy|powiat|powiecie|powiatu|wojewodztwo|wojewodztwie|wojewodztwa|miasto|miescie|miasta|wies|wsi|miejscowosc|miejscowosci|kolo|pod|obok|przy|nad|blisko|niedaleko|wokol|okolicach|rejonie|odleglosci|odleglosc|promieniu|promien|zasiegu|maksymalnie|maks|minimum|min|max|najwyzej|ponizej|powyzej|ponad|do|najblizszej|najblizszego|najblizszych',
  ),
  filler('en', 'for sale|lease|rent'),
  filler('en', 'looking for'),
  filler('en', 'i am, we are, i m, we re, im, i d, id'),
  filler(
    'en',
    'find|finding|show|list|give|search|searching|look|looking|want|wanted|need|needed|needs|would|like|seeking|seek|buy|buying|purchase|purchasing|acquire|get|please|could|can|you|me|us|i|we|our|my',
  ),
  filler('en', 'plot|plots|parcel|parcels|land|lands|site|sites|lot|lots|property|properties|acreage|ground|grounds|area|areas|region|location|locations|spot|spots|place|places|piece|pieces|tract|tracts|field|fields'),
  filler(
    'en',
    'a|an|the|in|on|at|of|to|for|with|within|and|or|that|which|is|are|be|has|have|having|it|its|this|these|those|there|some|any|good|suitable|ideal|potential|nice|best|top|great|located|situated|lying|somewhere|surroundings|vicinity|outskirts|suburbs|around|about|approximately|total|size|sized|sq|ft|min|max|minimum|maximum|least|most|up|more|than|less|from|between|radius|distance|nearest|closest|distance|development|investment|project|projects|use|used|zone|zoned|zoning|county|district|municipality|commune|city|town|village|province|voivodeship|state|as|so|too|also|very|into|inside|upon|where|what|who|per',
  ),
];
