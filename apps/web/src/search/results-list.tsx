import type { SearchResponseView, SearchResultView } from '../api/types.js';
import { formatArea, formatNumber, useI18n } from '../i18n/i18n.js';
import { signalValue, term } from '../i18n/terms.js';

export interface ResultsListProps {
  outcome: SearchResponseView;
  selectedId: string | null;
  onSelect(parcelId: string): void;
  onFit(): void;
}

/** The ranked parcels: id, gmina, area, score and what it is made of; the map shows the same ranks. */
export function ResultsList({ outcome, selectedId, onSelect, onFit }: ResultsListProps) {
  const { language, t } = useI18n();
  return (
    <section class="results" aria-labelledby="results-title">
      <div class="row">
        <h2 id="results-title">
          {t('results')} <span class="muted">{t('resultsCount', { count: outcome.count, matched: outcome.matched })}</span>
        </h2>
        {outcome.results.length > 0 && (
          <button type="button" class="link" onClick={onFit}>
            {t('fitResults')}
          </button>
        )}
      </div>
      {outcome.results.length === 0 && !outcome.blocked && <p>{t('noResults')}</p>}
      {outcome.results.length > 0 && outcome.results.every((result) => result.score === null) && <p class="small muted score-note">{t('scoreNeedsScenario')}</p>}
      <ol class="result-list">
        {outcome.results.map((result, index) => (
          <li key={result.parcel_id}>
            <button type="button" class={`result ${result.parcel_id === selectedId ? 'selected' : ''}`} onClick={() => onSelect(result.parcel_id)} aria-current={result.parcel_id === selectedId}>
              <span class="rank" aria-hidden="true">
                {index + 1}
              </span>
              <span class="result-main">
                <span class="parcel-id">{result.parcel_id}</span>
                <span class="muted">
                  {result.gmina} · {formatArea(language, result.area_sqm)}
                </span>
                {result.components.length > 0 && <ScoreParts components={result.components} />}
              </span>
              <span class="score" title={result.score === null ? t('noScore') : t('scoreOf', { score: formatNumber(language, result.score, 1) })}>
                {result.score === null ? '–' : formatNumber(language, result.score, 1)}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * What a score is made of: each signal by name with its points (of the score's 100), its raw value
 * with its unit on hover; a signal the parcel has no data for says so (0 points).
 */
function ScoreParts({ components }: { components: SearchResultView['components'] }) {
  const { language, t } = useI18n();
  return (
    <span class="components" aria-label={t('scoreParts')}>
      {components.map((component) => {
        const signal = term(language, component.signal);
        const points = formatNumber(language, component.contribution, 1);
        const value = component.value === null ? t('unknown') : signalValue(language, component.signal, component.value);
        return (
          <span key={component.signal} class={`component ${component.missing ? 'missing' : ''}`} title={component.missing ? t('componentMissing', { signal }) : t('componentTitle', { signal, points, value })}>
            {t('componentPoints', { signal, points })}
          </span>
        );
      })}
    </span>
  );
}
