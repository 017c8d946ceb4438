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
