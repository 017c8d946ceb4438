import type { Locator, Page } from 'playwright-core';

export type Language = 'pl' | 'en';

/**
 * Words of our own interface in each language (messages, units, control titles, scenario and signal
 * names) that the other language never uses: one of them on a page in the other language is a string
 * left untranslated. Data values (place, plan and street names) are the registers' own words; the app
 * marks them `lang="pl"`, so they are not counted against an English page.
 */
const OWN_WORDS: Record<Language, readonly string[]> = {
  pl: [
    'działka',
    'działki',
    'działek',
    'działkę',
    'powierzchnia',
    'nachylenie',
    'nachylenia',
    'brak',
    'danych',
    'nieznane',
    'wyniki',
    'ocena',
    'ocenę',
    'kryteria',
    'założenia',
    'przeznaczenie',
    'ograniczenia',
    'teren',
    'terenu',
    'wysokość',
    'najbliższa',
    'rynek',
    'mediana',
    'ceny',
    'gruntu',
    'szukaj',
    'warstwy',
    'pokrycie',
    'scenariusz',
    'scenariusza',
    'uruchom',
    'powiększ',
    'pomniejsz',
    'mapa',
    'zł',
    'n.p.m.',
    'co',
    'najmniej',
    'najwyżej',
    'blisko',
    'poza',
    'stacja',
    'stacji',
    'przystanku',
    'szkoły',
    'wody',
    'magazyn',
    'energii',
    'wyszukiwanie',
    'uwaga',
    'luki',
    'obręb',
    'użytki',
    'miejska',
    'wiejska',
    'miejsko-wiejska',
    'województwo',
    'pkt',
    'punkty',
    'punktów',
    'waga',
    'wagi',
    'moc',
    'przyłączeniowa',
    'uzysk',
    'odległość',
    'dane',
    'demonstracyjne',
    'autorzy',
    'wróć',
    'zamknij',
    'porównaj',
    'dodaj',
    'pobierz',
    'raport',
    'zaloguj',
    'klucz',
    'wyloguj',
    'język',
    'jak',
    'zrozumiano',
    'zapytanie',
    'bez',
    'oraz',
    'lub',
    'i',
    'w',
    'na',
    'od',
    'nie',
    'tylko',
    'plan',
    'prawo',
    'pierwokupu',
    'wybierz',
    'parametry',
    'sygnałów',
    'legenda',
    'idź',
    'adres',
    'przykłady',
    'pasujących',
    'z',
  ],
  en: [
    'the',
    'of',
    'and',
    'with',
    'data',
    'demo',
    'zoom',
    'in',
    'out',
    'map',
    'search',
    'results',
    'score',
    'area',
    'parcel',
    'parcels',
    'layers',
    'coverage',
    'scenario',
    'no',
    'not',
    'unknown',
    'slope',
    'elevation',
    'distance',
    'points',
    'toggle',
    'attribution',
    'reset',
    'bearing',
    'show',
    'layer',
    'from',
    'at',
    'least',
    'most',
    'within',
    'near',
    'substation',
    'grid',
    'capacity',
    'solar',
    'yield',
    'transit',
    'water',
    'price',
    'floors',
    'weight',
    'weights',
    'signals',
    'run',
    'back',
    'compare',
    'storage',
    'battery',
    'energy',
    'farm',
    'site',
    'sites',
    'pln',
    'a.s.l.',
    'get',
    'contributors',
    'criteria',
    'assumptions',
    'zoning',
    'constraints',
    'terrain',
    'market',
    'median',
    'report',
    'download',
    'sign',
    'key',
    'language',
    'how',
    'understood',
    'query',
    'legend',
    'pick',
    'parameters',
    'go',
    'address',
    'examples',
    'matching',
    'none',
    'plan',
    'local',
    'general',
    'study',
    'right',
    'pre-emption',
    'why',
    'needs',
    'only',
    'or',
    'for',
  ],
};

/** Words both languages share (a Polish `plan` is an English `plan`): never evidence of either. */
const SHARED = new Set(OWN_WORDS.pl.filter((word) => OWN_WORDS.en.includes(word)));

export function otherLanguage(language: Language): Language {
  return language === 'pl' ? 'en' : 'pl';
}

/** The words of `texts` that belong to `language` only, each with the text it was found in. */
export function wordsOf(language: Language, texts: readonly string[]): string[] {
  const own = new Set(OWN_WORDS[language].filter((word) => !SHARED.has(word)));
  const found: string[] = [];
  for (const text of texts) {
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}.-]*[\p{L}\p{N}.]|[\p{L}\p{N}]/gu) ?? []) {
      const bare = word.replace(/\.$/, '');
      if (own.has(word) || own.has(bare)) found.push(`${bare} in "${text.trim().slice(0, 120)}"`);
    }
  }
  return [...new Set(found)];
}

/**
 * Everything a person can read or hear on the page in its language: the text of visible elements,
 * the titles, aria labels, placeholders and alt texts of visible elements (the map's zoom buttons
 * have only those), every option of a visible select, and the map's attribution even while it is
 * folded into its button. Text inside an element marked with another `lang` (an API note, a name
 * from a register) or `translate="no"` (a feature's own name) is left out: the page says what
 * language it is in.
 */
export async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const language = document.documentElement.lang;
    // Another language, or a name the page says is not to be translated (a feature's own name).
    const foreign = (element: Element) =>
      (element.closest('[lang]')?.getAttribute('lang') ?? language) !== language || element.closest('[translate="no"]') !== null;
    const shown = (element: Element): boolean =>
      element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) || (element instanceof HTMLOptionElement && shown(element.parentElement!));
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || ['SCRIPT', 'STYLE'].includes(parent.tagName) || foreign(parent) || !shown(parent)) continue;
      texts.push(node.textContent);
    }
    for (const element of document.body.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
      if (foreign(element) || !shown(element)) continue;
      for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
        const value = element.getAttribute(name);
        if (value?.trim()) texts.push(value);
      }
    }
    const attribution = document.querySelector('.maplibregl-ctrl-attrib-inner');
    if (attribution?.textContent?.trim()) texts.push(attribution.textContent);
    return texts;
  });
}

/** The words of the other language on the page, as `wordsOf` finds them. */
export async function strayWords(page: Page, language: Language): Promise<string[]> {
  return wordsOf(otherLanguage(language), await visibleTexts(page));
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The boxes of the visible elements of `locator`, by a label of each. */
export async function boxesOf(locator: Locator): Promise<Array<{ name: string; box: Box }>> {
  const boxes: Array<{ name: string; box: Box }> = [];
  for (const element of await locator.all()) {
    const box = await element.boundingBox();
    if (box && box.width > 0 && box.height > 0) boxes.push({ name: (await element.getAttribute('class')) ?? '', box });
  }
  return boxes;
}
