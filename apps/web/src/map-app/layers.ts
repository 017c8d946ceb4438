import type { StyleSpecification } from 'maplibre-gl';
import { useMemo, useRef, useState } from 'preact/hooks';
import { layerNamesOf, overlaysOf } from '../map/overlays.js';
import type { UrlState } from '../url-state.js';
import type { UrlUpdate } from './url-sync.js';

/** The overlays of the style, which of them are shown (the URL's list, else the style's defaults), and the layer panel. */
export function useLayers(style: StyleSpecification, url: UrlState, update: UrlUpdate) {
  const overlays = useMemo(() => overlaysOf(style), [style]);
  const layerNames = useMemo(() => layerNamesOf(style), [style]);
  const [layersOpen, setLayersOpen] = useState(false);
  const visible = useMemo(() => new Set(url.layers ?? overlays.filter((overlay) => overlay.visible).map((overlay) => overlay.id)), [url.layers, overlays]);
  // What the map must show once it exists (it starts after the first answers).
  const visibleRef = useRef(visible);
  visibleRef.current = visible;
  const styleLayers = useMemo(() => new Map(overlays.map((overlay) => [overlay.id, overlay.style_layers])), [overlays]);
  const toggleLayer = (layerId: string) => {
    const next = new Set(visible);
    if (next.has(layerId)) next.delete(layerId);
    else next.add(layerId);
    update({ layers: [...next] }, 'replace');
  };
  return { overlays, layerNames, layersOpen, setLayersOpen, visible, visibleRef, styleLayers, toggleLayer };
}
