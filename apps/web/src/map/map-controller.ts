import { Map as MapLibre, setWorkerUrl, type GeoJSONSource, type LngLatBoundsLike, type Map as MapLibreMap, type StyleSpecification, type VectorTileSource } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { onRateLimit } from '../api/rate-gate.js';
import { mapLocale } from '../i18n/map-locale.js';
import { apiProtocolUrl, registerApiProtocol } from './api-protocol.js';
import { MapControls } from './map-controls.js';
import { withoutSourceAttribution, type MapWords } from './map-words.js';

setWorkerUrl(workerUrl);
registerApiProtocol();

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

/** A tile the server refused (other than for the rate limit, which the page's rate gate shows). */
export interface TileProblem {
  status: number;
}

export interface MapCallbacks {
  onClickParcel(parcelId: string): void;
  onClickPoint(lng: number, lat: number): void;
  onViewChange(view: MapView): void;
  onTileProblem(problem: TileProblem | null): void;
}

const RESULTS = 'results';
/** One label point per result: a polygon's own label would repeat in every tile it crosses. */
const RANKS = 'result-ranks';
const SELECTED = 'selected';
/** The parcels overlay of the style (gateway map-style.ts): its source and its outline layer. */
const PARCELS = 'parcels';
const PARCELS_LINE = 'overlay:parcels:line';
const HOVER = 'hover-parcel';
const POLAND: LngLatBoundsLike = [14.12, 49.0, 24.15, 54.84];
const EMPTY: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] };

/**
 * The MapLibre map: our style, the key on every request to our API (never to anything else), the
 * search results with their ranks and the selected parcel on top, and tile failures reported (a
 * rate-limited tile must not look like an empty map).
 */
export class MapController {
  readonly map: MapLibreMap;
  private ready: Promise<void>;
  /** Tiles were refused for the rate limit: ask for them again once the hold is over. */
  private reloadWhenOpen = false;
  private stopRateLimit: () => void;
  private hovered: string | null = null;
  private controls: MapControls;

  /** Opens at `start.view`, else fitted to `start.fit` (a parcel), else on all of Poland. */
  constructor(
    container: HTMLElement,
    style: StyleSpecification,
    start: { view: MapView | null; fit: GeoJSON.Geometry | null },
    words: MapWords,
    private readonly callbacks: MapCallbacks,
  ) {
    const { view } = start;
    // Without a view or a parcel: all of Poland, whatever the screen (a phone's narrow map too).
    const fit = view ? null : start.fit ? boundsOf([start.fit]) : POLAND;
    this.map = new MapLibre({
      container,
      style: withoutSourceAttribution(style),
      center: view ? [view.lng, view.lat] : [19.2, 52.0],
      zoom: view?.zoom ?? 5.4,
      ...(fit ? { bounds: fit, fitBoundsOptions: { padding: fit === POLAND ? 8 : 48, maxZoom: 17 } } : {}),
      minZoom: 4,
      maxZoom: 20,
      maxBounds: [
        [9, 46.5],
        [29, 57.5],
      ],
      // The attribution is one of our controls, in the reader's language (MapControls).
      attributionControl: false,
      locale: mapLocale(words.language),
      transformRequest: (url) => ({ url: apiProtocolUrl(url) ?? url }),
      cooperativeGestures: false,
    });
    this.controls = new MapControls(this.map);
    this.controls.show(words);
    this.ready = new Promise((resolve) => this.map.once('load', () => resolve()));
    void this.ready.then(() => this.addOwnLayers());
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
    // Where a click finds a parcel (a result, or a parcel drawn at this zoom) the pointer says so and
    // the parcel under it is outlined.
    let frame: number | null = null;
    let pointer: { x: number; y: number } | null = null;
    const hoverSoon = (point: { x: number; y: number } | null) => {
      pointer = point;
      frame ??= requestAnimationFrame(() => {
        frame = null;
        this.hover(pointer);
      });
    };
    this.map.on('mousemove', (event) => hoverSoon(event.point));
    this.map.on('mouseout', () => hoverSoon(null));
    // Tiles that arrive under a still pointer count too.
    this.map.on('idle', () => hoverSoon(pointer));
    this.map.on('error', (event) => this.tileError((event.error as { status?: number } | undefined)?.status));
    this.map.on('idle', () => this.callbacks.onTileProblem(null));
    this.stopRateLimit = onRateLimit((hold) => {
      if (hold || !this.reloadWhenOpen) return;
      this.reloadWhenOpen = false;
      this.reloadTiles();
    });
  }

  /** The controls' titles, the map's label and the attribution in another language. */
  setWords(words: MapWords): void {
    this.controls.show(words);
  }

  async setOverlays(visible: ReadonlySet<string>, styleLayers: ReadonlyMap<string, string[]>): Promise<void> {
    await this.ready;
    for (const [overlay, layers] of styleLayers) {
      for (const layer of layers) if (this.map.getLayer(layer)) this.map.setLayoutProperty(layer, 'visibility', visible.has(overlay) ? 'visible' : 'none');
    }
  }

