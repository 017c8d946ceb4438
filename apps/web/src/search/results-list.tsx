import type { SearchResponseView } from '../api/types.js';
import { formatArea, formatNumber, useI18n } from '../i18n/i18n.js';
import { term } from '../i18n/terms.js';

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
                {result.components.length > 0 && (
                  <span class="components" aria-label={t('score')}>
                    {result.components.map((component) => (
                      <span key={component.signal} class={`component ${component.missing ? 'missing' : ''}`} title={`${term(language, component.signal)}: ${formatNumber(language, component.contribution, 1)}`}>
                        {term(language, component.signal)} {formatNumber(language, component.contribution, 1)}
                      </span>
                    ))}
                  </span>
                )}
              </span>
              <span class="score" title={t('score')}>
                {result.score === null ? '–' : formatNumber(language, result.score, 1)}
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
