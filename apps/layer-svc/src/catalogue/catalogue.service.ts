import { Injectable } from '@nestjs/common';
import { LAYER_CATALOGUE, type LayerCollectionsReply, type LayerCollectionsRequest, type LayerDefinition, type LayerListView, type LayerView } from '@lp/contracts';
import { OrthoUpstream } from '../raster/ortho-upstream.js';
import { servedLayer } from '../serving/served-layer.js';
import { CatalogueRepository, type LayerStateRow } from './catalogue.repository.js';

/** The catalogue (static definitions) joined with what is served now (version, count, freshness). */
@Injectable()
export class CatalogueService {
  constructor(
    private readonly repository: CatalogueRepository,
    private readonly ortho: OrthoUpstream,
  ) {}

  async list(): Promise<LayerListView> {
    const states = await this.repository.states();
    return { layers: LAYER_CATALOGUE.map((layer) => ({ ...toView(layer, states.get(layer.id)), ...this.raster(layer) })) };
  }

  /**
   * Raster layers: the PNG tile template where the layer can be served here, or why not. The
   * hillshade is drawn from our own elevation layers; ortho depends on a WMS we may not reach.
   */
  private raster(layer: LayerDefinition): Pick<LayerView, 'raster_tiles_url' | 'unavailable'> {
    if (!layer.servedVia.includes('wms')) return {};
    const unavailable = layer.id === 'ortho' ? this.ortho.unavailable() : undefined;
    if (unavailable !== undefined) return { raster_tiles_url: null, unavailable };
    return { raster_tiles_url: `/v1/layers/${layer.id}/tiles/{z}/{x}/{y}.png` };
  }

  /** OGC API collections: the layers served via api (or the one asked for), with their extents. */
  async collections(request: LayerCollectionsRequest): Promise<LayerCollectionsReply> {
    const layers = request.layer_id === undefined ? LAYER_CATALOGUE.filter((layer) => layer.servedVia.includes('api')) : [servedLayer(request.layer_id, 'api')];
    const ids = layers.map((layer) => layer.id);
    const [states, extents] = await Promise.all([this.repository.states(), this.repository.extents(ids)]);
    return { layers: layers.map((layer) => ({ ...toView(layer, states.get(layer.id)), extent_wgs84: extents.get(layer.id) ?? null })) };
  }
}

function toView(layer: LayerDefinition, state: LayerStateRow | undefined): LayerView {
  return {
    id: layer.id,
    name: layer.name,
    category: layer.category,
    geometry_type: layer.geometryType,
    source: describeSource(layer, state),
    coverage: layer.coverage,
    served_via: [...layer.servedVia],
    cadence: layer.cadence,
    feature_count: Number(state?.feature_count ?? 0),
    refreshed_at: state?.refreshed_at ? state.refreshed_at.toISOString() : null,
    version: state?.version ?? 0,
    tiles_url: layer.servedVia.includes('tiles') ? `/v1/layers/${layer.id}/tiles/{z}/{x}/{y}.mvt` : null,
    kinds: layer.kinds.map((kind) => ({ id: kind.id, description: kind.description })),
    attributes: layer.attributes.map((attribute) => ({ name: attribute.name, type: attribute.type, unit: attribute.unit ?? null, description: attribute.description })),
  };
}

/** The register the layer comes from, and what the served data says of itself (demo: generated). */
function describeSource(layer: LayerDefinition, state: LayerStateRow | undefined): string {
  if (state?.source_note) return `${layer.source}. Served data: ${state.source_note}`;
  return layer.source;
}
