import { Map as MapLibre, NavigationControl, ScaleControl, setWorkerUrl, type GeoJSONSource, type LngLatBoundsLike, type Map as MapLibreMap, type StyleSpecification, type VectorTileSource } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { keyStore } from '../api/key-store.js';

setWorkerUrl(workerUrl);

export interface MapView {
  zoom: number;
  lat: number;
  lng: number;
}

export interface ResultFeature {
  parcelId: string;
  rank: number;
  geometry: GeoJSON.Geometry;
}

export interface TileProblem {
  status: number;
  retryAfterS: number | null;
}

export interface MapCallbacks {
  onClickParcel(parcelId: string): void;
  onClickPoint(lng: number, lat: number): void;
  onViewChange(view: MapView): void;
  onTileProblem(problem: TileProblem | null): void;
}

const RESULTS = 'results';
const SELECTED = 'selected';
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The MapLibre map: our style, the key on every request to our API (never to anything else), the
 * search results with their ranks and the selected parcel on top, and tile failures reported (a
 * rate-limited tile must not look like an empty map).
 */
export class MapController {
  readonly map: MapLibreMap;
  private ready: Promise<void>;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  /** Opens at `start.view`, else fitted to `start.fit` (a parcel), else on all of Poland. */
  constructor(container: HTMLElement, style: StyleSpecification, start: { view: MapView | null; fit: GeoJSON.Geometry | null }, private readonly callbacks: MapCallbacks) {
    const { view } = start;
    const fit = view ? null : start.fit ? boundsOf([start.fit]) : null;
    this.map = new MapLibre({
      container,
      style,
      center: view ? [view.lng, view.lat] : [19.2, 52.0],
      zoom: view?.zoom ?? 5.4,
      ...(fit ? { bounds: fit, fitBoundsOptions: { padding: 48, maxZoom: 17 } } : {}),
      minZoom: 4,
      maxZoom: 20,
      maxBounds: [
        [9, 46.5],
        [29, 57.5],
      ],
      // Responsive: the attribution collapses to a button on narrow maps (phones).
      attributionControl: {},
      transformRequest: (url) => authorised(url),
      cooperativeGestures: false,
    });
    this.map.addControl(new NavigationControl({ showCompass: false }), 'bottom-right');
    this.map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
    this.ready = new Promise((resolve) => this.map.once('load', () => resolve()));
    void this.ready.then(() => {
      this.addOwnLayers();
      // On a phone the attribution starts folded into its (i) button instead of covering the map.
      if (container.clientWidth < 640) container.querySelector('.maplibregl-ctrl-attrib')?.classList.remove('maplibregl-compact-show');
    });
    this.map.on('moveend', () => {
      const center = this.map.getCenter();
      this.callbacks.onViewChange({ zoom: this.map.getZoom(), lat: center.lat, lng: center.lng });
    });
    this.map.on('click', (event) => {
      const hit = this.map.getLayer(`${RESULTS}-fill`) ? this.map.queryRenderedFeatures(event.point, { layers: [`${RESULTS}-fill`] })[0] : undefined;
      const parcelId = hit?.properties?.parcel_id;
      if (typeof parcelId === 'string') this.callbacks.onClickParcel(parcelId);
      else this.callbacks.onClickPoint(event.lngLat.lng, event.lngLat.lat);
    });
    this.map.on('error', (event) => this.tileError(event.error as { status?: number; url?: string }, event as unknown as { sourceId?: string }));
    this.map.on('idle', () => {
      if (this.retryTimer === null) this.callbacks.onTileProblem(null);
    });
  }

  async setOverlays(visible: ReadonlySet<string>, styleLayers: ReadonlyMap<string, string[]>): Promise<void> {
    await this.ready;
    for (const [overlay, layers] of styleLayers) {
      for (const layer of layers) if (this.map.getLayer(layer)) this.map.setLayoutProperty(layer, 'visibility', visible.has(overlay) ? 'visible' : 'none');
    }
  }

  async setResults(results: readonly ResultFeature[]): Promise<void> {
    await this.ready;
    (this.map.getSource(RESULTS) as GeoJSONSource).setData({
      type: 'FeatureCollection',
      features: results.map((result) => ({ type: 'Feature', geometry: result.geometry, properties: { parcel_id: result.parcelId, rank: result.rank } })),
    });
  }

