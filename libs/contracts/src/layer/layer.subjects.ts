import { defineSubject } from '../common/subject.js';
import type {
  BasemapTileRequest,
  LayerCollectionsReply,
  LayerCollectionsRequest,
  LayerFeaturePageReply,
  LayerFeaturesRequest,
  LayerFeatureView,
  LayerItemRequest,
  LayerItemsRequest,
  LayerListView,
  LayerQueryablesReply,
  LayerQueryablesRequest,
  LayerRasterTileReply,
  LayerRasterTileRequest,
  LayerTileReply,
  LayerTileRequest,
  LayerTilesetRequest,
  RefreshLayerRequest,
  RefreshLayerResult,
  TileJsonView,
} from '../index.js';

/** NATS subjects answered by layer-svc, each with its request and reply. */
export const LayerSubjects = {
  list: defineSubject<Record<string, never>, LayerListView>('layer.layers.list'),
  /** Internal: refresh one layer now (operators, tests; not exposed over HTTP). */
  refresh: defineSubject<RefreshLayerRequest, RefreshLayerResult>('layer.refresh.run'),
  features: defineSubject<LayerFeaturesRequest, LayerFeaturePageReply>('layer.features.list'),
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
