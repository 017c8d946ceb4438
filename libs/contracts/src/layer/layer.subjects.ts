/** NATS subjects answered by layer-svc. */
export const LayerSubjects = {
  list: 'layer.layers.list',
  refresh: 'layer.refresh.run',
  features: 'layer.features.list',
  /** OGC API - Features: collections with extents, item pages (bbox optional), one item. */
  collections: 'layer.collections.list',
  items: 'layer.items.list',
  item: 'layer.items.get',
  queryables: 'layer.items.queryables',
  tile: 'layer.tiles.get',
  tileset: 'layer.tiles.describe',
  /** Raster layers: one PNG tile (LayerRasterTileRequest, LayerRasterTileReply). */
  rasterTile: 'layer.raster.tile',
  /** The base map: several layers in one tile (BasemapTileRequest, LayerTileReply). */
  basemap: 'layer.basemap.get',
  regionCoverage: 'layer.coverage.get',
} as const;