  async setResults(results: readonly ResultFeature[]): Promise<void> {
    await this.ready;
    // setData's promise settles when the map's worker has the data; the map draws it then and
    // nothing here waits for that.
    void (this.map.getSource(RESULTS) as GeoJSONSource).setData({
      type: 'FeatureCollection',
      features: results.map((result) => ({ type: 'Feature', geometry: result.geometry, properties: { parcel_id: result.parcelId, rank: result.rank } })),
    });
    void (this.map.getSource(RANKS) as GeoJSONSource).setData({
      type: 'FeatureCollection',
      features: results.flatMap((result) => {
        const bounds = boundsOf([result.geometry]) as [number, number, number, number] | null;
        if (!bounds) return [];
        const point: GeoJSON.Point = { type: 'Point', coordinates: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2] };
        return [{ type: 'Feature' as const, geometry: point, properties: { parcel_id: result.parcelId, rank: result.rank } }];
      }),
    });
  }

  async setSelected(geometry: GeoJSON.Geometry | null): Promise<void> {
    await this.ready;
    void (this.map.getSource(SELECTED) as GeoJSONSource).setData(geometry ? { type: 'Feature', geometry, properties: {} } : EMPTY);
  }

  fitTo(geometries: readonly GeoJSON.Geometry[], maxZoom = 17): void {
    const bounds = boundsOf(geometries);
    if (bounds) this.map.fitBounds(bounds, { padding: 48, maxZoom, duration: 0 });
  }

  flyTo(lng: number, lat: number, zoom: number): void {
    this.map.jumpTo({ center: [lng, lat], zoom });
  }

  destroy(): void {
    this.stopRateLimit();
    this.map.remove();
  }

  private addOwnLayers(): void {
    this.map.addSource(RESULTS, { type: 'geojson', data: EMPTY });
    this.map.addSource(RANKS, { type: 'geojson', data: EMPTY });
    this.map.addSource(SELECTED, { type: 'geojson', data: EMPTY });
    this.map.addLayer({ id: `${RESULTS}-fill`, type: 'fill', source: RESULTS, paint: { 'fill-color': '#1565c0', 'fill-opacity': 0.18 } });
    this.map.addLayer({ id: `${RESULTS}-line`, type: 'line', source: RESULTS, paint: { 'line-color': '#0d47a1', 'line-width': 2 } });
    this.map.addLayer({
      id: `${RESULTS}-rank`,
      type: 'symbol',
      source: RANKS,
      // Where ranks crowd (a city at low zoom) the better rank is drawn and the others wait for a closer zoom.
      layout: { 'text-field': ['to-string', ['get', 'rank']], 'text-font': ['sans-serif'], 'text-size': 18, 'symbol-sort-key': ['get', 'rank'] },
      paint: { 'text-color': '#0d47a1', 'text-halo-color': '#ffffff', 'text-halo-width': 3 },
    });
    if (this.map.getSource(PARCELS)) {
      this.map.addLayer({
        id: HOVER,
        type: 'line',
        source: PARCELS,
        'source-layer': PARCELS,
        minzoom: 13,
        filter: ['==', ['get', 'id'], ''],
        paint: { 'line-color': '#e65100', 'line-width': 2, 'line-opacity': 0.8 },
      });
    }
    this.map.addLayer({ id: `${SELECTED}-fill`, type: 'fill', source: SELECTED, paint: { 'fill-color': '#e65100', 'fill-opacity': 0.2 } });
    this.map.addLayer({ id: `${SELECTED}-line`, type: 'line', source: SELECTED, paint: { 'line-color': '#e65100', 'line-width': 3 } });
  }

  private hover(point: { x: number; y: number } | null): void {
    const resultsShown = Boolean(this.map.getLayer(`${RESULTS}-fill`));
    const parcelsShown = this.map.getZoom() >= 13 && Boolean(this.map.getLayer(PARCELS_LINE)) && this.map.getLayoutProperty(PARCELS_LINE, 'visibility') !== 'none';
    const onResult = point !== null && resultsShown && this.map.queryRenderedFeatures([point.x, point.y], { layers: [`${RESULTS}-fill`] }).length > 0;
    const parcelId = point !== null && parcelsShown ? this.parcelUnder(point) : null;
    this.map.getCanvas().style.cursor = onResult || parcelId ? 'pointer' : '';
    if (parcelId !== this.hovered && this.map.getLayer(HOVER)) {
      this.hovered = parcelId;
      this.map.setFilter(HOVER, ['==', ['get', 'id'], parcelId ?? '']);
    }
  }

  /** The parcel whose polygon holds the point, from the parcels tiles already loaded (they are drawn as outlines only). */
  private parcelUnder(point: { x: number; y: number }): string | null {
    const { lng, lat } = this.map.unproject([point.x, point.y]);
    for (const feature of this.map.querySourceFeatures(PARCELS, { sourceLayer: PARCELS })) {
      const id = feature.properties?.id;
      if (typeof id === 'string' && containsPoint(feature.geometry, lng, lat)) return id;
    }
    return null;
  }

  /** A refused tile is said out loud; one refused for the rate limit is asked again when the page's hold is over (rate-gate). */
  private tileError(status: number | undefined): void {
    if (typeof status !== 'number' || status === 404) return;
    if (status === 429) this.reloadWhenOpen = true;
    else this.callbacks.onTileProblem({ status });
  }

  private reloadTiles(): void {
    for (const id of Object.keys(this.map.getStyle().sources)) {
      const source = this.map.getSource(id) as VectorTileSource | undefined;
      if (source?.type !== 'vector') continue;
      if (source.tiles) source.setTiles(source.tiles);
      else if (source.url) source.setUrl(source.url);
    }
  }
}

/** Point in a (multi)polygon by ray casting on lng/lat: holes flip it back out. */
function containsPoint(geometry: GeoJSON.Geometry, lng: number, lat: number): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.type === 'MultiPolygon' ? geometry.coordinates : [];
  return polygons.some((rings) => rings.filter((ring) => inRing(ring, lng, lat)).length % 2 === 1);
}

function inRing(ring: GeoJSON.Position[], lng: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > lat !== yj > lat && lng < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
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
