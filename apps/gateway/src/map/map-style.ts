import { CONSTRAINT_KINDS_PL, LAYER_CATALOGUE, LAYER_NAMES_PL, ZONING_CATEGORIES_PL, type LayerDefinition, type TileJsonView, type ZoningCategory } from '@lp/contracts';
import { POLAND_BBOX_WGS84 as POLAND_BBOX } from '@lp/geo';
import { DEFAULT_OVERLAY_COLOUR, ENV_COLOURS, LAND_COVER_COLOURS, ROAD_COLOURS, ZONING_COLOURS } from './map-style-palette.js';

/** Layers of the base-map tile (layer-svc's basemap-policy), drawn under everything else. */
const BASE_SOURCE = 'basemap';
/** Layers served as tiles that the base map already draws: no overlay of their own. */
const IN_BASEMAP = new Set(['roads', 'buildings']);
/** Overlays shown when the map opens: parcel outlines are what the application is about. */
const VISIBLE_AT_START = new Set(['parcels']);

type Json = Record<string, unknown>;
type Expression = unknown[];

/** One switchable overlay as the map application's layer switcher lists it (style metadata). */
export interface OverlayMetadata {
  id: string;
  name: string;
  geometry: LayerDefinition['geometryType'];
  visible: boolean;
  style_layers: string[];
  /** The layer's name for a reader of each language of the application. */
  names: Words;
  legend: Array<{ kind: string | null; colour: string; label: Words | null }>;
}

/** One text in the languages of the map application. */
export interface Words {
  en: string;
  pl: string;
}

export const OVERLAYS_METADATA_KEY = 'landparcel:overlays';
/** Every catalogue layer's name in each language: the app names layers of coverage and search criteria with them. */
export const LAYER_NAMES_METADATA_KEY = 'landparcel:layer_names';
/** Every catalogue kind's name in each language (constraint kinds of a parcel, legend entries). */
export const KIND_NAMES_METADATA_KEY = 'landparcel:kind_names';

const TEXT_FONT = ['sans-serif'];

/**
 * The MapLibre style of the map: our own vector tiles only (no third-party tile, glyph or sprite
 * service, so a private preview never tells anyone where its users look). Text is drawn from the
 * browser's fonts (no `glyphs`: MapLibre GL JS 5.11+ renders labels locally). Tile URLs are
 * absolute on `baseUrl`; they need the same Bearer key as the API. An overlay whose TileJSON is in
 * `tilesets` has its tile URLs, zooms and bounds written into its source, so a map loading the
 * style asks for no TileJSON at all (each would count against the key's tile budget); the others
 * point at their TileJSON.
 */
export function mapStyle(baseUrl: string, tilesets: ReadonlyMap<string, TileJsonView> = new Map()): Json {
  const overlays = styleOverlays();
  const overlayLayers = overlays.map((layer) => overlayStyle(layer));
  const relief = hillshadeOverlay();
  return {
    version: 8,
    name: 'Land parcels of Poland',
    metadata: {
      [OVERLAYS_METADATA_KEY]: [relief.metadata, ...overlayLayers.map((overlay) => overlay.metadata)],
      [LAYER_NAMES_METADATA_KEY]: Object.fromEntries(LAYER_CATALOGUE.map((layer) => [layer.id, layerNames(layer)])),
      [KIND_NAMES_METADATA_KEY]: Object.fromEntries(LAYER_CATALOGUE.flatMap((layer) => layer.kinds.map((kind) => [kind.id, kindLabel(layer, kind.id)]))),
    },
    center: [19.2, 52.0],
    zoom: 5.4,
    sources: {
      [BASE_SOURCE]: {
        type: 'vector',
        tiles: [`${baseUrl}/v1/basemap/tiles/{z}/{x}/{y}.mvt`],
        minzoom: 0,
        maxzoom: 16,
        bounds: [POLAND_BBOX.minLng, POLAND_BBOX.minLat, POLAND_BBOX.maxLng, POLAND_BBOX.maxLat],
        attribution: '© PRG, EGiB, BDOT10k, OSM; demo data (GET /v1/layers)',
      },
      [HILLSHADE]: hillshadeSource(baseUrl),
      ...Object.fromEntries(overlays.map((layer) => [layer.id, overlaySource(baseUrl, layer, tilesets.get(layer.id))])),
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#f5f3ee' } },
      ...baseLayers(),
      ...relief.layers,
      ...overlayLayers.flatMap((overlay) => overlay.layers),
      ...labelLayers(),
    ],
  };
}

/** The layers the style draws as switchable overlays: served as tiles and not part of the base map. */
export function styleOverlays(): LayerDefinition[] {
  return LAYER_CATALOGUE.filter((layer) => layer.servedVia.includes('tiles') && !IN_BASEMAP.has(layer.id));
}

function overlaySource(baseUrl: string, layer: LayerDefinition, tileset: TileJsonView | undefined): Json {
  if (!tileset) return { type: 'vector', url: `${baseUrl}/v1/layers/${layer.id}/tiles.json` };
  const { minzoom, maxzoom, bounds, attribution } = tileset;
  return { type: 'vector', tiles: tileset.tiles.map((path) => `${baseUrl}${path}`), minzoom, maxzoom, bounds, ...(attribution ? { attribution } : {}) };
}

