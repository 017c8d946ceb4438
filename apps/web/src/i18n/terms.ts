import type { Language } from './messages.js';

/** Words for the API's ids that a person reads (proximity kinds, zoning sources, score signals); unknown ids stay as they are. */
const TERMS: Record<string, { pl: string; en: string }> = {
  power_substation: { pl: 'stacja elektroenergetyczna', en: 'power substation' },
  hv_substation: { pl: 'stacja 110 kV (GPZ)', en: 'HV substation (110 kV)' },
  grid_capacity: { pl: 'moc przyłączeniowa', en: 'grid capacity' },
  hv_line: { pl: 'linia WN', en: 'HV line' },
  ehv_line: { pl: 'linia NN', en: 'EHV line' },
  mv_line: { pl: 'linia SN', en: 'MV line' },
  transit_stop: { pl: 'przystanek', en: 'transit stop' },
  rail_station: { pl: 'stacja kolejowa', en: 'railway station' },
  rail_siding: { pl: 'bocznica kolejowa', en: 'rail siding' },
  school: { pl: 'szkoła', en: 'school' },
  kindergarten: { pl: 'przedszkole', en: 'kindergarten' },
  healthcare: { pl: 'ochrona zdrowia', en: 'healthcare' },
  shop: { pl: 'sklep', en: 'shop' },
  water: { pl: 'woda', en: 'water' },
  hydrant: { pl: 'hydrant', en: 'hydrant' },
  public_road: { pl: 'droga publiczna', en: 'public road' },
  major_road: { pl: 'droga główna', en: 'major road' },
  planned_road: { pl: 'planowana droga', en: 'planned road' },
  planned_railway: { pl: 'planowana kolej', en: 'planned railway' },
  ev_charger: { pl: 'ładowarka EV', en: 'EV charger' },
  data_center: { pl: 'centrum danych', en: 'data centre' },
  industrial_area: { pl: 'teren przemysłowy', en: 'industrial area' },
  renewable_installation: { pl: 'instalacja OZE', en: 'renewable installation' },
  mpzp: { pl: 'plan miejscowy', en: 'local plan' },
  plan_ogolny: { pl: 'plan ogólny', en: 'general plan' },
  unknown: { pl: 'nieznane (brak danych planu)', en: 'unknown (plan data missing)' },
  none: { pl: 'brak planu (potrzebna decyzja WZ)', en: 'no plan (a WZ decision is needed)' },
  in_force: { pl: 'obowiązuje', en: 'in force' },
  adopted: { pl: 'uchwalony, przed publikacją', en: 'adopted, not yet published' },
  public_consultation: { pl: 'konsultacje', en: 'public consultation' },
  in_preparation: { pl: 'w przygotowaniu', en: 'in preparation' },
  // Unit types of TERYT (libs/contracts region.view.ts), as the interpretation names the region searched.
  'gmina miejska': { pl: 'gmina miejska', en: 'urban gmina' },
  'gmina wiejska': { pl: 'gmina wiejska', en: 'rural gmina' },
  'gmina miejsko-wiejska': { pl: 'gmina miejsko-wiejska', en: 'urban-rural gmina' },
  powiat: { pl: 'powiat', en: 'powiat' },
  'miasto na prawach powiatu': { pl: 'miasto na prawach powiatu', en: 'city with powiat rights' },
  województwo: { pl: 'województwo', en: 'voivodeship' },
  // Ranking signals of a result's score (libs/contracts search-signals.ts).
  grid_capacity_mw: { pl: 'moc przyłączeniowa', en: 'grid capacity' },
  grid_distance_km: { pl: 'odległość od sieci', en: 'distance to grid' },
  area: { pl: 'powierzchnia', en: 'area' },
  solar_yield_kwh_kwp: { pl: 'uzysk PV', en: 'solar yield' },
  slope_pct: { pl: 'nachylenie', en: 'slope' },
  transit_distance_m: { pl: 'do przystanku', en: 'to transit' },
  water_distance_m: { pl: 'do wody', en: 'to water' },
  floors: { pl: 'kondygnacje', en: 'floors' },
  price_per_sqm_pln: { pl: 'cena za m²', en: 'price per m²' },
};

export function term(language: Language, id: string): string {
  return TERMS[id]?.[language] ?? id.replace(/_/g, ' ');
}

/** The unit of a ranking signal's raw value, by the signal id (libs/contracts search-signals.ts). */
const SIGNAL_UNITS: Record<string, { pl: string; en: string }> = {
  grid_capacity_mw: { pl: 'MW', en: 'MW' },
  grid_distance_km: { pl: 'km', en: 'km' },
  area: { pl: 'm²', en: 'm²' },
  solar_yield_kwh_kwp: { pl: 'kWh/kWp', en: 'kWh/kWp' },
  slope_pct: { pl: '%', en: '%' },
  transit_distance_m: { pl: 'm', en: 'm' },
  water_distance_m: { pl: 'm', en: 'm' },
  floors: { pl: 'kondygn.', en: 'floors' },
  price_per_sqm_pln: { pl: 'zł/m²', en: 'PLN/m²' },
};

/** A signal's raw value with its unit ("3,2 km", "12 MW"), so it is never read as points or the other way round. */
export function signalValue(language: Language, signal: string, value: number): string {
  const unit = SIGNAL_UNITS[signal]?.[language];
  const digits = Math.abs(value) >= 100 ? 0 : 2;
  const number = new Intl.NumberFormat(language === 'pl' ? 'pl-PL' : 'en-GB', { maximumFractionDigits: digits }).format(value);
  return unit ? `${number} ${unit}` : number;
}

/**
 * A region's label (GET /v1/regions: "Poznań — gmina miejska, powiat Poznań, wielkopolskie") with its
 * unit type in the reader's words; the names stay as TERYT writes them.
 */
export function regionLabel(language: Language, region: { label: string; unit_type: string }): string {
  return language === 'pl' ? region.label : region.label.replace(region.unit_type, term(language, region.unit_type));
}

/** Who holds a pre-emption right, in Polish by the right's id (the API writes the holder in English). */
const PRE_EMPTION_HOLDERS_PL: Record<string, string> = {
  agricultural_property: 'Krajowy Ośrodek Wsparcia Rolnictwa (KOWR), działający na rzecz Skarbu Państwa',
  forest_land: 'Skarb Państwa reprezentowany przez Państwowe Gospodarstwo Leśne Lasy Państwowe',
  national_park: 'Skarb Państwa reprezentowany przez dyrektora parku narodowego',
  public_purpose: 'gmina',
};

/** A pre-emption right's holder in the reader's language, and the language it is actually in. */
export function preEmptionHolder(language: Language, right: { right?: string; holder: string }): { text: string; lang: Language } {
  const polish = language === 'pl' && right.right ? PRE_EMPTION_HOLDERS_PL[right.right] : undefined;
  return polish ? { text: polish, lang: 'pl' } : { text: right.holder, lang: 'en' };
}
