import { useEffect, useState } from 'preact/hooks';
import { ApiError, postJson } from '../api/client.js';
import type { ParcelComparisonView } from '../api/types.js';
import { formatArea, formatDistance, formatNumber, useI18n } from '../i18n/i18n.js';
import type { MessageKey } from '../i18n/messages.js';

type Row = ParcelComparisonView['rows'][number];

const COLUMNS: Array<{ key: keyof Row; label: MessageKey; format: (language: 'pl' | 'en', value: number) => string }> = [
  { key: 'area_sqm', label: 'area', format: formatArea },
  { key: 'blocking_constraints', label: 'colBlocking', format: (language, value) => formatNumber(language, value) },
  { key: 'restrictive_constraints', label: 'colRestrictive', format: (language, value) => formatNumber(language, value) },
  { key: 'slope_mean_pct', label: 'colSlope', format: (language, value) => formatNumber(language, value, 1) },
  { key: 'substation_m', label: 'colSubstation', format: formatDistance },
  { key: 'transit_stop_m', label: 'colTransit', format: formatDistance },
  { key: 'school_m', label: 'colSchool', format: formatDistance },
  { key: 'water_m', label: 'colWater', format: formatDistance },
];

/** Up to 20 parcels side by side (POST /v1/parcels/compare); an empty cell is unknown, with the reason on hover. */
export function CompareTable({ parcelIds, onSelect, onClose }: { parcelIds: readonly string[]; onSelect(id: string): void; onClose(): void }) {
  const { language, t } = useI18n();
  const [view, setView] = useState<ParcelComparisonView | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setView(null);
    postJson<ParcelComparisonView>('/v1/parcels/compare', { parcel_ids: parcelIds })
      .then(setView)
      .catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)));
  }, [parcelIds.join('|')]);
  return (
    <section class="compare" aria-labelledby="compare-title">
      <div class="row">
        <h2 id="compare-title">{t('compareTitle')}</h2>
        <button type="button" class="link" onClick={onClose}>
          {t('close')}
        </button>
      </div>
      {error && (
        <p role="alert" class="alert error">
          {error}
        </p>
      )}
      {!view && !error && <p aria-busy="true">{t('loading')}</p>}
      {view && (
        <div class="table-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">{t('parcel')}</th>
                {COLUMNS.map((column) => (
                  <th scope="col" key={column.key}>
                    {t(column.label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row) => (
                <tr key={row.parcel_id}>
                  <th scope="row">
                    <button type="button" class="link" onClick={() => onSelect(row.parcel_id)}>
                      {row.parcel_id}
                    </button>
                  </th>
                  {COLUMNS.map((column) => {
                    const value = row[column.key];
                    const gap = row.gaps.find((candidate) => candidate.column === column.key);
                    return (
                      <td key={column.key} title={gap?.note ? `${t('unknownNotNo')} (${gap.note})` : undefined}>
                        {typeof value === 'number' ? column.format(language, value) : <span class="unknown" aria-label={t('unknownNotNo')}>?</span>}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
