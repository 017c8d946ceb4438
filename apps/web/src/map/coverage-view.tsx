import { useContext } from 'preact/hooks';
import type { RegionView } from '../api/types.js';
import { useI18n } from '../i18n/i18n.js';
import { LayerNamesContext, useLayerName } from '../i18n/layer-names.js';
import { regionLabel } from '../i18n/terms.js';
import type { Overlay } from './overlays.js';

type Status = 'full' | 'partial' | 'none';

const ORDER: Record<Status, number> = { none: 0, partial: 1, full: 2 };

/**
 * Which layers have data in the selected gmina or region (GET /v1/regions: layers_available and
 * layers_partial), every layer of the catalogue: first the gaps, said as "unknown, not no", then
 * (folded) the layers with full data. Map overlays come first within each group.
 */
export function CoverageView({ region, overlays }: { region: RegionView | null; overlays: readonly Overlay[] }) {
  const { language, t } = useI18n();
  const layerName = useLayerName(language);
  const catalogue = Object.keys(useContext(LayerNamesContext).layers);
  if (!region) {
    return (
      <section class="coverage-view" aria-labelledby="coverage-view-title">
        <h3 id="coverage-view-title">{t('coverageView')}</h3>
        <p class="muted small">{t('coverageHint')}</p>
      </section>
    );
  }
  const status = (layerId: string): Status => (region.layers_available.includes(layerId) ? 'full' : region.layers_partial.includes(layerId) ? 'partial' : 'none');
  const overlayIds = overlays.map((overlay) => overlay.id);
  const layers = [...overlayIds, ...catalogue.filter((layerId) => !overlayIds.includes(layerId))].map((layerId) => ({ layerId, coverage: status(layerId) }));
  const gaps = layers.filter((layer) => layer.coverage !== 'full').sort((a, b) => ORDER[a.coverage] - ORDER[b.coverage]);
  const full = layers.filter((layer) => layer.coverage === 'full');
  const count = (wanted: Status) => layers.filter((layer) => layer.coverage === wanted).length;
  const row = ({ layerId, coverage }: { layerId: string; coverage: Status }) => (
    <li key={layerId} class="coverage-row">
      <span>{layerName(layerId)}</span>
      <span class={`coverage-badge coverage-${coverage}`}>
        {coverage === 'full' ? t('coverageFull') : coverage === 'partial' ? t('coveragePartialUnknown') : t('coverageUnknownNotNo')}
      </span>
    </li>
  );
  return (
    <section class="coverage-view" aria-labelledby="coverage-view-title">
      <h3 id="coverage-view-title">
        {t('coverageView')}: {regionLabel(language, region)}
      </h3>
      <p class="small">{t('coverageCounts', { full: count('full'), partial: count('partial'), none: count('none') })}</p>
      {gaps.length > 0 && <ul class="coverage-list">{gaps.map(row)}</ul>}
      {full.length > 0 && (
        <details>
          <summary>{t('coverageFullLayers', { n: full.length })}</summary>
          <ul class="coverage-list">{full.map(row)}</ul>
        </details>
      )}
    </section>
  );
}
