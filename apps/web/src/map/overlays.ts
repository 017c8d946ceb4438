import type { StyleSpecification } from 'maplibre-gl';

/** An overlay of the style (metadata written by the gateway, GET /v1/map/style.json). */
export interface Overlay {
  id: string;
  name: string;
  geometry: 'Polygon' | 'LineString' | 'Point';
  visible: boolean;
  style_layers: string[];
  legend: Array<{ kind: string | null; colour: string }>;
}

export function overlaysOf(style: StyleSpecification): Overlay[] {
  const metadata = style.metadata as Record<string, unknown> | undefined;
  const overlays = metadata?.['landparcel:overlays'];
  return Array.isArray(overlays) ? (overlays as Overlay[]) : [];
}
