import type { StyleSpecification } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { ApiError, getJson, postJson } from './api/client.js';
import type { NaturalLanguageSearchView, ParcelFeatureView, RegionView, SearchOutcome, SearchResponseView, SearchParcelsRequest } from './api/types.js';
import { useI18n } from './i18n/i18n.js';
import { RateLimitBanner } from './map/rate-limit-banner.js';
import { LayerSwitcher } from './map/layer-switcher.js';
import type { MapController, ResultFeature, TileProblem } from './map/map-controller.js';
import { layerNamesOf, overlaysOf } from './map/overlays.js';
import { LayerNamesContext } from './i18n/layer-names.js';
import { CompareTable } from './parcel/compare-table.js';
import { loadParcelFacts } from './parcel/parcel-loader.js';
import { ParcelPanel } from './parcel/parcel-panel.js';
import { ScenarioPanel, type ScenarioRun } from './scenario/scenario-panel.js';
import { CoverageWarnings } from './search/coverage-warnings.js';
import { Interpretation } from './search/interpretation.js';
import { NearMisses } from './search/near-misses.js';
import { ResultsList } from './search/results-list.js';
import { SitesList } from './search/sites-list.js';
import { PlaceSearch } from './search/place-search.js';
import { SearchBox } from './search/search-box.js';
import { readUrlState, writeUrlState, type UrlState } from './url-state.js';

const COMPARE_MAX = 20;
/** A site's outline on the map answers clicks under this id, not a parcel's. */
const SITE_PREFIX = 'site:';

/**
 * MapLibre (1 MB of script) is evaluated only when the map is made: on a map_url after the parcel's
 * panel is painted, so its parsing does not hold up the first view of the parcel (it did, measurably:
 * docs/performance.md); elsewhere at once.
 */
let mapModule: Promise<typeof import('./map/map-controller.js')> | null = null;
const loadMapModule = () => (mapModule ??= import('./map/map-controller.js'));

interface SearchState {
  outcome: SearchOutcome | null;
  interpretation: NaturalLanguageSearchView['interpretation'] | null;
  error: ApiError | null;
  busy: boolean;
}

