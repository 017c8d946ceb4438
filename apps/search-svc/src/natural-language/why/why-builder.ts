import type { NearFilter, SearchParcelsRequest } from '@lp/contracts';
import { describeExclude, describeFar, describeNear, describeOwnership, describeZoning, nearObject } from '../compile/filter-descriptions.js';
import { formatArea, formatDistance, formatNumber } from '../compile/format.js';
import type { Language } from '../lexicon/meanings.js';
import type { ExplainedResult } from '../../engine/search-results.js';

/** What `why` needs of an interpretation. */
export interface WhyContext {
  request: SearchParcelsRequest;
  language: Language;
}

const t = (lang: Language, pl: string, en: string): string => (lang === 'pl' ? pl : en);

/** The score component behind a near criterion, when the ranking has one (the engine measured it). */
const SIGNAL_OF_LAYER: Readonly<Record<string, string>> = {
  power_substations: 'grid_distance_km',
  transport_stops: 'transit_distance_m',
  waterways: 'water_distance_m',
  grid_capacity: 'grid_capacity_mw',
  solar_irradiance: 'solar_yield_kwh_kwp',
  buildings: 'floors',
};

/**
 * Why one result matched, in the interpretation's language: every hard filter it passed, with the
 * measured value where the score components or the engine's facts give one, what could not be
 * checked for it (partial coverage), and the ranking signals not already quoted. A pure function
 * of the request and the result: the same result always gets the same reasons.
 */
export function explainResult(context: WhyContext, result: ExplainedResult): string[] {
  const { request, language: lang } = context;
  const filters = request.filters ?? {};
  const facts = result.facts ?? {};
  const component = (signal: string): number | undefined => result.components.find((c) => c.signal === signal)?.value ?? undefined;
  const unscreened = new Set(result.unscreened ?? []);
  const quoted = new Set<string>();
  const why: string[] = [];

  const area = filters.area_sqm;
  const size = formatArea(result.area_sqm, lang);
  if (area?.min !== undefined && area.max !== undefined) why.push(t(lang, `${size} (od ${formatArea(area.min, lang)} do ${formatArea(area.max, lang)})`, `${size} (${formatArea(area.min, lang)} to ${formatArea(area.max, lang)})`));
  else if (area?.min !== undefined) why.push(t(lang, `${size} (co najmniej ${formatArea(area.min, lang)})`, `${size} (at least ${formatArea(area.min, lang)})`));
  else if (area?.max !== undefined) why.push(t(lang, `${size} (najwyżej ${formatArea(area.max, lang)})`, `${size} (at most ${formatArea(area.max, lang)})`));
  quoted.add('area');

  if (filters.zoning) {
    if (facts.zoning_symbol) {
      const plan = facts.zoning_source === 'plan_ogolny' ? t(lang, 'plan ogólny', 'general plan') : t(lang, 'plan miejscowy', 'local plan');
      why.push(t(lang, `przeznaczenie ${facts.zoning_symbol} (${plan})`, `zoned ${facts.zoning_symbol} (${plan})`));
    } else {
      why.push(describeZoning(filters.zoning, lang));
    }
  }
  if (filters.slope_pct) {
    const slope = facts.slope_pct ?? component('slope_pct');
    quoted.add('slope_pct');
    if (unscreened.has('slope')) why.push(t(lang, 'nachylenia nie sprawdzono: brak danych o terenie w tej gminie', 'slope not checked: no terrain data in this gmina'));
    else if (slope !== undefined) why.push(t(lang, `średnie nachylenie ${formatNumber(slope, lang, 1)} % (najwyżej ${formatNumber(filters.slope_pct.max, lang)} %)`, `mean slope ${formatNumber(slope, lang, 1)} % (at most ${formatNumber(filters.slope_pct.max, lang)} %)`));
    else why.push(t(lang, `średnie nachylenie najwyżej ${formatNumber(filters.slope_pct.max, lang)} %`, `mean slope at most ${formatNumber(filters.slope_pct.max, lang)} %`));
  }
  if (filters.price_estimate_pln && result.price_estimate) why.push(priceEstimateWhy(result.price_estimate, lang));
  if (filters.ownership_groups) why.push(describeOwnership(filters.ownership_groups, lang));
  if (filters.vacant !== undefined) why.push(filters.vacant ? t(lang, 'bez budynków na działce', 'no building on the parcel') : t(lang, 'z budynkiem na działce', 'a building on the parcel'));
  for (const near of filters.near ?? []) {
    const signal = SIGNAL_OF_LAYER[near.layer];
    if (signal) quoted.add(signal);
    why.push(measuredNear(near, lang, facts.near_m?.[`near:${near.layer}`], facts.near_name?.[`near:${near.layer}`], signal ? component(signal) : undefined));
  }
  for (const exclude of filters.exclude ?? []) {
    if (unscreened.has(`exclude:${exclude.layer}`)) why.push(t(lang, `nie sprawdzono (brak danych w tej gminie): ${describeExclude(exclude, lang)}`, `not checked (no data in this gmina): ${describeExclude(exclude, lang)}`));
    else why.push(describeExclude(exclude, lang));
  }
  // minimum distances are proven for every result (requires): the filter is the reason
  for (const far of filters.far ?? []) why.push(describeFar(far, lang));
  const price = component('price_per_sqm_pln');
  if (price !== undefined && !quoted.has('price_per_sqm_pln')) why.push(t(lang, `mediana cen gruntów w gminie ${formatNumber(price, lang, 0)} zł/m²`, `median land price in the gmina ${formatNumber(price, lang, 0)} PLN/m²`));
  if (result.score !== null) why.push(t(lang, `wynik ${formatNumber(result.score, lang, 0)}/100 w tym zestawieniu`, `score ${formatNumber(result.score, lang, 0)}/100 in this result set`));
  // a query of a place alone: the place is the reason
  if (why.length === 0) why.push(t(lang, `działka w gminie ${result.gmina} (${result.teryt})`, `a parcel in the gmina of ${result.gmina} (${result.teryt})`));
  return why;
}

