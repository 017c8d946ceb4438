import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { MESSAGES, type Language, type MessageKey } from './messages.js';

const STORAGE_KEY = 'landparcel.language';

/** The user's choice, else the browser's first language we speak, else Polish. */
export function initialLanguage(): Language {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved === 'pl' || saved === 'en') return saved;
  for (const preferred of navigator.languages ?? [navigator.language]) {
    const base = preferred.slice(0, 2).toLowerCase();
    if (base === 'pl' || base === 'en') return base;
  }
  return 'pl';
}

export function saveLanguage(language: Language): void {
  localStorage.setItem(STORAGE_KEY, language);
  document.documentElement.lang = language;
}

export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

export function translator(language: Language): Translate {
  return (key, values) => {
    const text: string = MESSAGES[language][key];
    return values ? text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? '')) : text;
  };
}

export const I18n = createContext<{ language: Language; t: Translate }>({ language: 'pl', t: translator('pl') });

export function useI18n(): { language: Language; t: Translate } {
  return useContext(I18n);
}

/** Numbers as the reader writes them: decimal comma in Polish. */
export function formatNumber(language: Language, value: number, digits = 0): string {
  return new Intl.NumberFormat(language === 'pl' ? 'pl-PL' : 'en-GB', { maximumFractionDigits: digits, minimumFractionDigits: 0 }).format(value);
}

export function formatArea(language: Language, sqm: number): string {
  return sqm >= 10_000 ? `${formatNumber(language, sqm / 10_000, 2)} ha` : `${formatNumber(language, sqm)} m²`;
}

export function formatDistance(language: Language, metres: number): string {
  return metres >= 1000 ? `${formatNumber(language, metres / 1000, 1)} km` : `${formatNumber(language, metres)} m`;
}

/** A date of the registers (`2019-05-14`) as the reader writes it ("14.05.2019", "14 May 2019"); anything else as it came. */
export function formatDate(language: Language, isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}/.test(isoDate) || Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(language === 'pl' ? 'pl-PL' : 'en-GB', {
    day: language === 'pl' ? '2-digit' : 'numeric',
    month: language === 'pl' ? '2-digit' : 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
