/** NATS subjects answered by layer-svc. */
export const LayerSubjects = {
  list: 'layer.layers.list',
  refresh: 'layer.refresh.run',
  features: 'layer.features.list',
  tile: 'layer.tiles.get',
  tileset: 'layer.tiles.describe',
  /** The base map: several layers in one tile (BasemapTileRequest, LayerTileReply). */
  basemap: 'layer.basemap.get',
  regionCoverage: 'layer.coverage.get',
} as const;
