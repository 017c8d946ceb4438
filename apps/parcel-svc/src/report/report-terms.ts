import { findLayer, type ReportLanguage, type ZoningCategory } from '@lp/contracts';

/**
 * Names of catalogue identifiers (layers, constraint kinds, plan statuses, zoning categories) in
 * the report's language. English comes from the layer catalogue; Polish is kept here, keyed by
 * the same ids. An id without an entry reads as itself with spaces, never as a blank.
 */

const LAYER_NAMES_PL: Record<string, string> = {
  parcels: 'działki ewidencyjne',
  mpzp_plans: 'granice planów miejscowych',
  mpzp_zones: 'strefy planów miejscowych',
  plan_ogolny_zones: 'strefy planu ogólnego',
  studium_zones: 'studium uwarunkowań',
  env_layers: 'ochrona przyrody i ryzyko powodziowe',
  groundwater: 'ochrona wód podziemnych',
  forest_stands: 'drzewostany (Lasy Państwowe)',
  land_cover: 'pokrycie terenu',
  power_substations: 'stacje elektroenergetyczne',
  power_lines: 'linie elektroenergetyczne',
  grid_capacity: 'dostępna moc przyłączeniowa',
  solar_irradiance: 'uzysk energii słonecznej',
  oze_installations: 'instalacje OZE',
  wind_exclusion: 'strefy odległości elektrowni wiatrowych',
  data_centers: 'centra danych',
  ev_chargers: 'stacje ładowania EV',
  roads: 'drogi publiczne',
  transport_stops: 'przystanki komunikacji publicznej',
  planned_roads: 'planowane drogi',
  planned_railways: 'planowane linie kolejowe',
  waterways: 'rzeki, kanały i zbiorniki wodne',
  hydrants: 'hydranty i zbiorniki przeciwpożarowe',
  industrial_areas: 'tereny przemysłowe',
  buildings: 'budynki',
  services_poi: 'usługi (szkoły, sklepy, przychodnie)',
  heritage_sites: 'zabytki',
  terrain_stats: 'ukształtowanie terenu',
  mining_areas: 'obszary i tereny górnicze',
  aviation_obstacles: 'powierzchnie ograniczające przeszkód lotniczych',
  transactions: 'transakcje (RCiWN)',
  kowr_land: 'Zasób Własności Rolnej Skarbu Państwa',
};

const CONSTRAINT_KINDS_PL: Record<string, string> = {
  natura2000_habitat: 'Natura 2000, obszar siedliskowy (SOO)',
  natura2000_birds: 'Natura 2000, obszar ptasi (OSO)',
  national_park: 'park narodowy',
  national_park_buffer: 'otulina parku narodowego',
  nature_reserve: 'rezerwat przyrody',
  ecological_site: 'użytek ekologiczny',
  natural_monument: 'pomnik przyrody',
  landscape_park: 'park krajobrazowy',
  protected_landscape_area: 'obszar chronionego krajobrazu',
  nature_landscape_complex: 'zespół przyrodniczo-krajobrazowy',
  biosphere_reserve: 'rezerwat biosfery UNESCO',
  forest_promotional_complex: 'leśny kompleks promocyjny',
  flood_risk_10pct: 'obszar szczególnego zagrożenia powodzią (10 %)',
  flood_risk_1pct: 'obszar szczególnego zagrożenia powodzią (1 %)',
  flood_risk_02pct: 'obszar zagrożenia powodzią (0,2 %)',
  flood_embankment_failure: 'zagrożenie w razie zniszczenia wału',
  wetland: 'mokradła i torfowiska',
  ramsar_wetland: 'obszar wodno-błotny (Ramsar)',
  registered_monument: 'zabytek w rejestrze (A)',
  world_heritage_site: 'światowe dziedzictwo UNESCO',
  monument_of_history: 'pomnik historii',
  historic_urban_layout: 'historyczny układ urbanistyczny',
  historic_park: 'zabytkowy park',
  cultural_park: 'park kulturowy',
  archaeological_site: 'zabytek archeologiczny (C)',
  mining_area: 'obszar górniczy',
  mining_terrain: 'teren górniczy',
  mineral_deposit: 'udokumentowane złoże kopaliny',
  approach_surface: 'powierzchnia podejścia',
  take_off_climb_surface: 'powierzchnia wznoszenia',
  transitional_surface: 'powierzchnia przejściowa',
  inner_horizontal_surface: 'powierzchnia pozioma wewnętrzna',
  conical_surface: 'powierzchnia stożkowa',
  outer_horizontal_surface: 'powierzchnia pozioma zewnętrzna',
  registered_obstacle: 'przeszkoda lotnicza',
  intake_direct_protection: 'strefa ochrony bezpośredniej ujęcia wody',
  intake_indirect_protection: 'strefa ochrony pośredniej ujęcia wody',
  reservoir_protection_area: 'obszar ochronny GZWP',
  major_groundwater_reservoir: 'główny zbiornik wód podziemnych (GZWP)',
  residential_setback: 'odległość elektrowni wiatrowej od zabudowy mieszkaniowej (700 m)',
  national_park_setback: 'odległość elektrowni wiatrowej od parku narodowego (10H)',
  nature_reserve_setback: 'odległość elektrowni wiatrowej od rezerwatu (500 m)',
  power_line_setback: 'odległość elektrowni wiatrowej od linii NN',
};

