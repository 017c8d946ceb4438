import { ASSEMBLY_MAX_GAP_DEFAULT_M, ASSEMBLY_MAX_PARCELS_DEFAULT, PRICE_ESTIMATE_MIN_COMPARABLES } from '@lp/contracts';
import type { Language, UnsupportedId } from '../lexicon/meanings.js';
import { formatArea, formatDistance, formatNumber, quote, quoteList } from './format.js';
import type { Note } from './notes.js';

type Renderer<N extends Note> = (note: N, lang: Language) => string;
type Renderers = { [K in Note['id']]: Renderer<Extract<Note, { id: K }>> };

const UNSUPPORTED: Record<UnsupportedId, { pl: string; en: string }> = {
  utilities: { pl: 'uzbrojenia działki (media)', en: 'utilities on the parcel' },
  no_local_plan: { pl: 'braku planu miejscowego', en: 'the absence of a local plan' },
  building_conditions: { pl: 'warunków zabudowy (WZ)', en: 'building-conditions decisions (WZ)' },
  view: { pl: 'widoku', en: 'the view' },
  fenced: { pl: 'ogrodzenia', en: 'fencing' },
  fuel_station: { pl: 'stacji paliw (nie mamy takiej warstwy)', en: 'fuel stations (we hold no such layer)' },
};

const t = (lang: Language, pl: string, en: string): string => (lang === 'pl' ? pl : en);