/**
 * The shaded relief, drawn by layer-svc with GDAL from our own elevation data (PNG tiles from zoom
 * 10), under the vector overlays. ortho is not in the style: it depends on an upstream WMS this
 * server may not reach (GET /v1/layers says whether it can), and the base map must never call out.
 */
const HILLSHADE = 'terrain_hillshade';
const HILLSHADE_MIN_ZOOM = 10;

function hillshadeSource(baseUrl: string): Json {
  return {
    type: 'raster',
    tiles: [`${baseUrl}/v1/layers/${HILLSHADE}/tiles/{z}/{x}/{y}.png`],
    tileSize: 256,
    minzoom: HILLSHADE_MIN_ZOOM,
    maxzoom: 16,
    bounds: [POLAND_BBOX.minLng, POLAND_BBOX.minLat, POLAND_BBOX.maxLng, POLAND_BBOX.maxLat],
  };
}

function hillshadeOverlay(): { metadata: OverlayMetadata; layers: Json[] } {
  const layer = LAYER_CATALOGUE.find((candidate) => candidate.id === HILLSHADE)!;
  const id = `overlay:${HILLSHADE}:raster`;
  return {
    metadata: { id: HILLSHADE, name: layer.name, names: layerNames(layer), geometry: 'Raster', visible: false, style_layers: [id], legend: [{ kind: null, colour: '#8c8c8c', label: null }] },
    layers: [{ id, type: 'raster', source: HILLSHADE, minzoom: HILLSHADE_MIN_ZOOM, layout: { visibility: 'none' }, paint: { 'raster-opacity': 0.5 } }],
  };
}

function byKind(colours: Record<string, string>, fallback: string): Expression {
  return ['match', ['get', 'kind'], ...Object.entries(colours).flat(), fallback];
}

