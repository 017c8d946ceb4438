import type { ParcelFeatureView } from '../api/types.js';
import { formatArea, useI18n } from '../i18n/i18n.js';
import { Constraints, CoverageGaps, Market, Nearest, Terrain, Zoning } from './parcel-sections.js';
import { ReportActions } from './report-actions.js';
import { WatchThis } from '../watches/watch-this.js';

export interface ParcelPanelProps {
  parcel: ParcelFeatureView | null;
  error: string | null;
  comparing: boolean;
  onToggleCompare(): void;
  onBack(): void;
  onOpenWatches(): void;
}

/** Everything known about one parcel, with its gaps said as "unknown, not no". */
export function ParcelPanel({ parcel, error, comparing, onToggleCompare, onBack, onOpenWatches }: ParcelPanelProps) {
  const { language, t } = useI18n();
  if (error) {
    return (
      <section class="parcel" aria-live="polite">
        <button type="button" class="link" onClick={onBack}>
          ← {t('back')}
        </button>
        <p role="alert" class="alert error">
          {error}
        </p>
      </section>
    );
  }
  if (!parcel) return <p aria-busy="true">{t('loading')}</p>;
  const p = parcel.properties;
  return (
    <article class="parcel" aria-labelledby="parcel-title">
      <div class="row">
        <button type="button" class="link" onClick={onBack}>
          ← {t('back')}
        </button>
        <label class="inline">
          <input type="checkbox" checked={comparing} onChange={onToggleCompare} /> {t('compareAdd')}
        </label>
      </div>
      <h2 id="parcel-title">
        {t('parcel')} <span class="parcel-id">{p.parcel_id}</span>
      </h2>
      <dl class="base-facts">
        <dt>{t('gmina')}</dt>
        <dd>
          <span lang="pl">{p.gmina}</span> <span class="muted">({p.teryt})</span>
        </dd>
        <dt>{t('precinct')}</dt>
        <dd lang="pl">{p.precinct_name ?? p.precinct_id}</dd>
        <dt>{t('area')}</dt>
        <dd>{formatArea(language, p.area_sqm)}</dd>
        <dt>{t('landUse')}</dt>
        <dd>{p.land_use_classes.length > 0 ? p.land_use_classes.join(', ') : t('unknown')}</dd>
      </dl>
      <CoverageGaps blocks={[p.regulations, p.constraints, p.terrain, p.proximity, p.market]} />
      {p.regulations && <Zoning regulations={p.regulations} />}
      {p.constraints && <Constraints constraints={p.constraints} />}
      {p.terrain && <Terrain terrain={p.terrain} />}
      {p.proximity && <Nearest proximity={p.proximity} />}
      {p.market && <Market market={p.market} />}
      <ReportActions parcelId={p.parcel_id} />
      <WatchThis key={p.parcel_id} target={{ parcel_ids: [p.parcel_id] }} what="parcel" defaultName={p.parcel_id} onOpenList={onOpenWatches} />
    </article>
  );
}
