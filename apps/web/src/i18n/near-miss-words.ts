import { formatArea, formatDistance, formatNumber } from './i18n.js';
import type { Language } from './messages.js';

/**
 * A value of a near miss in the unit of the request parameter it belongs to (`filters.near[0].within_m`,
 * `filters.slope_pct.max`, `filters.area_sqm.min`); the criterion decides where no parameter is named.
 * A zoning category (a string) stays as the data wrote it.
 */
export function nearMissValue(language: Language, value: number | string, parameter: string | undefined, criterion: string, precise = false): string {
  if (typeof value === 'string') return value;
  const where = parameter ?? criterion;
  if (/(within_m|beyond_m|buffer_m)$/.test(where) || /^(near|far):/.test(criterion)) return precise ? `${formatNumber(language, value)} m` : formatDistance(language, value);
  if (where.includes('slope')) return `${formatNumber(language, value, precise ? 2 : 1)} %`;
  if (where.includes('area')) return precise ? `${formatNumber(language, value)} m²` : formatArea(language, value);
  return formatNumber(language, value, precise ? 4 : 2);
}

/**
 * A parcel's value beside the limit it misses: where the usual rounding would write both alike
 * ("1,41 ha (limit 1,41 ha)"), both in the finer unit, so the miss shows.
 */
export function missedBy(language: Language, value: number | string, limit: number, parameter: string | undefined, criterion: string): [string, string] {
  const rounded: [string, string] = [nearMissValue(language, value, parameter, criterion), nearMissValue(language, limit, parameter, criterion)];
  if (rounded[0] !== rounded[1]) return rounded;
  return [nearMissValue(language, value, parameter, criterion, true), nearMissValue(language, limit, parameter, criterion, true)];
}

const PARCELS: Record<Language, Partial<Record<Intl.LDMLPluralRule, string>> & { other: string }> = {
  pl: { one: 'działka', few: 'działki', many: 'działek', other: 'działki' },
  en: { one: 'parcel', other: 'parcels' },
};

/** "działka / działki / działek" as the count asks (Polish has three forms). */
export function parcelsWord(language: Language, count: number): string {
  const forms = PARCELS[language];
  return forms[new Intl.PluralRules(language).select(count)] ?? forms.other;
}