function baseLayers(): Json[] {
  const src = { source: BASE_SOURCE };
  const roadWidth = (scale: number): Expression => ['interpolate', ['exponential', 1.6], ['zoom'], 6, 0.6 * scale, 10, 1.4 * scale, 14, 4 * scale, 18, 16 * scale];
  const majorRoad = ['in', ['get', 'kind'], ['literal', ['motorway', 'expressway', 'trunk']]];
  return [
    { id: 'land-cover', type: 'fill', ...src, 'source-layer': 'land_cover', paint: { 'fill-color': byKind(LAND_COVER_COLOURS, '#eeeeee'), 'fill-opacity': 0.9 } },
    { id: 'waterways', type: 'line', ...src, 'source-layer': 'waterways', paint: { 'line-color': '#6aaedc', 'line-width': ['interpolate', ['linear'], ['zoom'], 7, 0.6, 12, 1.4, 16, 3] } },
    { id: 'buildings', type: 'fill', ...src, 'source-layer': 'buildings', minzoom: 13, paint: { 'fill-color': '#d8cec6', 'fill-outline-color': '#bfb2a7' } },
    {
      id: 'admin-gmina',
      type: 'line',
      ...src,
      'source-layer': 'admin_bounds',
      filter: ['==', ['get', 'kind'], 'gmina'],
      paint: { 'line-color': '#a896c0', 'line-width': 0.8, 'line-dasharray': [3, 2] },
    },
    { id: 'admin-powiat', type: 'line', ...src, 'source-layer': 'admin_bounds', filter: ['==', ['get', 'kind'], 'powiat'], paint: { 'line-color': '#957fb3', 'line-width': 1.1 } },
    {
      id: 'admin-voivodeship',
      type: 'line',
      ...src,
      'source-layer': 'admin_bounds',
      filter: ['==', ['get', 'kind'], 'voivodeship'],
      paint: { 'line-color': '#7a5e9e', 'line-width': ['interpolate', ['linear'], ['zoom'], 5, 1.2, 10, 2.4] },
    },
    { id: 'roads-casing', type: 'line', ...src, 'source-layer': 'roads', minzoom: 10, layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': '#b9aa9b', 'line-width': roadWidth(1.35) } },
    { id: 'roads', type: 'line', ...src, 'source-layer': 'roads', layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': byKind(ROAD_COLOURS, '#ffffff'), 'line-width': roadWidth(1) } },
    { id: 'roads-major', type: 'line', ...src, 'source-layer': 'roads', filter: majorRoad, layout: { 'line-cap': 'round', 'line-join': 'round' }, paint: { 'line-color': byKind(ROAD_COLOURS, '#ffffff'), 'line-width': roadWidth(1.2) } },
  ];
}

function placeLayout(size: Expression | number): Json {
  return { 'text-field': ['get', 'name'], 'text-font': TEXT_FONT, 'text-size': size, 'text-max-width': 8 };
}

function labelLayers(): Json[] {
  const src = { source: BASE_SOURCE };
  const halo = { 'text-halo-color': 'rgba(255,255,255,0.9)', 'text-halo-width': 1.4 };
  const place = (kind: string, minzoom: number, maxzoom: number, size: Expression | number, colour: string): Json => ({
    id: `label-${kind}`,
    type: 'symbol',
    ...src,
    'source-layer': 'places',
    filter: ['==', ['get', 'kind'], kind],
    minzoom,
    maxzoom,
    layout: placeLayout(size),
    paint: { 'text-color': colour, ...halo },
  });
  return [
    {
      id: 'label-roads',
      type: 'symbol',
      ...src,
      'source-layer': 'roads',
      minzoom: 12,
      layout: {
        'symbol-placement': 'line',
        'text-field': ['coalesce', ['get', 'name'], ['get', 'road_number'], ''],
        'text-font': TEXT_FONT,
        'text-size': 11,
      },
      paint: { 'text-color': '#5b4d40', ...halo },
    },
    place('gmina', 9, 15, ['interpolate', ['linear'], ['zoom'], 9, 11, 13, 14], '#4a3d5c'),
    place('powiat', 7, 9.5, 12, '#4a3d5c'),
    // A voivodeship's name makes way for its capital (its label point is often there): it moves above or below it.
    { ...place('voivodeship', 4, 7.5, 13, '#5b4778'), layout: { ...placeLayout(13), 'text-variable-anchor': ['center', 'top', 'bottom'], 'text-radial-offset': 1.1 } },
    // Towns over all of Poland: the cities with powiat rights, until the gmina labels take over; last, so placed first.
    place('city', 5, 9, ['interpolate', ['linear'], ['zoom'], 5, 10, 8, 13], '#2f2a26'),
  ];
}

function overlayStyle(layer: LayerDefinition): { metadata: OverlayMetadata; layers: Json[] } {
  const palette = layer.id.endsWith('_zones') ? ZONING_COLOURS : layer.id === 'env_layers' ? ENV_COLOURS : null;
  const colour: Expression | string = palette ? byKind(palette, DEFAULT_OVERLAY_COLOUR) : overlayColour(layer.id);
  const visibility = VISIBLE_AT_START.has(layer.id) ? 'visible' : 'none';
  const common = { source: layer.id, 'source-layer': layer.id, layout: { visibility } };
  const id = (part: string): string => `overlay:${layer.id}:${part}`;
  const layers: Json[] =
    layer.geometryType === 'Polygon'
      ? layer.id === 'parcels'
        ? [{ id: id('line'), type: 'line', ...common, paint: { 'line-color': '#8a4b2a', 'line-opacity': 0.75, 'line-width': ['interpolate', ['linear'], ['zoom'], 13, 0.4, 17, 1.4] } }]
        : [
            { id: id('fill'), type: 'fill', ...common, paint: { 'fill-color': colour, 'fill-opacity': 0.35 } },
            { id: id('line'), type: 'line', ...common, paint: { 'line-color': colour, 'line-width': 1 } },
          ]
      : layer.geometryType === 'LineString'
        ? [{ id: id('line'), type: 'line', ...common, paint: { 'line-color': colour, 'line-width': 1.6 } }]
        : [
            {
              id: id('circle'),
              type: 'circle',
              ...common,
              paint: { 'circle-color': colour, 'circle-radius': ['interpolate', ['linear'], ['zoom'], 8, 2.5, 15, 6], 'circle-stroke-color': '#ffffff', 'circle-stroke-width': 1 },
            },
          ];
  const legend = palette
    ? Object.entries(palette).map(([kind, swatch]) => ({ kind, colour: swatch, label: kindLabel(layer, kind) }))
    : [{ kind: null, colour: layer.id === 'parcels' ? '#8a4b2a' : (colour as string), label: null }];
  return {
    metadata: { id: layer.id, name: layer.name, names: layerNames(layer), geometry: layer.geometryType, visible: visibility === 'visible', style_layers: layers.map((entry) => entry.id as string), legend },
    layers,
  };
}

function layerNames(layer: LayerDefinition): Words {
  return { en: layer.name, pl: capitalised(LAYER_NAMES_PL[layer.id] ?? layer.name) };
}

/** A legend entry in words: the catalogue's kind description in English, the Polish term in Polish. */
function kindLabel(layer: LayerDefinition, kind: string): Words {
  const spaced = kind.replaceAll('_', ' ');
  const en = layer.kinds.find((entry) => entry.id === kind)?.description ?? spaced;
  const pl = CONSTRAINT_KINDS_PL[kind] ?? ZONING_CATEGORIES_PL[kind as ZoningCategory] ?? spaced;
  return { en, pl };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A steady colour per overlay without a kind palette. */
function overlayColour(layerId: string): string {
  const colours: Record<string, string> = {
    forest_stands: '#4e9a52',
    grid_capacity: '#d35400',
    transport_stops: '#2c6fbb',
    air_quality: '#7f8c8d',
    mining_areas: '#8c6d46',
    aviation_obstacles: '#b03a2e',
    airspace: '#2980b9',
    kowr_land: '#b7950b',
    contours: '#a0826d',
  };
  return colours[layerId] ?? DEFAULT_OVERLAY_COLOUR;
}
