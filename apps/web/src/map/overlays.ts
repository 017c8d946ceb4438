import type { StyleSpecification } from 'maplibre-gl';
import type { LayerNames, Names } from '../i18n/layer-names.js';

/** An overlay of the style (metadata written by the gateway, GET /v1/map/style.json). */
export interface Overlay {
  id: string;
  name: string;
  names?: { en: string; pl: string };
  geometry: 'Polygon' | 'LineString' | 'Point' | 'Raster';
  visible: boolean;
  style_layers: string[];
  legend: Array<{ kind: string | null; colour: string; label?: { en: string; pl: string } | null }>;
}

export function overlaysOf(style: StyleSpecification): Overlay[] {
  const overlays = metadataOf(style)['landparcel:overlays'];
  return Array.isArray(overlays) ? (overlays as Overlay[]) : [];
}

/** Every catalogue layer's name in each language (coverage and search criteria name layers with them). */
export function layerNamesOf(style: StyleSpecification): LayerNames {
  const metadata = metadataOf(style);
  const names = (key: string): Names => (metadata[key] && typeof metadata[key] === 'object' ? (metadata[key] as Names) : {});
  return { layers: names('landparcel:layer_names'), kinds: names('landparcel:kind_names') };
}

function metadataOf(style: StyleSpecification): Record<string, unknown> {
  return (style.metadata as Record<string, unknown> | undefined) ?? {};
}