export function MapApp({ style }: { style: StyleSpecification }) {
  const { language, t } = useI18n();
  const initial = useMemo(() => readUrlState(), []);
  const overlays = useMemo(() => overlaysOf(style), [style]);
  const layerNames = useMemo(() => layerNamesOf(style), [style]);
  const [layersOpen, setLayersOpen] = useState(false);
  const [url, setUrl] = useState<UrlState>(initial);
  const [search, setSearch] = useState<SearchState>({ outcome: null, interpretation: null, error: null, busy: false });
  const [parcel, setParcel] = useState<ParcelFeatureView | null>(null);
  const [parcelError, setParcelError] = useState<string | null>(null);
  const [region, setRegion] = useState<RegionView | null>(null);
  const [tileProblem, setTileProblem] = useState<TileProblem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [siteRank, setSiteRank] = useState<number | null>(null);
  const [compareIds, setCompareIds] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const visible = useMemo(() => new Set(url.layers ?? overlays.filter((overlay) => overlay.visible).map((overlay) => overlay.id)), [url.layers, overlays]);
  const mapElement = useRef<HTMLDivElement>(null);
  const map = useRef<MapController | null>(null);
  const urlRef = useRef(url);
  urlRef.current = url;
  // What the map must show once it exists (it starts after the first answers).
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const resultsRef = useRef<ResultFeature[]>([]);
  const styleLayers = useMemo(() => new Map(overlays.map((overlay) => [overlay.id, overlay.style_layers])), [overlays]);

  const update = (change: Partial<UrlState>, history: 'push' | 'replace') => {
    const next = { ...urlRef.current, ...change };
    urlRef.current = next;
    setUrl(next);
    writeUrlState(next, history);
  };

  useEffect(() => {
    let cancelled = false;
    const createMap = async (parcelGeometry: GeoJSON.Geometry | null) => {
      const { MapController } = await loadMapModule();
      if (cancelled) return;
      map.current = new MapController(mapElement.current!, style, { view: initial.view, fit: initial.view ? null : parcelGeometry }, {
        onClickParcel: (parcelId) => (parcelId.startsWith(SITE_PREFIX) ? setSiteRank(Number(parcelId.slice(SITE_PREFIX.length))) : selectParcel(parcelId, false)),
        onClickPoint: (lng, lat) => void parcelAt(lng, lat),
        onViewChange: (view) => update({ view }, 'replace'),
        onTileProblem: setTileProblem,
      });
      if (parcelGeometry) void map.current.setSelected(parcelGeometry);
      void map.current.setOverlays(visibleRef.current, styleLayers);
      void map.current.setResults(resultsRef.current);
      if (!initial.view && !parcelGeometry && resultsRef.current.length > 0) map.current.fitTo(resultsRef.current.map((result) => result.geometry));
    };
    if (initial.query && initial.mode === 'search') void runSearch(initial.query, null, false);
    // A map_url: the parcel's facts first, painted before MapLibre takes the main thread to start,
    // then the map opened on the parcel (no detour over all of Poland).
    if (initial.parcelId) {
      void loadParcel(initial.parcelId, false).then((feature) =>
        requestAnimationFrame(() => setTimeout(() => void createMap(feature ? (feature.geometry as GeoJSON.Geometry) : null), 0)),
      );
    }
    else void createMap(null);
    const onPopState = () => {
      const next = readUrlState();
      urlRef.current = next;
      setUrl(next);
      if (next.parcelId) void loadParcel(next.parcelId, false);
      else clearParcel();
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      cancelled = true;
      window.removeEventListener('popstate', onPopState);
      map.current?.destroy();
    };
  }, []);

  useEffect(() => {
    void map.current?.setOverlays(visible, styleLayers);
  }, [visible, styleLayers]);

  // The map is redrawn when the layer panel over it changes size: headless Chromium (and some
  // software-rendered browsers) otherwise leave the part it uncovered blank until the map moves.
  useEffect(() => {
    const panel = mapElement.current?.parentElement?.querySelector('.layer-switcher');
    if (!panel) return;
    const observer = new ResizeObserver(() => map.current?.map.triggerRepaint());
    observer.observe(panel);
    return () => observer.disconnect();
  }, []);

  // Sites of several parcels are drawn as results are: their outlines with their ranks.
  const featuresOf = (outcome: SearchOutcome): ResultFeature[] =>
    outcome.sites
      ? outcome.sites.map((site, index) => ({ parcelId: `${SITE_PREFIX}${index + 1}`, rank: index + 1, geometry: site.geometry as GeoJSON.Geometry }))
      : outcome.results.map((result, index) => ({ parcelId: result.parcel_id, rank: index + 1, geometry: result.geometry as GeoJSON.Geometry }));

  const showOutcome = (outcome: SearchOutcome, fit: boolean) => {
    setSiteRank(null);
    const features = featuresOf(outcome);
    resultsRef.current = features;
    void map.current?.setResults(features);
    if (fit && features.length > 0) map.current?.fitTo(features.map((feature) => feature.geometry));
  };

  const runSearch = async (query: string, regionTeryt: string | null, push: boolean) => {
    if (push) update({ query, mode: 'search', parcelId: null }, 'push');
    setSearch({ outcome: null, interpretation: null, error: null, busy: true });
    clearParcel();
    try {
      // The interpretation's words (filters, assumptions, why) in the reader's language, whatever the query's.
      const answer = await postJson<NaturalLanguageSearchView>('/v1/search/natural-language', { query, language, limit: 50, ...(regionTeryt ? { region: regionTeryt } : {}) });
      setSearch({ outcome: answer, interpretation: answer.interpretation, error: null, busy: false });
      showOutcome(answer, urlRef.current.parcelId === null);
      if (answer.interpretation.region) void loadRegion(answer.interpretation.region.name, answer.interpretation.region.teryt);
    } catch (error) {
      setSearch({ outcome: null, interpretation: null, error: asApiError(error), busy: false });
      resultsRef.current = [];
      void map.current?.setResults([]);
    }
  };

  const runScenario = async (run: ScenarioRun) => {
    update({ mode: 'scenario', scenario: run.scenario, region: run.region, parcelId: null, query: '' }, 'push');
    setSearch({ outcome: null, interpretation: null, error: null, busy: true });
    clearParcel();
    try {
      const body = await postJson<SearchParcelsRequest>(`/v1/scenarios/${encodeURIComponent(run.scenario)}/compile`, {
        params: run.params,
        weights: run.weights,
        ...(run.region ? { region: run.region } : {}),
        limit: 50,
      });
      const outcome = await postJson<SearchResponseView>('/v1/search/parcels', body);
      setSearch({ outcome, interpretation: null, error: null, busy: false });
      showOutcome(outcome, true);
      if (run.region) void loadRegion(run.region, run.region);
    } catch (error) {
      setSearch({ outcome: null, interpretation: null, error: asApiError(error), busy: false });
    }
  };

  const loadRegion = async (name: string, teryt: string) => {
    try {
      const found = await getJson<RegionView[]>('/v1/regions', { query: { q: name, limit: 20 } });
      setRegion(found.find((candidate) => candidate.teryt === teryt) ?? null);
    } catch {
      setRegion(null);
    }
  };

  const loadParcel = async (parcelId: string, fit: boolean): Promise<ParcelFeatureView | null> => {
    setParcel(null);
    setParcelError(null);
    try {
      const feature = await loadParcelFacts(parcelId);
      setParcel(feature);
      void map.current?.setSelected(feature.geometry as GeoJSON.Geometry);
      if (fit) map.current?.fitTo([feature.geometry as GeoJSON.Geometry], 17);
      void loadRegion(feature.properties.gmina, feature.properties.teryt);
      return feature;
    } catch (error) {
      const failure = asApiError(error);
      setParcelError(failure.candidates.length > 0 ? `${failure.message} ${failure.candidates.join(', ')}` : failure.message);
      void map.current?.setSelected(null);
      return null;
    }
  };

  const selectParcel = (parcelId: string, fit: boolean) => {
    setComparing(false);
    update({ parcelId }, 'push');
    void loadParcel(parcelId, fit);
  };

  const parcelAt = async (lng: number, lat: number) => {
    try {
      const feature = await getJson<ParcelFeatureView>('/v1/parcels/at', { query: { lng: lng.toFixed(7), lat: lat.toFixed(7) } });
      setNotice(null);
      selectParcel(feature.properties.parcel_id, false);
    } catch (error) {
      const failure = asApiError(error);
      setNotice(failure.status === 404 ? t('noParcelHere') : failure.message);
    }
  };

  const clearParcel = () => {
    setParcel(null);
    setParcelError(null);
    void map.current?.setSelected(null);
  };

  const back = () => {
    update({ parcelId: null }, 'push');
    clearParcel();
  };

  const toggleLayer = (layerId: string) => {
    const next = new Set(visible);
    if (next.has(layerId)) next.delete(layerId);
    else next.add(layerId);
    update({ layers: [...next] }, 'replace');
  };

  const toggleCompare = (parcelId: string) => {
    if (compareIds.includes(parcelId)) setCompareIds(compareIds.filter((id) => id !== parcelId));
    else if (compareIds.length >= COMPARE_MAX) setNotice(t('compareLimit'));
    else setCompareIds([...compareIds, parcelId]);
  };

  const panel = comparing ? (
    <CompareTable parcelIds={compareIds} onSelect={(id) => selectParcel(id, true)} onClose={() => setComparing(false)} />
  ) : url.parcelId ? (
    <ParcelPanel parcel={parcel} error={parcelError} comparing={compareIds.includes(url.parcelId)} onToggleCompare={() => toggleCompare(url.parcelId!)} onBack={back} />
  ) : (
    <>
      {url.mode === 'search' && (
        <PlaceSearch
          onAddress={(candidate) => {
            if (candidate.parcel_id) selectParcel(candidate.parcel_id, true);
            else map.current?.flyTo(candidate.lng, candidate.lat, 17);
          }}
          onRegion={(found) => {
            setRegion(found);
            setNotice(t('coverageOf', { name: found.label }));
          }}
        />
      )}
      {url.mode === 'search' && !search.busy && !search.outcome && !search.error && <Welcome onPick={(query) => void runSearch(query, null, true)} />}
      {url.mode === 'scenario' && <ScenarioPanel initialScenario={url.scenario} initialRegion={url.region} busy={search.busy} onRun={(run) => void runScenario(run)} />}
      {search.busy && <p aria-busy="true">{t('searching')}</p>}
      {search.error && <SearchError error={search.error} onPick={(teryt) => void runSearch(url.query, teryt, false)} />}
      {search.interpretation && <Interpretation interpretation={search.interpretation} />}
      {search.outcome && <CoverageWarnings outcome={search.outcome} />}
      {region && (
        <p class="small coverage-link">
          {t('coverageOf', { name: region.label })}{' '}
          <button type="button" class="link" onClick={() => setLayersOpen(true)}>
            {t('coverageView')} →
          </button>
        </p>
      )}
      {search.outcome?.sites && (
        <SitesList
          sites={search.outcome.sites}
          matched={search.outcome.matched}
          candidates={search.outcome.candidates}
          note={search.outcome.note}
          selectedRank={siteRank}
          selectedParcelId={url.parcelId}
          onSelectSite={(rank) => {
            setSiteRank(rank);
            const site = rank === null ? undefined : search.outcome!.sites![rank - 1];
            if (site) map.current?.fitTo([site.geometry as GeoJSON.Geometry]);
          }}
          onSelectParcel={(id) => selectParcel(id, true)}
          onFit={() => map.current?.fitTo(featuresOf(search.outcome!).map((feature) => feature.geometry))}
        />
      )}
      {search.outcome && !search.outcome.sites && (
        <ResultsList
          outcome={search.outcome}
          selectedId={url.parcelId}
          onSelect={(id) => selectParcel(id, true)}
          onFit={() => map.current?.fitTo(search.outcome!.results.map((result) => result.geometry as GeoJSON.Geometry))}
        />
      )}
      {search.outcome?.near_misses && <NearMisses nearMisses={search.outcome.near_misses} onSelect={(id) => selectParcel(id, true)} />}
    </>
  );

  return (
    <LayerNamesContext.Provider value={layerNames}>
    <div class={`map-app ${comparing ? 'comparing' : ''}`}>
      <div class="toolbar">
        <div class="modes" role="tablist" aria-label={t('modeSearch')}>
          <button type="button" role="tab" aria-selected={url.mode === 'search'} onClick={() => update({ mode: 'search' }, 'replace')}>
            {t('modeSearch')}
          </button>
          <button type="button" role="tab" aria-selected={url.mode === 'scenario'} onClick={() => update({ mode: 'scenario', parcelId: null }, 'replace')}>
            {t('modeScenario')}
          </button>
          {compareIds.length > 0 && (
            <button type="button" class="secondary" onClick={() => setComparing(true)}>
              {t('compare', { n: compareIds.length })}
            </button>
          )}
        </div>
        {url.mode === 'search' && <SearchBox initial={url.query} busy={search.busy} onSearch={(query) => void runSearch(query, null, true)} />}
      </div>
      <aside class="panel" aria-label={t('results')} lang={language}>
        {panel}
      </aside>
      <div class="map-wrap">
        <div ref={mapElement} class="map" role="application" aria-label="Mapa / Map" />
        <LayerSwitcher overlays={overlays} visible={visible} onToggle={toggleLayer} region={region} open={layersOpen} onOpen={setLayersOpen} />
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

const EXAMPLES = {
  pl: [
    'farma fotowoltaiczna koło Poznania, co najmniej 2 ha, do 3 km od stacji 110 kV, bez Natury 2000',
    'magazyn energii w Poznaniu, co najmniej 1 ha',
    'działka budowlana w Poznaniu, niezabudowana, do 800 m od przystanku',
  ],
  en: ['warehouse near Poznań, at least 2 ha, flat', 'battery storage in Poznań within 5 km of a 110 kV substation', 'vacant building plot in Poznań near public transport'],
};

function Welcome({ onPick }: { onPick(query: string): void }) {
  const { language, t } = useI18n();
  return (
    <section class="welcome" aria-labelledby="welcome-title">
      <h2 id="welcome-title">{t('welcomeTitle')}</h2>
      <p>{t('welcomeText')}</p>
      <h3>{t('examples')}</h3>
      <ul>
        {EXAMPLES[language].map((example) => (
          <li key={example}>
            <button type="button" class="link" onClick={() => onPick(example)}>
              {example}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SearchError({ error, onPick }: { error: ApiError; onPick(teryt: string): void }) {
  const { t } = useI18n();
  const choices = error.candidates.map((label) => ({ label, teryt: /\((\d{2,7})\)\s*$/.exec(label)?.[1] ?? null }));
  return (
    <div role="alert" class="alert error">
      <p>{error.message}</p>
      {error.code === 'ambiguous_region' && choices.length > 0 && (
        <>
          <p>{t('ambiguous')}</p>
          <ul>
            {choices.map((choice) => (
              <li key={choice.label}>
                {choice.teryt ? (
                  <button type="button" class="link" onClick={() => onPick(choice.teryt!)}>
                    {choice.label}
                  </button>
                ) : (
                  choice.label
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'network', String(error));
}