/** The wording of every note, in Polish and English. */
const RENDERERS: Renderers = {
  no_place: (_, l) => t(l, 'Nie podano miejsca: przeszukiwana jest cała Polska.', 'No place given: searching all of Poland.'),
  whole_country: (_, l) => t(l, 'Przeszukiwana jest cała Polska.', 'Searching all of Poland.'),
  region_from_request: (n, l) =>
    n.overridden
      ? t(l, `Region z zapytania (${n.name}, ${n.unitType}, ${n.teryt}) zastępuje ${quote(n.overridden, l)} z tekstu.`, `The request's region (${n.name}, ${n.unitType}, ${n.teryt}) overrides ${quote(n.overridden, l)} in the text.`)
      : t(l, `Region z zapytania: ${n.name} (${n.unitType}, ${n.teryt}).`, `Region from the request: ${n.name} (${n.unitType}, ${n.teryt}).`),
  locality_in_gmina: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: ${n.locality} (${n.localityType}) leży w gminie ${n.gmina} (${n.gminaType}); przeszukiwana jest cała gmina.`,
      `${quote(n.text, l)}: ${n.locality} (${n.localityType}) lies in gmina ${n.gmina} (${n.gminaType}); the whole gmina is searched.`,
    ),
  around_place: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: przeszukiwany jest obszar ${n.name}; okolice poza nim podaj jako powiat lub gminę.`,
      `${quote(n.text, l)}: searching within ${n.name}; for the surroundings outside it, name the powiat or gmina.`,
    ),
  region_alias: (n, l) => t(l, `${quote(n.text, l)} rozumiane jako ${n.unitType} ${n.name}.`, `${quote(n.text, l)} read as ${n.unitType} ${n.name}.`),
  corrected_place: (n, l) => t(l, `${quote(n.text, l)} rozumiane jako ${n.name} (poprawiona pisownia).`, `${quote(n.text, l)} read as ${n.name} (spelling corrected).`),
  corrected_word: (n, l) => t(l, `${quote(n.typed, l)} rozumiane jako ${quote(n.read, l)}.`, `${quote(n.typed, l)} read as ${quote(n.read, l)}.`),
  scenario: (n, l) =>
    t(
      l,
      `Typ inwestycji: ${n.titlePl} (scenariusz ${n.scenario}); dodano jego kryteria i ranking.`,
      `Asset type: ${n.titleEn} (scenario ${n.scenario}); its criteria and ranking are added.`,
    ),
  extra_asset: (n, l) =>
    t(
      l,
      `${quote(n.text, l)} to drugi typ inwestycji (${n.scenario}); szukano tylko jako ${n.kept} — zapytaj osobno o drugi.`,
      `${quote(n.text, l)} is a second asset type (${n.scenario}); searched as ${n.kept} only — ask for the other one separately.`,
    ),
  state_land_criterion: (n, l) =>
    t(l, `${quote(n.text, l)}: działka musi leżeć w Zasobie Własności Rolnej Skarbu Państwa (KOWR).`, `${quote(n.text, l)}: the parcel must overlap the state agricultural land stock (KOWR).`),
  default_flat: (n, l) => t(l, `„Płaska” oznacza średnie nachylenie najwyżej ${formatNumber(n.pct, l)} %.`, `"Flat" means a mean slope of at most ${formatNumber(n.pct, l)} %.`),
  default_substation: (n, l) =>
    t(l, `Blisko stacji: najwyżej ${formatNumber(n.km, l)} km do stacji o napięciu co najmniej ${n.kv} kV.`, `Near a substation: at most ${formatNumber(n.km, l)} km to a substation of at least ${n.kv} kV.`),
  default_transit: (n, l) =>
    t(l, `Blisko komunikacji publicznej: najwyżej ${formatDistance(n.m, l)} do przystanku.`, `Near public transport: at most ${formatDistance(n.m, l)} to a stop.`),
  default_capacity: (n, l) =>
    t(
      l,
      `Moc przyłączeniowa: co najmniej ${formatNumber(n.mw, l)} MW dostępne w węźle sieci w promieniu ${formatNumber(n.km, l)} km.`,
      `Grid capacity: at least ${formatNumber(n.mw, l)} MW available at a grid node within ${formatNumber(n.km, l)} km.`,
    ),
  anchor: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: odległość liczona od tego obiektu: ${n.label}; region wyszukiwania bez zmian.`,
      `${quote(n.text, l)}: the distance is measured from this feature: ${n.label}; the searched region is unchanged.`,
    ),
  water_not_place: (n, l) =>
    t(
      l,
      `${quote(n.text, l)} rozumiane jako woda ${n.name}, nie jako jednostka o tej nazwie; by mierzyć od gminy, napisz „od gminy ${n.name}”.`,
      `${quote(n.text, l)} read as the water ${n.name}, not as the unit of that name; to measure from the gmina, write "from gmina ${n.name}".`,
    ),
  boundary_anchor: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: odległość liczona od granicy jednostki ${n.name} (${n.unitType}, TERYT ${n.teryt}); działki w jej granicach mają odległość 0${n.wholeGmina ? '; to cała gmina z jej wsiami — granic samej miejscowości nie mamy' : ''}; region wyszukiwania bez zmian.`,
      `${quote(n.text, l)}: the distance is measured from the boundary of ${n.name} (${n.unitType}, TERYT ${n.teryt}); parcels inside it are at 0 m${n.wholeGmina ? '; this is the whole gmina with its villages — we hold no outline of the town or village alone' : ''}; the searched region is unchanged.`,
    ),
  grid_connection_mv: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: przyłącze do sieci dystrybucyjnej, czyli linia średniego napięcia (SN) najwyżej ${formatDistance(n.m, l)} od działki; dla inwestycji energetycznej liczy się moc przyłączeniowa.`,
      `${quote(n.text, l)}: a connection to the distribution grid, i.e. a medium-voltage (MV) line within ${formatDistance(n.m, l)} of the parcel; for an energy asset grid capacity counts instead.`,
    ),
  minimum_distance: (n, l) =>
    t(l, `${quote(n.text, l)}: co najmniej ${formatDistance(n.m, l)} od każdego takiego obiektu.`, `${quote(n.text, l)}: at least ${formatDistance(n.m, l)} from every such feature.`),
  default_distance: (n, l) => t(l, `${quote(n.text, l)}: przyjęto najwyżej ${formatDistance(n.m, l)}.`, `${quote(n.text, l)}: taken as within ${formatDistance(n.m, l)}.`),
  bare_station: (n, l) =>
    t(
      l,
      `${quote(n.text, l)} rozumiane jako stacja elektroenergetyczna; dworzec lub przystanek kolejowy nazwij „stacją kolejową”.`,
      `${quote(n.text, l)} read as an electrical substation; say "railway station" for trains.`,
    ),
  bare_area: (n, l) => t(l, `${quote(n.text, l)} rozumiane jako co najmniej ${formatArea(n.sqm, l)}.`, `${quote(n.text, l)} read as at least ${formatArea(n.sqm, l)}.`),
  about_area: (n, l) =>
    t(l, `${quote(n.text, l)} rozumiane jako od ${formatArea(n.min, l)} do ${formatArea(n.max, l)} (±20 %).`, `${quote(n.text, l)} read as ${formatArea(n.min, l)} to ${formatArea(n.max, l)} (±20 %).`),
  power_as_capacity: (n, l) =>
    t(
      l,
      `${quote(n.text, l)} rozumiane jako dostępna moc przyłączeniowa co najmniej ${formatNumber(n.mw, l)} MW w promieniu 5 km.`,
      `${quote(n.text, l)} read as available grid capacity of at least ${formatNumber(n.mw, l)} MW within 5 km.`,
    ),
  percent_as_slope: (n, l) =>
    t(l, `${quote(n.text, l)} rozumiane jako średnie nachylenie najwyżej ${formatNumber(n.pct, l)} %.`, `${quote(n.text, l)} read as a mean slope of at most ${formatNumber(n.pct, l)} %.`),
  exclusion_assumed: (n, l) => t(l, `${quote(n.text, l)} rozumiane jako „poza” tym obszarem.`, `${quote(n.text, l)} read as "outside" it.`),
  cheap: (_, l) =>
    t(
      l,
      '„Tanie”: ranking według mediany cen transakcji gruntów za m² w gminie (najtańsze wyżej), nie jako filtr.',
      '"Cheap": ranked by the median land transaction price per m² in the gmina (cheapest first), not a filter.',
    ),
  large: (_, l) => t(l, '„Duże”: ranking według powierzchni (największe wyżej), nie jako filtr.', '"Large": ranked by area (largest first), not a filter.'),
  statutory_minimum: (n, l) =>
    t(
      l,
      `Odległość od budynków mieszkalnych ${formatDistance(n.asked, l)} jest mniejsza niż ustawowe minimum dla elektrowni wiatrowych; zastosowano ${formatDistance(n.m, l)}.`,
      `A distance from homes of ${formatDistance(n.asked, l)} is below the statutory minimum for wind turbines; ${formatDistance(n.m, l)} was applied.`,
    ),
  price_estimate: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: cena szacowana = powierzchnia × mediana cen za m² transakcji gruntów tego samego rodzaju (rolne, budowlane, inne) w gminie z trzech lat; działki, dla których jest mniej niż ${PRICE_ESTIMATE_MIN_COMPARABLES} takich transakcji, pominięto (cena nieznana).`,
      `${quote(n.text, l)}: the estimated price = area × the median price per m² of land transactions of the same land type (agricultural, building, other) in the gmina over three years; parcels with fewer than ${PRICE_ESTIMATE_MIN_COMPARABLES} such transactions are left out (price unknown).`,
    ),
  price_limit: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: cena nie jest filtrem wyszukiwania; wyniki uszeregowano od najtańszej gminy.`,
      `${quote(n.text, l)}: price is not a search filter; results are ranked cheapest gmina first instead.`,
    ),
  unsupported: (n, l) =>
    t(l, `${quote(n.text, l)}: wyszukiwanie nie obejmuje ${UNSUPPORTED[n.what].pl}; pominięto.`, `${quote(n.text, l)}: the search cannot filter on ${UNSUPPORTED[n.what].en}; left out.`),
  not_excludable: (n, l) => t(l, `${quote(n.text, l)}: tego nie da się wykluczyć w wyszukiwaniu; pominięto.`, `${quote(n.text, l)}: this cannot be excluded in a search; left out.`),
  max_yield: (n, l) => t(l, `${quote(n.text, l)}: wyszukiwanie zna tylko minimalny uzysk PV; pominięto.`, `${quote(n.text, l)}: the search knows a minimum PV yield only; left out.`),
  min_slope: (n, l) => t(l, `${quote(n.text, l)}: wyszukiwanie zna tylko maksymalne nachylenie; pominięto.`, `${quote(n.text, l)}: the search knows a maximum slope only; left out.`),
  distance_without_target: (n, l) =>
    t(l, `${quote(n.text, l)}: nie wiadomo, od czego liczyć odległość; pominięto.`, `${quote(n.text, l)}: it is not clear what the distance is from; left out.`),
  distance_from_place: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: odległość od miejscowości nie jest filtrem; przeszukiwana jest sama jednostka — okolice podaj jako powiat lub gminę.`,
      `${quote(n.text, l)}: a distance from a place is not a filter; the unit itself is searched — name the powiat or gmina for the surroundings.`,
    ),
  partial: (_n, l) =>
    t(
      l,
      'Zapytanie zrozumiane tylko częściowo: wyniki nie uwzględniają wszystkiego, o co pytano (co pominięto, mówią założenia poniżej). Przeformułuj pominiętą część albo sprawdź wyniki pod jej kątem.',
      'The query was understood only in part: the results do not honour everything it asks (the assumptions below say what was left out). Rephrase the part left out, or check the results against it yourself.',
    ),
  ignored: (n, l) => t(l, `Pominięto niezrozumiane słowa: ${quoteList(n.words, l)}.`, `Ignored words not understood: ${quoteList(n.words, l)}.`),
  zoning_conflict: (n, l) =>
    t(
      l,
      `${quote(n.text, l)} kłóci się z przeznaczeniem wymaganym przez scenariusz; obowiązuje przeznaczenie z zapytania.`,
      `${quote(n.text, l)} conflicts with the zoning the scenario requires; the zoning of the query is used.`,
    ),
  vacant_conflict: (n, l) => t(l, `${quote(n.text, l)} zastępuje wymóg scenariusza dotyczący zabudowy.`, `${quote(n.text, l)} replaces the scenario's requirement on buildings.`),
  one_per_layer: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: wyszukiwanie łączy tylko jedno kryterium tej warstwy; zostaje wcześniejsze, to pominięto.`,
      `${quote(n.text, l)}: a search takes one criterion per layer; the earlier one is kept and this one left out.`,
    ),
  replaces_scenario: (n, l) =>
    t(
      l,
      `${quote(n.text, l)} zastępuje kryterium scenariusza na tej samej warstwie (wyszukiwanie łączy jedno kryterium na warstwę).`,
      `${quote(n.text, l)} replaces the scenario's criterion on the same layer (a search takes one criterion per layer).`,
    ),
  area_min_lowered: (n, l) =>
    t(
      l,
      `${quote(n.text, l)} jest mniej niż minimum scenariusza (${formatArea(n.sqm, l)}); minimum scenariusza pominięto.`,
      `${quote(n.text, l)} is below the scenario's minimum (${formatArea(n.sqm, l)}); that minimum is dropped.`,
    ),
  clamped: (n, l) =>
    t(
      l,
      `${quote(n.text, l)} przekracza zakres wyszukiwania; użyto ${n.unit === 'm' ? formatDistance(n.used, l) : `${formatNumber(n.used, l)} ${n.unit}`}.`,
      `${quote(n.text, l)} is beyond what a search allows; ${n.unit === 'm' ? formatDistance(n.used, l) : `${formatNumber(n.used, l)} ${n.unit}`} is used.`,
    ),
  state_land_over_pre_emption: (_, l) =>
    t(
      l,
      'Grunty z zasobu KOWR są wymagane (kupowane od KOWR, nie od prywatnego właściciela), więc kryterium scenariusza „bez prawa pierwokupu KOWR” pominięto.',
      "State agricultural land is asked for (bought from KOWR, not from a private owner), so the scenario's criterion 'no KOWR pre-emption right' is dropped.",
    ),
  limit_from_text: (n, l) => t(l, `Liczba wyników z zapytania: ${n.limit}.`, `Number of results from the query: ${n.limit}.`),
  assembly: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: szukano terenów z kilku sąsiednich działek (odstęp do ${ASSEMBLY_MAX_GAP_DEFAULT_M} m, najwyżej ${ASSEMBLY_MAX_PARCELS_DEFAULT} działek) o łącznej powierzchni co najmniej ${formatArea(n.sqm, l)}; każda działka spełnia pozostałe kryteria, odległości i nachylenie liczone dla całego terenu.`,
      `${quote(n.text, l)}: searched for sites of several neighbouring parcels (gaps up to ${ASSEMBLY_MAX_GAP_DEFAULT_M} m, at most ${ASSEMBLY_MAX_PARCELS_DEFAULT} parcels) of at least ${formatArea(n.sqm, l)} together; every parcel meets the other criteria, distances and slope are judged for the whole site.`,
    ),
  assembly_without_area: (n, l) =>
    t(
      l,
      `${quote(n.text, l)}: bez łącznej powierzchni (np. „co najmniej 20 ha”) nie ma do czego łączyć działek, więc szukano pojedynczych działek.`,
      `${quote(n.text, l)}: without a total area (e.g. "at least 20 ha") there is nothing to assemble to, so single parcels were searched.`,
    ),
};

export function renderNote(note: Note, lang: Language): string {
  return (RENDERERS[note.id] as Renderer<Note>)(note, lang);
}
