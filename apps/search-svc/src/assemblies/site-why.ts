import type { NlLanguage } from '@lp/contracts';

/** What `why` says of one site; the numbers as the search measured them. */
export interface SiteFacts {
  parcels: number;
  totalSqm: number;
  largestSqm: number;
  /** Per site-level near criterion met: the member that meets it. */
  metBy: ReadonlyArray<{ criterion: string; parcelId: string }>;
  /** Area-weighted mean slope of the members with one, and the limit asked. */
  slope?: { pct: number; max: number };
}

const hectares = (sqm: number, lang: NlLanguage): string => `${(sqm / 10_000).toFixed(2).replace('.', lang === 'pl' ? ',' : '.')} ha`;

/** "sąsiednie działki" (2–4, but not 12–14), "sąsiednich działek": the Polish plural a count takes. */
function neighbouringParcelsPl(n: number): string {
  const tens = n % 100;
  return n % 10 >= 2 && n % 10 <= 4 && (tens < 12 || tens > 14) ? 'sąsiednie działki' : 'sąsiednich działek';
}

/** Why a site qualifies, in the language asked (English by default, Polish for a Polish query). */
export function siteWhy(facts: SiteFacts, lang: NlLanguage = 'en'): string[] {
  const lines =
    lang === 'pl'
      ? [`${facts.parcels} ${facts.parcels === 1 ? 'działka' : neighbouringParcelsPl(facts.parcels)}, łącznie ${hectares(facts.totalSqm, lang)} (największa ${hectares(facts.largestSqm, lang)})`]
      : [`${facts.parcels} ${facts.parcels === 1 ? 'parcel' : 'neighbouring parcels'}, ${hectares(facts.totalSqm, lang)} together (largest ${hectares(facts.largestSqm, lang)})`];
  for (const { criterion, parcelId } of facts.metBy) lines.push(lang === 'pl' ? `${criterion}: spełnia działka ${parcelId}` : `${criterion}: met by member ${parcelId}`);
  if (facts.slope) {
    const pct = facts.slope.pct.toFixed(1);
    lines.push(lang === 'pl' ? `średnie nachylenie ${pct.replace('.', ',')} % ważone powierzchnią (najwyżej ${facts.slope.max} %)` : `mean slope ${pct} % by area (at most ${facts.slope.max} %)`);
  }
  return lines;
}
