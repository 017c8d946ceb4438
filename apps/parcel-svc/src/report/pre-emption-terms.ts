import type { PreEmptionView, RegulationsView, ReportLanguage } from '@lp/contracts';
import { categoryName } from './report-terms.js';
import { formatNumber } from './report-vocabulary.js';

/** A pre-emption right as a report shows it: who holds it and why it applies, in the report's language. */
export interface PreEmptionWords {
  holder: string;
  basis: string;
  reason: string;
}

/**
 * The right in the report's language. The regulations block writes holder and reason in English
 * (the API's language); a Polish report says them in Polish from the right's id and the facts it
 * rests on. A right without an id (a block stored before rights had one) keeps the block's words.
 */
export function preEmptionWords(right: PreEmptionView, regulations: RegulationsView, language: ReportLanguage): PreEmptionWords {
  const english = { holder: right.holder, basis: right.basis, reason: right.reason };
  if (language === 'en' || !right.right) return english;
  const classes = (right.land_use_classes ?? []).join(', ');
  switch (right.right) {
    case 'agricultural_property':
      return {
        ...english,
        holder: 'Krajowy Ośrodek Wsparcia Rolnictwa (KOWR), działający na rzecz Skarbu Państwa',
        reason: `nieruchomość rolna (klasy użytków w EGiB: ${classes}) o powierzchni co najmniej 0,3 ha${regulations.mpzp ? ', nieprzeznaczona w planie miejscowym na cele inne niż rolne' : ''}`,
      };
    case 'forest_land':
      return {
        ...english,
        holder: 'Skarb Państwa reprezentowany przez Państwowe Gospodarstwo Leśne Lasy Państwowe',
        reason: classes
          ? `grunt leśny (klasy użytków w EGiB: ${classes})`
          : right.forest_pct !== undefined
            ? `drzewostany zajmują ${formatNumber(right.forest_pct, 'pl', 1)} % działki`
            : 'plan miejscowy przeznacza działkę pod las',
      };
    case 'national_park':
      return { ...english, holder: 'Skarb Państwa reprezentowany przez dyrektora parku narodowego', reason: 'działka leży w granicach parku narodowego' };
    case 'public_purpose':
      return {
        ...english,
        holder: 'gmina',
        reason: `plan miejscowy przeznacza działkę na cele publiczne${regulations.mpzp ? ` (${categoryName(regulations.mpzp.category, 'pl')})` : ''}`,
      };
  }
}
