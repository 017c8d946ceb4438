import { defineSubject } from '../common/subject.js';
import type { BasemapTileRequest } from './basemap-tile.request.js';
import type { LayerCollectionsReply, LayerCollectionsRequest } from './layer-collections.request.js';
import type { LayerFeaturesCountReply, LayerFeaturesCountRequest, LayerFeaturesRequest } from './layer-features.request.js';
import type { LayerFeaturePageReply, LayerFeatureView } from './layer-features.view.js';
import type { LayerItemRequest, LayerItemsRequest, LayerQueryablesReply, LayerQueryablesRequest } from './layer-items.request.js';
import type { LayerRasterTileRequest, LayerTileRequest, LayerTilesetRequest } from './layer-tiles.request.js';
import type { LayerRasterTileReply, LayerTileReply, TileJsonView } from './layer-tiles.view.js';
import type { LayerListView } from './layer.view.js';
import type { RefreshLayerRequest, RefreshLayerResult } from './refresh-layer.request.js';

/** NATS subjects answered by layer-svc, each with its request and reply. */
export const LayerSubjects = {
  list: defineSubject<Record<string, never>, LayerListView>('layer.layers.list'),
  /** Internal: refresh one layer now (operators, tests; not exposed over HTTP). */
  refresh: defineSubject<RefreshLayerRequest, RefreshLayerResult>('layer.refresh.run'),
  features: defineSubject<LayerFeaturesRequest, LayerFeaturePageReply>('layer.features.list'),
  /** Internal: features in a box, counted up to a bound (an export's size known before its pages are read). */
  featuresCount: defineSubject<LayerFeaturesCountRequest, LayerFeaturesCountReply>('layer.features.count'),
  /** OGC API - Features: collections with extents, item pages (bbox optional), one item. */
  collections: defineSubject<LayerCollectionsRequest, LayerCollectionsReply>('layer.collections.list'),
  items: defineSubject<LayerItemsRequest, LayerFeaturePageReply>('layer.items.list'),
  item: defineSubject<LayerItemRequest, LayerFeatureView>('layer.items.get'),
  queryables: defineSubject<LayerQueryablesRequest, LayerQueryablesReply>('layer.items.queryables'),
  tile: defineSubject<LayerTileRequest, LayerTileReply>('layer.tiles.get'),
  tileset: defineSubject<LayerTilesetRequest, TileJsonView>('layer.tiles.describe'),
  /** Raster layers: one PNG tile (terrain_hillshade drawn by GDAL, ortho proxied). */
  rasterTile: defineSubject<LayerRasterTileRequest, LayerRasterTileReply>('layer.raster.tile'),
  /** The base map: several layers in one tile. */
  basemap: defineSubject<BasemapTileRequest, LayerTileReply>('layer.basemap.get'),
} as const;
