import type { StyleSpecification } from 'maplibre-gl';
import { useMemo, useRef, useState } from 'preact/hooks';
import { useI18n } from './i18n/i18n.js';
import { LayerNamesContext } from './i18n/layer-names.js';
import { regionLabel } from './i18n/terms.js';
import { useCompare } from './map-app/compare.js';
import { useLayers } from './map-app/layers.js';
import { useMapLifecycle } from './map-app/map-lifecycle.js';
import { useParcelSelection } from './map-app/parcel-selection.js';
import { useRegion } from './map-app/region.js';
import { SearchPanel } from './map-app/search-panel.js';
import { useSearchRuns } from './map-app/search-runs.js';
import { Toolbar } from './map-app/toolbar.js';
import { useUrlSync } from './map-app/url-sync.js';
import { LayerSwitcher } from './map/layer-switcher.js';
import type { MapController, TileProblem } from './map/map-controller.js';
import { isDemoStyle, type MapWords } from './map/map-words.js';
import { RateLimitBanner } from './map/rate-limit-banner.js';
import { CompareTable } from './parcel/compare-table.js';
import { ParcelPanel } from './parcel/parcel-panel.js';
import { readUrlState } from './url-state.js';
import { WatchesPanel } from './watches/watches-panel.js';

/**
 * The map application: the side panel (search or scenario and its answer, a parcel, or the
 * comparison), the map with its overlays, and the address bar kept in step. Each concern is a hook
 * of its own (map-app/); this wires them together.
 */
export function MapApp({ style }: { style: StyleSpecification }) {
  const { language, t } = useI18n();
  const initial = useMemo(() => readUrlState(), []);
  const { url, urlRef, update, adopt } = useUrlSync(initial);
  const [tileProblem, setTileProblem] = useState<TileProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const mapElement = useRef<HTMLDivElement>(null);
  const map = useRef<MapController | null>(null);
  const { region, setRegion, loadRegion } = useRegion();
  const compare = useCompare(setNotice, () => t('compareLimit'));
  const parcel = useParcelSelection({ map, update, loadRegion, closeComparison: () => compare.setComparing(false), setNotice, noParcelHere: () => t('noParcelHere') });
  const { search, siteRank, setSiteRank, resultsRef, runSearch, runScenario } = useSearchRuns({ map, urlRef, update, language, clearParcel: parcel.clearParcel, loadRegion });
  const layers = useLayers(style, url, update);
  const demo = useMemo(() => isDemoStyle(style), [style]);
  const wordsRef = useRef<MapWords>({ language, attribution: '' });
  wordsRef.current = { language, attribution: demo ? `${t('attribution')}; ${t('attributionDemo')}` : t('attribution') };
  useMapLifecycle({
    style,
    initial,
    mapElement,
    map,
    visibleRef: layers.visibleRef,
    visible: layers.visible,
    styleLayers: layers.styleLayers,
    wordsRef,
    resultsRef,
    update,
    adopt,
    runSearch,
    loadParcel: parcel.loadParcel,
    selectParcel: parcel.selectParcel,
    parcelAt: parcel.parcelAt,
    clearParcel: parcel.clearParcel,
    selectSite: setSiteRank,
    setTileProblem,
  });

  const { comparing, compareIds } = compare;
  const openWatches = () => update({ mode: 'watches', parcelId: null }, 'push');
  const panel = comparing ? (
    <CompareTable parcelIds={compareIds} onSelect={(id) => parcel.selectParcel(id, true)} onClose={() => compare.setComparing(false)} />
  ) : url.parcelId ? (
    <ParcelPanel
      parcel={parcel.parcel}
      error={parcel.parcelError}
      comparing={compareIds.includes(url.parcelId)}
      onToggleCompare={() => compare.toggleCompare(url.parcelId!)}
      onBack={parcel.back}
      onOpenWatches={openWatches}
    />
  ) : url.mode === 'watches' ? (
    <WatchesPanel onSelectParcel={(id) => parcel.selectParcel(id, true)} />
  ) : (
    <SearchPanel
      url={url}
      search={search}
      region={region}
      siteRank={siteRank}
      onAddress={(candidate) => {
        if (candidate.parcel_id) parcel.selectParcel(candidate.parcel_id, true);
        else map.current?.flyTo(candidate.lng, candidate.lat, 17);
      }}
      onRegion={(found) => {
        setRegion(found);
        setNotice(t('coverageOf', { name: regionLabel(language, found) }));
      }}
      onSearch={(query, regionTeryt, push) => void runSearch(query, regionTeryt, push)}
      onScenario={(run) => void runScenario(run)}
      onCoverage={() => layers.setLayersOpen(true)}
      onSelectSite={(rank) => {
        setSiteRank(rank);
        const site = rank === null ? undefined : search.outcome!.sites![rank - 1];
        if (site) map.current?.fitTo([site.geometry as GeoJSON.Geometry]);
      }}
      onSelectParcel={(id) => parcel.selectParcel(id, true)}
      onFit={(geometries) => map.current?.fitTo(geometries)}
      onOpenWatches={openWatches}
    />
  );

  return (
    <LayerNamesContext.Provider value={layers.layerNames}>
      <div class={`map-app ${comparing ? 'comparing' : ''}`}>
        <Toolbar url={url} busy={search.busy} compareCount={compareIds.length} update={update} onCompare={() => compare.setComparing(true)} onSearch={(query) => void runSearch(query, null, true)} />
        <aside class="panel" aria-label={t('results')} lang={language}>
          {panel}
        </aside>
        <div class="map-wrap">
          <div ref={mapElement} class="map" role="application" aria-label={t('map')} />
          <LayerSwitcher overlays={layers.overlays} visible={layers.visible} onToggle={layers.toggleLayer} region={region} open={layers.layersOpen} onOpen={layers.setLayersOpen} />
          <RateLimitBanner />
          {tileProblem && (
            <p role="alert" class="map-alert">
              {t('tilesFailed', { status: tileProblem.status })}
            </p>
          )}
          {notice && (
            <p role="status" class="map-notice" onClick={() => setNotice(null)}>
              {notice}
            </p>
          )}
        </div>
      </div>
    </LayerNamesContext.Provider>
  );
}