const PLAN_STATUS: Record<ReportLanguage, Record<string, string>> = {
  en: { in_preparation: 'in preparation', public_consultation: 'public consultation (draft)', adopted: 'adopted', in_force: 'in force' },
  pl: { in_preparation: 'w przygotowaniu', public_consultation: 'wyłożony do konsultacji (projekt)', adopted: 'uchwalony', in_force: 'obowiązujący' },
};

const CATEGORY_PL: Record<ZoningCategory, string> = {
  residential_single: 'mieszkaniowa jednorodzinna',
  residential_multi: 'mieszkaniowa wielorodzinna',
  mixed_residential_services: 'mieszkaniowo-usługowa',
  commercial_services: 'usługi komercyjne',
  public_services: 'usługi publiczne',
  industrial: 'przemysłowa (produkcja, składy)',
  industrial_services: 'usługowo-produkcyjna',
  agricultural: 'rolnicza',
  forest: 'leśna',
  green_recreation: 'zieleń i rekreacja',
  cemetery: 'cmentarz',
  mining: 'górnicza',
  transport: 'komunikacja',
  infrastructure: 'infrastruktura techniczna',
  water: 'wody',
  other: 'inna',
};

const spaced = (id: string): string => id.replaceAll('_', ' ');

/** A layer by name: the catalogue name in English, the Polish name in Polish. */
export function layerName(layer: string, language: ReportLanguage): string {
  return (language === 'pl' ? LAYER_NAMES_PL[layer] : findLayer(layer)?.name) ?? spaced(layer);
}

/** A constraint kind in words: the catalogue's kind description in English, the Polish term in Polish. */
export function constraintKindName(layer: string, kind: string, language: ReportLanguage): string {
  if (language === 'pl') return CONSTRAINT_KINDS_PL[kind] ?? spaced(kind);
  return findLayer(layer)?.kinds.find((k) => k.id === kind)?.description ?? spaced(kind);
}

/**
 * A constraint area's name. Areas without a name of their own carry their kind id with spaces
 * (see composeConstraints); those read as the kind in the report's language.
 */
export function constraintAreaName(item: { layer: string; kind: string; name: string }, language: ReportLanguage): string {
  return item.name === spaced(item.kind) ? constraintKindName(item.layer, item.kind, language) : item.name;
}

export function planStatus(status: string, language: ReportLanguage): string {
  return PLAN_STATUS[language][status] ?? spaced(status);
}

export function categoryName(category: string, language: ReportLanguage): string {
  return (language === 'pl' ? CATEGORY_PL[category as ZoningCategory] : undefined) ?? spaced(category);
}
