import type { Language } from '../lexicon/meanings.js';

/** A number as each language writes it: 2.5 / 2,5; whole numbers without decimals. */
export function formatNumber(value: number, lang: Language, decimals = 2): string {
  const rounded = Number(value.toFixed(decimals));
  const text = String(rounded);
  return lang === 'pl' ? text.replace('.', ',') : text;
}

/** Square metres as a person says them: hectares from 1 ha, m² below. */
export function formatArea(sqm: number, lang: Language): string {
  return sqm >= 10_000 ? `${formatNumber(sqm / 10_000, lang)} ha` : `${formatNumber(sqm, lang, 0)} m²`;
}

/** Metres as a person says them: km from 1 km, m below. */
export function formatDistance(metres: number, lang: Language): string {
  return metres >= 1000 ? `${formatNumber(metres / 1000, lang)} km` : `${formatNumber(metres, lang, 0)} m`;
}

/** 'a', 'b' and 'c' / „a”, „b” i „c”. */
export function quoteList(items: readonly string[], lang: Language): string {
  const quoted = items.map((item) => (lang === 'pl' ? `„${item}”` : `'${item}'`));
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} ${lang === 'pl' ? 'i' : 'and'} ${quoted[quoted.length - 1]}`;
}

export function quote(text: string, lang: Language): string {
  return lang === 'pl' ? `„${text}”` : `'${text}'`;
}

/** Each item once, in the order first given. */
export function dedupe(items: readonly string[]): string[] {
  return [...new Set(items)];
}
