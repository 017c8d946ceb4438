import type { StyleSpecification } from 'maplibre-gl';
import { useEffect } from 'preact/hooks';
import type { ParcelFeatureView } from '../api/types.js';
import type { MapController, ResultFeature, TileProblem } from '../map/map-controller.js';
import type { MapWords } from '../map/map-words.js';
import { readUrlState, type UrlState } from '../url-state.js';
import { SITE_PREFIX } from './search-runs.js';
import type { UrlUpdate } from './url-sync.js';

/**
 * MapLibre (1 MB of script) is evaluated only when the map is made: on a map_url after the parcel's
 * panel is painted, so its parsing does not hold up the first view of the parcel (it did, measurably:
 * docs/performance.md); elsewhere at once.
 */
let mapModule: Promise<typeof import('../map/map-controller.js')> | null = null;
const loadMapModule = () => (mapModule ??= import('../map/map-controller.js'));

export interface MapLifecycle {
  style: StyleSpecification;
  initial: UrlState;
  mapElement: { current: HTMLDivElement | null };
  map: { current: MapController | null };
  /** What the map must show once it exists (it starts after the first answers). */
  visibleRef: { current: Set<string> };
  visible: Set<string>;
  styleLayers: Map<string, string[]>;
  /** The map's words in the reader's language, as they are when the map is made (it may start late). */
  wordsRef: { current: MapWords };
  resultsRef: { current: ResultFeature[] };
  update: UrlUpdate;
  adopt(next: UrlState): void;
  runSearch(query: string, regionTeryt: string | null, push: boolean): Promise<void>;
  loadParcel(parcelId: string, fit: boolean): Promise<ParcelFeatureView | null>;
  selectParcel(parcelId: string, fit: boolean): void;
  parcelAt(lng: number, lat: number): Promise<void>;
  clearParcel(): void;
  selectSite(rank: number): void;
  setTileProblem(problem: TileProblem | null): void;
}

/**
 * The page's start and the map's life: the URL's search and parcel answered first, the map made
 * (on the parcel, or where the URL says), back and forward followed, the overlays kept in step.
 */
export function useMapLifecycle(deps: MapLifecycle): void {
  const { mapElement, map, visible, styleLayers, wordsRef } = deps;
  useEffect(() => startPage(deps), []);

  // A language switch: the controls' titles and the attribution follow (the map made later reads wordsRef).
  const { language, attribution } = wordsRef.current;
  useEffect(() => map.current?.setWords(wordsRef.current), [language, attribution]);

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
}

/** Runs once: the callbacks it hands the map are those of the first render, as they always were. */
function startPage(deps: MapLifecycle): () => void {
  const { style, initial, mapElement, map, visibleRef, styleLayers, resultsRef } = deps;
  let cancelled = false;
  const createMap = async (parcelGeometry: GeoJSON.Geometry | null) => {
    const { MapController } = await loadMapModule();
    if (cancelled) return;
    map.current = new MapController(mapElement.current!, style, { view: initial.view, fit: initial.view ? null : parcelGeometry }, deps.wordsRef.current, {
      onClickParcel: (parcelId) => (parcelId.startsWith(SITE_PREFIX) ? deps.selectSite(Number(parcelId.slice(SITE_PREFIX.length))) : deps.selectParcel(parcelId, false)),
      onClickPoint: (lng, lat) => void deps.parcelAt(lng, lat),
      onViewChange: (view) => deps.update({ view }, 'replace'),
      onTileProblem: deps.setTileProblem,
    });
    if (parcelGeometry) void map.current.setSelected(parcelGeometry);
    void map.current.setOverlays(visibleRef.current, styleLayers);
    void map.current.setResults(resultsRef.current);
    if (!initial.view && !parcelGeometry && resultsRef.current.length > 0) map.current.fitTo(resultsRef.current.map((result) => result.geometry));
  };
  if (initial.query && initial.mode === 'search') void deps.runSearch(initial.query, null, false);
  // A map_url: the parcel's facts first, painted before MapLibre takes the main thread to start,
  // then the map opened on the parcel (no detour over all of Poland).
  if (initial.parcelId) {
    void deps.loadParcel(initial.parcelId, false).then((feature) =>
      requestAnimationFrame(() => setTimeout(() => void createMap(feature ? (feature.geometry as GeoJSON.Geometry) : null), 0)),
    );
  } else void createMap(null);
  const onPopState = () => {
    const next = readUrlState();
    deps.adopt(next);
    if (next.parcelId) void deps.loadParcel(next.parcelId, false);
    else deps.clearParcel();
  };
  window.addEventListener('popstate', onPopState);
  return () => {
    cancelled = true;
    window.removeEventListener('popstate', onPopState);
    map.current?.destroy();
  };
}