/** A near criterion with the best measured value at hand. */
function measuredNear(near: NearFilter, lang: Language, metres: number | undefined, name: string | undefined, value: number | undefined): string {
  const limit = describeNear(near, lang, near.ids && name ? new Map(near.ids.map((id) => [id, name])) : undefined);
  const named = name ? ` (${name})` : '';
  switch (near.layer) {
    case 'grid_capacity':
      return value !== undefined ? t(lang, `${formatNumber(value, lang)} MW mocy przyłączeniowej w pobliżu (${limit})`, `${formatNumber(value, lang)} MW of grid capacity nearby (${limit})`) : limit;
    case 'solar_irradiance':
      return value !== undefined ? t(lang, `uzysk PV ${formatNumber(value, lang, 0)} kWh/kWp (${limit})`, `solar yield ${formatNumber(value, lang, 0)} kWh/kWp (${limit})`) : limit;
    case 'buildings':
      return value !== undefined ? t(lang, `budynek o ${formatNumber(value, lang, 0)} kondygnacjach (${limit})`, `a building of ${formatNumber(value, lang, 0)} floors (${limit})`) : limit;
    default: {
      const distance = metres ?? (near.layer === 'power_substations' && value !== undefined ? value * 1000 : value);
      if (distance === undefined || near.within_m === 0) return limit;
      return t(lang, `${formatDistance(distance, lang)} do ${nearObject(near, lang)}${named} (${limit})`, `${formatDistance(distance, lang)} to ${nearObject(near, lang)}${named} (${limit})`);
    }
  }
}

/** "szacunkowo 180 000 zł (12 transakcji gruntów budowlanych w gminie, mediana 150 zł/m², połowa między 120 a 170 zł/m²)". */
function priceEstimateWhy(estimate: NonNullable<ExplainedResult['price_estimate']>, lang: Language): string {
  const zl = (value: number): string => `${formatNumber(value, lang)} zł`;
  const perSqm = (value: number): string => `${formatNumber(value, lang, 2)} zł/m²`;
  const kind = { agricultural: ['rolnych', 'agricultural'], building: ['budowlanych', 'building'], other: ['innych', 'other'] }[estimate.land_type as 'agricultural' | 'building' | 'other'] ?? [estimate.land_type, estimate.land_type];
  return t(
    lang,
    `cena szacowana ${zl(estimate.price_pln)} (${estimate.comparables} transakcji gruntów ${kind[0]} w gminie, mediana ${perSqm(estimate.median_price_per_sqm_pln)}, połowa z nich między ${perSqm(estimate.p25_price_per_sqm_pln)} a ${perSqm(estimate.p75_price_per_sqm_pln)})`,
    `estimated price ${zl(estimate.price_pln)} (${estimate.comparables} ${kind[1]} land transactions in the gmina, median ${perSqm(estimate.median_price_per_sqm_pln)}, the middle half between ${perSqm(estimate.p25_price_per_sqm_pln)} and ${perSqm(estimate.p75_price_per_sqm_pln)})`,
  );
}
