import { AppError, LAYER_CATALOGUE, findLayer, type LayerDefinition } from '@lp/contracts';

export type ServingMode = 'api' | 'tiles' | 'wms';

const MODE_WORDS: Record<ServingMode, string> = { api: 'listed as features', tiles: 'served as vector tiles', wms: 'served as raster (PNG) tiles' };

/**
 * The catalogue layer behind a request, when it is served the way the request asks: unknown ids are
 * `not_found` naming the layers that are; a layer served another way is `invalid_request` saying how
 * it is served instead.
 */
export function servedLayer(layerId: string, mode: ServingMode): LayerDefinition {
  const layer = findLayer(layerId);
  const servable = LAYER_CATALOGUE.filter((candidate) => candidate.servedVia.includes(mode)).map((candidate) => candidate.id);
  if (!layer) {
    const close = closeIds(layerId, servable);
    throw AppError.notFound(`No layer has the id ${layerId}. Layers ${MODE_WORDS[mode]}: ${servable.join(', ')}.`, close.length > 0 ? close : servable);
  }
  if (layer.servedVia.includes(mode)) return layer;
  throw AppError.invalid(howServed(layer, mode));
}

function howServed(layer: LayerDefinition, mode: ServingMode): string {
  const via = `served_via: ${layer.servedVia.join(', ')}`;
  if (mode === 'wms') {
    return `${layer.id} is not a raster layer (${via}); raster tiles are served for the layers served via wms: ${LAYER_CATALOGUE.filter((candidate) => candidate.servedVia.includes('wms')).map((candidate) => candidate.id).join(', ')}.`;
  }
  if (layer.servedVia.includes('api')) {
    return `${layer.id} is not served as vector tiles (${via}); list its features with GET /v1/layers/${layer.id}/features?bbox=minLng,minLat,maxLng,maxLat.`;
  }
  if (layer.servedVia.includes('tiles')) {
    return `${layer.id} is served only as vector tiles, not as a feature list (${via}): GET /v1/layers/${layer.id}/tiles/{z}/{x}/{y}.mvt, described by /v1/layers/${layer.id}/tiles.json.`;
  }
  const what = mode === 'api' ? 'features to list' : 'vector tiles';
  return `${layer.id} is a raster layer served only as a proxied WMS image (${via}); it has no ${what}: its PNG tiles are GET /v1/layers/${layer.id}/tiles/{z}/{x}/{y}.png.`;
}

/** Ids a person may have meant: same prefix, containing each other, or a few edits away. */
function closeIds(text: string, ids: string[]): string[] {
  const wanted = text.toLowerCase();
  return ids.filter((id) => id.startsWith(wanted.slice(0, 4)) || id.includes(wanted) || wanted.includes(id) || editDistance(id, wanted) <= 3);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    previous = current;
  }
  return previous[b.length]!;
}
