import type { NearMissesView } from '../api/types.js';
import { criterionWords } from '../i18n/criterion-words.js';
import { formatArea, formatNumber, useI18n } from '../i18n/i18n.js';
import { useLayerName } from '../i18n/layer-names.js';
import { missedBy, nearMissValue, parcelsWord } from '../i18n/near-miss-words.js';

export interface NearMissesProps {
  nearMisses: NearMissesView;
  onSelect(parcelId: string): void;
}

/**
 * "What would it take", under few results: each relaxation with the parcels it would add (those adding
 * none folded into one line), the parcels failing one criterion only with what they miss by, and what
 * was not evaluated in time (not evaluated, not "nothing to gain").
 */
export function NearMisses({ nearMisses, onSelect }: NearMissesProps) {
  const { language, t } = useI18n();
  const layerName = useLayerName(language);
  const words = (criterion: string) => criterionWords(criterion, language, layerName);
  const gaining = nearMisses.relaxations.filter((relaxation) => relaxation.added > 0);
  const fruitless = nearMisses.relaxations.filter((relaxation) => relaxation.added === 0);
  const step = (relaxation: NearMissesView['relaxations'][number]) =>
    `${words(relaxation.criterion)} ${nearMissValue(language, relaxation.from, relaxation.parameter, relaxation.criterion)} → ${nearMissValue(language, relaxation.to, relaxation.parameter, relaxation.criterion)}`;
  // What the parcel misses by: its value and the limit, where the criterion measures one.
  const missWords = (miss: NearMissesView['one_away'][number]) => {
    if (miss.value === undefined) return miss.limit === undefined ? words(miss.criterion) : `${words(miss.criterion)} (${t('limit')} ${nearMissValue(language, miss.limit, miss.parameter, miss.criterion)})`;
    if (miss.limit === undefined) return `${words(miss.criterion)} ${nearMissValue(language, miss.value, miss.parameter, miss.criterion)}`;
    const [value, limit] = missedBy(language, miss.value, miss.limit, miss.parameter, miss.criterion);
    return `${words(miss.criterion)} ${value} (${t('limit')} ${limit})`;
  };
  return (
    <section class="near-misses" aria-labelledby="near-misses-title" role="region">
      <h2 id="near-misses-title">{t('nearMisses')}</h2>
      {gaining.length > 0 && (
        <ul class="relaxations">
          {gaining.map((relaxation) => (
            <li key={relaxation.parameter}>
              {step(relaxation)}: <strong>{t('addedParcels', { n: formatNumber(language, relaxation.added), parcels: parcelsWord(language, relaxation.added) })}</strong>
            </li>
          ))}
        </ul>
      )}
      {fruitless.length > 0 && <p class="small muted">{t('addsNothing', { what: fruitless.map(step).join('; ') })}</p>}
      {nearMisses.one_away.length > 0 && (
        <>
          <h3>{t('oneAway')}</h3>
          <ul class="result-list one-away">
            {nearMisses.one_away.map((miss) => (
              <li key={`${miss.parcel_id}-${miss.criterion}`}>
                <button type="button" class="result" onClick={() => onSelect(miss.parcel_id)}>
                  <span class="result-main">
                    <span class="parcel-id">{miss.parcel_id}</span>
                    <span class="muted">
                      {miss.gmina} · {formatArea(language, miss.area_sqm)}
                    </span>
                    <span class="miss">{missWords(miss)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {nearMisses.not_evaluated && nearMisses.not_evaluated.length > 0 && (
        <p class="small">{t('notEvaluated', { what: nearMisses.not_evaluated.map((item) => (item.includes('.') ? item : words(item))).join(', ') })}</p>
      )}
    </section>
  );
}
