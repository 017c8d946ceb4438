import { useContext } from 'preact/hooks';
import type { RegionView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import { LayerNamesContext, useLayerName } from '../i18n/layer-names.js';
import type { Overlay } from './overlays.js';

type Status = 'full' | 'partial' | 'none';

/**
 * Which layers have data in the selected gmina or region (GET /v1/regions: layers_available and
 * layers_partial), every layer of the catalogue, map overlays first: where the service is blind,
 * said as "unknown, not no".
 */
export function CoverageView({ region, overlays }: { region: RegionView | null; overlays: readonly Overlay[] }) {
  const { language, t } = useI18n();
  const layerName = useLayerName(language);
  const allLayers = Object.keys(useContext(LayerNamesContext).layers);
  if (!region) {
    return (
      <section class="coverage-view" aria-labelledby="coverage-view-title">
        <h3 id="coverage-view-title">{t('coverageView')}</h3>
        <p class="muted small">{t('coverageHint')}</p>
      </section>
    );
  }
  const status = (layerId: string): Status => (region.layers_available.includes(layerId) ? 'full' : region.layers_partial.includes(layerId) ? 'partial' : 'none');
  const overlayIds = new Set(overlays.map((overlay) => overlay.id));
  const others = allLayers.filter((layerId) => !overlayIds.has(layerId));
  const counted = [...overlayIds, ...others].map(status);
  const count = (wanted: Status) => counted.filter((entry) => entry === wanted).length;
  const row = (layerId: string) => {
    const coverage = status(layerId);
    return (
      <li key={layerId} class="coverage-row">
        <span>{layerName(layerId)}</span>
        <span class={`coverage-badge coverage-${coverage}`}>
          {coverage === 'full' ? t('coverageFull') : coverage === 'partial' ? t('coveragePartialUnknown') : t('coverageUnknownNotNo')}
        </span>
      </li>
    );
  };
  return (
    <section class="coverage-view" aria-labelledby="coverage-view-title">
      <h3 id="coverage-view-title">
        {t('coverageView')}: {region.label}
      </h3>
      <p class="small">{t('coverageCounts', { full: count('full'), partial: count('partial'), none: count('none') })}</p>
      <ul class="coverage-list">{[...overlayIds].map(row)}</ul>
      {others.length > 0 && (
        <details>
          <summary>{t('coverageOtherLayers')}</summary>
          <ul class="coverage-list">{others.map(row)}</ul>
        </details>
      )}
    </section>
  );
}
