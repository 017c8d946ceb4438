import type { SearchResponseView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';

/**
 * Every reason the answer may be incomplete, before the results: a blocked search, each criterion
 * without full data, and results that could not be screened. No data is not "no".
 */
export function CoverageWarnings({ outcome }: { outcome: SearchResponseView }) {
  const { t } = useI18n();
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
            <strong>{entry.criterion}</strong> — {entry.status === 'missing' ? t('statusMissing') : t('statusPartial')}
            {entry.note ? `: ${entry.note}` : ''}
          </li>
        ))}
        {[...unscreened].map(([criterion, count]) => (
          <li key={`unscreened-${criterion}`} class="coverage-unscreened">
            {t('unscreened', { n: count, what: criterion })}
          </li>
        ))}
      </ul>
    </section>
  );
}
