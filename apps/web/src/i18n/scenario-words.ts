import type { Language } from './messages.js';

/**
 * The scenario catalogue's texts in Polish. GET /v1/scenarios writes them in English (the spec's
 * scenario table) beside `title_pl`; the map application shows them in the reader's language, by
 * the ids the API gives. A text without an entry here is shown as the API wrote it, marked English.
 */
const SCENARIO_DESCRIPTIONS_PL: Record<string, string> = {
  solar_farm_site:
    'Fotowoltaika naziemna: otwarty, nasłoneczniony, niezbyt stromy grunt blisko stacji wysokiego napięcia, poza ochroną przyrody i strefami zalewowymi.',
  wind_farm_site: 'Elektrownie wiatrowe: poza ustawowymi odległościami, 1 km od ochrony przyrody i stref zalewowych, w zasięgu stacji elektroenergetycznej.',
  bess_storage: 'Magazyn energii w skali sieci: opublikowana moc przyłączeniowa i stacja wysokiego napięcia w pobliżu, płaski grunt bez ryzyka środowiskowego.',
  agrivoltaics_site:
    'Agrofotowoltaika nad uprawami lub pastwiskiem: grunty rolne blisko linii średniego napięcia, poza lasem i sadem, bez ryzyka środowiskowego.',
  biogas_plant: 'Biogazownia rolnicza: grunty rolne blisko stacji elektroenergetycznej, poza ochroną przyrody i strefami zalewowymi.',
  data_center_site: 'Centrum danych: co najmniej 20 MW mocy przyłączeniowej, stacja i woda do chłodzenia w pobliżu, płaski grunt bez ryzyka środowiskowego.',
  urban_residential_development: 'Zabudowa uzupełniająca: niezabudowane działki o przeznaczeniu mieszkaniowym, blisko komunikacji publicznej.',
  housing_estate_site: 'Osiedle: większy niezabudowany teren mieszkaniowy blisko szkoły i komunikacji publicznej, poza zasobem KOWR.',
  retail_park_site: 'Park handlowy: niezabudowany teren o przeznaczeniu usługowo-handlowym, dostępny komunikacją publiczną.',
  logistics_warehouse: 'Magazyn lub centrum logistyczne: duży płaski teren blisko planowanej drogi, bez ryzyka środowiskowego.',
  brownfield_redevelopment: 'Przekształcenie terenu przemysłowego z niską istniejącą zabudową, poza ochroną konserwatorską.',
  public_land_opportunity: 'Działki z Zasobu Własności Rolnej Skarbu Państwa (KOWR) do dzierżawy lub kupna.',
};

const PARAMETER_DESCRIPTIONS_PL: Record<string, string> = {
  min_area_sqm: 'Najmniejsza powierzchnia działki',
  env_buffer_m: 'Odstęp od ochrony przyrody (Natura 2000, parki narodowe i krajobrazowe, rezerwaty) i obszarów zagrożenia powodziowego',
  max_slope_pct: 'Największe średnie nachylenie działki',
  substation_km: 'Zasięg do stacji co najmniej 110 kV',
  mv_line_km: 'Zasięg do linii lub kabla średniego napięcia',
  capacity_km: 'Zasięg do węzła sieci z opublikowaną mocą przyłączeniową nie mniejszą niż najmniejsza dostępna moc',
  min_capacity_mw: 'Najmniejsza dostępna moc przyłączeniowa',
  min_yield_kwh_kwp: 'Najmniejszy roczny uzysk PV na działce',
  max_stop_m: 'Zasięg do przystanku komunikacji publicznej',
  school_m: 'Zasięg do szkoły',
  planned_road_km: 'Zasięg do planowanej drogi albo istniejącej drogi głównej (autostrada, ekspresowa, GP)',
  water_km: 'Zasięg do rzeki, kanału, jeziora lub zbiornika',
  max_floors: 'Najwięcej kondygnacji nadziemnych istniejącego budynku',
};

const SIGNAL_DESCRIPTIONS_PL: Record<string, string> = {
  grid_capacity_mw: 'Opublikowana dostępna moc przyłączeniowa najbliższego węzła sieci z danymi',
  grid_distance_km: 'Odległość do najbliższej stacji co najmniej 110 kV',
  area: 'Powierzchnia działki',
  solar_yield_kwh_kwp: 'Roczny uzysk PV na działce',
  slope_pct: 'Średnie nachylenie działki',
  transit_distance_m: 'Odległość do najbliższego przystanku komunikacji publicznej',
  water_distance_m: 'Odległość do najbliższej rzeki, kanału, jeziora lub zbiornika',
  floors: 'Kondygnacje nadziemne najwyższego istniejącego budynku na działce',
  price_per_sqm_pln: 'Mediana ceny za m² gruntu w transakcjach w gminie',
};

/** Units of the catalogue as a reader writes them. */
const UNITS: Record<string, Record<Language, string>> = {
  m2: { pl: 'm²', en: 'm²' },
  floors: { pl: 'kondygnacje', en: 'floors' },
  'PLN/m2': { pl: 'zł/m²', en: 'PLN/m²' },
};

/** A text of the catalogue in the reader's language, and the language it is actually in. */
export interface Worded {
  text: string;
  lang: Language;
}

function worded(table: Record<string, string>, id: string, english: string, language: Language): Worded {
  const polish = language === 'pl' ? table[id] : undefined;
  return polish ? { text: polish, lang: 'pl' } : { text: english, lang: 'en' };
}

export const scenarioDescription = (id: string, english: string, language: Language) => worded(SCENARIO_DESCRIPTIONS_PL, id, english, language);
export const parameterDescription = (id: string, english: string, language: Language) => worded(PARAMETER_DESCRIPTIONS_PL, id, english, language);
export const signalDescription = (id: string, english: string, language: Language) => worded(SIGNAL_DESCRIPTIONS_PL, id, english, language);

export function unitWords(unit: string, language: Language): string {
  return UNITS[unit]?.[language] ?? unit;
}