  async setSelected(geometry: GeoJSON.Geometry | null): Promise<void> {
    await this.ready;
    (this.map.getSource(SELECTED) as GeoJSONSource).setData(geometry ? { type: 'Feature', geometry, properties: {} } : EMPTY);
  }

  fitTo(geometries: readonly GeoJSON.Geometry[], maxZoom = 17): void {
    const bounds = boundsOf(geometries);
    if (bounds) this.map.fitBounds(bounds, { padding: 48, maxZoom, duration: 0 });
  }

  flyTo(lng: number, lat: number, zoom: number): void {
    this.map.jumpTo({ center: [lng, lat], zoom });
  }

  destroy(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.map.remove();
  }

  private addOwnLayers(): void {
    this.map.addSource(RESULTS, { type: 'geojson', data: EMPTY });
    this.map.addSource(SELECTED, { type: 'geojson', data: EMPTY });
    this.map.addLayer({ id: `${RESULTS}-fill`, type: 'fill', source: RESULTS, paint: { 'fill-color': '#1565c0', 'fill-opacity': 0.18 } });
    this.map.addLayer({ id: `${RESULTS}-line`, type: 'line', source: RESULTS, paint: { 'line-color': '#0d47a1', 'line-width': 2 } });
    this.map.addLayer({
      id: `${RESULTS}-rank`,
      type: 'symbol',
      source: RESULTS,
      // Where ranks crowd (a city at low zoom) the better rank is drawn and the others wait for a closer zoom.
      layout: { 'text-field': ['to-string', ['get', 'rank']], 'text-font': ['sans-serif'], 'text-size': 18, 'symbol-sort-key': ['get', 'rank'] },
      paint: { 'text-color': '#0d47a1', 'text-halo-color': '#ffffff', 'text-halo-width': 3 },
    });
    this.map.addLayer({ id: `${SELECTED}-fill`, type: 'fill', source: SELECTED, paint: { 'fill-color': '#e65100', 'fill-opacity': 0.2 } });
    this.map.addLayer({ id: `${SELECTED}-line`, type: 'line', source: SELECTED, paint: { 'line-color': '#e65100', 'line-width': 3 } });
  }

  /** A tile that failed is said out loud; after a 429 the tiles are asked again once the limit allows. */
  private tileError(error: { status?: number } | undefined, event: { sourceId?: string }): void {
    const status = error?.status;
    if (typeof status !== 'number' || status === 404) return;
    const retryAfterS = status === 429 ? 10 : null;
    this.callbacks.onTileProblem({ status, retryAfterS });
    if (status !== 429 || this.retryTimer !== null) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.reloadSource(event.sourceId);
    }, retryAfterS! * 1000);
  }

  private reloadSource(sourceId: string | undefined): void {
    const ids = sourceId ? [sourceId] : Object.keys(this.map.getStyle().sources);
    for (const id of ids) {
      const source = this.map.getSource(id) as VectorTileSource | undefined;
      if (source?.type !== 'vector') continue;
      if (source.url) source.setUrl(source.url);
      else if (source.tiles) source.setTiles(source.tiles);
    }
  }
}

/** Our API, on this page's origin, with the key; any other URL unchanged and without it. */
function authorised(url: string): { url: string; headers?: Record<string, string> } {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return { url };
  }
  if (!parsed.pathname.startsWith('/v1/')) return { url };
  // The style names the gateway's public base URL; the page may be reached under another name.
  const own = `${window.location.origin}${parsed.pathname}${parsed.search}`;
  const key = keyStore.get();
  return key ? { url: own, headers: { Authorization: `Bearer ${key}` } } : { url: own };
}

function boundsOf(geometries: readonly GeoJSON.Geometry[]): LngLatBoundsLike | null {
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  const visit = (coordinates: unknown): void => {
    if (Array.isArray(coordinates) && typeof coordinates[0] === 'number') {
      const [lng, lat] = coordinates as [number, number];
      minLng = Math.min(minLng, lng);
      maxLng = Math.max(maxLng, lng);
      minLat = Math.min(minLat, lat);
      maxLat = Math.max(maxLat, lat);
    } else if (Array.isArray(coordinates)) coordinates.forEach(visit);
  };
  for (const geometry of geometries) if ('coordinates' in geometry) visit(geometry.coordinates);
  return Number.isFinite(minLng) ? [minLng, minLat, maxLng, maxLat] : null;
}
