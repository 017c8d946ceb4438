import type { CriterionCoverageView, SearchResponseView } from '../api/types.js';
import { criterionWords } from '../i18n/criterion-words.js';
import { useI18n } from '../i18n/i18n.js';
import { useLayerName } from '../i18n/layer-names.js';
import type { MessageKey } from '../i18n/messages.js';

/** What a gap means for the answer, by the criterion's mode and status (the API's note, in English, stays as the detail). */
const GAP_MEANING: Record<CriterionCoverageView['mode'], Record<'missing' | 'partial', MessageKey>> = {
  requires: { missing: 'gapRequiresMissing', partial: 'gapRequiresPartial' },
  screens: { missing: 'gapScreensMissing', partial: 'gapScreensPartial' },
};

/**
 * Every reason the answer may be incomplete, before the results: a blocked search, each criterion
 * without full data, and results that could not be screened. No data is not "no".
 */
export function CoverageWarnings({ outcome }: { outcome: SearchResponseView }) {
  const { language, t } = useI18n();
  const layerName = useLayerName(language);
  const gaps = outcome.coverage.filter((entry) => entry.status !== 'available');
  const unscreened = new Map<string, number>();
  for (const result of outcome.results) for (const criterion of result.unscreened ?? []) unscreened.set(criterion, (unscreened.get(criterion) ?? 0) + 1);
  if (!outcome.blocked && gaps.length === 0 && unscreened.size === 0) return null;
  return (
    <section class="warnings" aria-labelledby="coverage-warnings-title" role="region">
      <h2 id="coverage-warnings-title">⚠ {t('coverageWarnings')}</h2>
      {outcome.blocked && <p class="alert error">{t('blocked')}</p>}
      <ul>
        {gaps.map((entry) => (
          <li key={entry.criterion} class={`coverage-${entry.status}`}>
            <strong>{criterionWords(entry.criterion, language, layerName)}</strong> — {entry.status === 'missing' ? t('statusMissing') : t('statusPartial')}.{' '}
            {t(GAP_MEANING[entry.mode][entry.status as 'missing' | 'partial'])}
            {entry.note && (
              <details>
                <summary>{t('apiNote')}</summary>
                <p lang="en" class="small">
                  {entry.note}
                </p>
              </details>
            )}
          </li>
        ))}
        {[...unscreened].map(([criterion, count]) => (
          <li key={`unscreened-${criterion}`} class="coverage-unscreened">
            {t('unscreened', { n: count, what: criterionWords(criterion, language, layerName) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
