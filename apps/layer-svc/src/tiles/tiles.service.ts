import { Injectable } from '@nestjs/common';
import { type LayerTileReply, type LayerTileRequest, type LayerTilesetRequest, type TileJsonView } from '@lp/contracts';
import { POLAND_BBOX_WGS84, checkTile, type TileAddress } from '@lp/geo';
import { servedLayer } from '../serving/served-layer.js';
import { ServedVersionRepository, type ServedVersion } from '../serving/served-version.repository.js';
import { TILE_DATA_MAXZOOM, TILE_FORMAT, tileFields, tileMinzoom } from './tile-policy.js';
import { servedBox, TileCutter } from './tile-cutter.js';
import { TilesRepository } from './tiles.repository.js';

/** Vector tiles (MVT) and their TileJSON for layers served via tiles. */
@Injectable()
export class TilesService {
  constructor(
    private readonly versions: ServedVersionRepository,
    private readonly tiles: TilesRepository,
    private readonly cutter: TileCutter,
  ) {}

  async tile(request: LayerTileRequest): Promise<LayerTileReply> {
    const layer = servedLayer(request.layer_id, 'tiles');
    const tile = checkTile(request.z, request.x, request.y);
    return this.versions.read(layer.id, async (q, served) => {
      const etag = tileEtag(served, tile);
      const tags = request.if_none_match ?? [];
      if (tags.includes(etag) || tags.includes('*')) return reply(etag, served, 'not_modified');
      const box = servedBox(tile);
      if (served.table === null || tile.z < tileMinzoom(layer) || box === null) return reply(etag, served, 'empty');
      const cut = await this.cutter.cut(q, layer, served.table, tile, box);
      if (cut === null) return reply(etag, served, 'empty');
      return { ...reply(etag, served, 'tile'), mvt_base64: cut.mvt.toString('base64'), feature_count: cut.features, truncated: cut.truncated };
    });
  }

  async tileset(request: LayerTilesetRequest): Promise<TileJsonView> {
    const layer = servedLayer(request.layer_id, 'tiles');
    return this.versions.read(layer.id, async (q, served) => {
      const poland = POLAND_BBOX_WGS84;
      const bounds = (served.table ? await this.tiles.dataBounds(q, served.table) : null) ?? [poland.minLng, poland.minLat, poland.maxLng, poland.maxLat];
      const minzoom = tileMinzoom(layer);
      const center = [round7((bounds[0] + bounds[2]) / 2), round7((bounds[1] + bounds[3]) / 2), Math.max(minzoom, 6)];
      return {
        tilejson: '3.0.0',
        name: layer.id,
        description: layer.name,
        attribution: layer.source,
        version: `${served.version}.0.0`,
        scheme: 'xyz',
        tiles: [`/v1/layers/${layer.id}/tiles/{z}/{x}/{y}.mvt`],
        minzoom,
        maxzoom: TILE_DATA_MAXZOOM,
        bounds,
        center,
        vector_layers: [{ id: layer.id, description: layer.name, minzoom, maxzoom: TILE_DATA_MAXZOOM, fields: tileFields(layer) }],
      };
    });
  }
}

/**
 * Strong entity tag of a tile: the layer's served version (with its refresh time, so a rebuilt
 * database never reuses a tag) and the tile address. Same tag, same bytes.
 */
export function tileEtag(served: ServedVersion, tile: TileAddress): string {
  const stamp = served.refreshedAt ? served.refreshedAt.getTime().toString(36) : '0';
  return `"${served.layerId}-v${served.version}-${stamp}-${tile.z}-${tile.x}-${tile.y}-${TILE_FORMAT}"`;
}

function reply(etag: string, served: ServedVersion, status: LayerTileReply['status']): LayerTileReply {
  return { etag, version: served.version, status, mvt_base64: null, feature_count: 0, truncated: false };
}

function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
