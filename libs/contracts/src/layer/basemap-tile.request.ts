import { TileAddressRequest } from './layer-tiles.request.js';

/**
 * `layer.basemap.get`: one tile of the base map, several source layers in one MVT (land cover,
 * waterways, admin bounds and their label points, roads, buildings). The reply is a LayerTileReply.
 */
export class BasemapTileRequest extends TileAddressRequest {}
