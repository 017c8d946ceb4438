import { Injectable } from '@nestjs/common';
import { AppError, type LayerDefinition, type LayerTileReply, type LayerTileRequest, type LayerTilesetRequest, type TileJsonView } from '@lp/contracts';
import { POLAND_BBOX_WGS84, bboxesOverlap, checkTile, tileBbox, type Bbox, type TileAddress } from '@lp/geo';
import type { QueryRunner } from 'typeorm';
import { servedLayer } from '../serving/served-layer.js';
import { ServedVersionRepository, type ServedVersion } from '../serving/served-version.repository.js';
import {
  TILE_BUFFER,
  TILE_DATA_MAXZOOM,
  TILE_EXTENT,
  TILE_FEATURE_CAP,
  TILE_FORMAT,
  TILE_MAX_BYTES,
  tileFields,
  tileMinzoom,
  tileSimplifyToleranceM,
} from './tile-policy.js';
import { TilesRepository } from './tiles.repository.js';

/** Below this many features a tile that is still too large is refused rather than cut further. */
const TILE_MIN_CAP = 100;

/** Vector tiles (MVT) and their TileJSON for layers served via tiles. */
@Injectable()
export class TilesService {
  constructor(
    private readonly versions: ServedVersionRepository,
    private readonly tiles: TilesRepository,
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
      return this.cut(q, layer, served, served.table, tile, box, etag);
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

  /** Cuts the tile; when it is too large for one reply, again with a quarter of the features (the largest). */
  private async cut(q: QueryRunner, layer: LayerDefinition, served: ServedVersion, table: string, tile: TileAddress, box: Bbox, etag: string): Promise<LayerTileReply> {
    const segmentDeg = Math.min(box.maxLng - box.minLng, box.maxLat - box.minLat) / 16;
    const toleranceM = tileSimplifyToleranceM(tile.z);
    for (let cap = TILE_FEATURE_CAP; cap >= TILE_MIN_CAP; cap = Math.floor(cap / 4)) {
      const cut = await this.tiles.tile(q, layer, table, tile, box, { segmentDeg, cap, toleranceM });
      if (cut.features === 0 || cut.mvt.length === 0) return reply(etag, served, 'empty');
      if (cut.mvt.length <= TILE_MAX_BYTES) {
        return { ...reply(etag, served, 'tile'), mvt_base64: cut.mvt.toString('base64'), feature_count: cut.features, truncated: cut.truncated || cap < TILE_FEATURE_CAP };
      }
    }
    throw AppError.invalid(`The tile ${tile.z}/${tile.x}/${tile.y} of ${layer.id} is too dense to send even with its ${TILE_MIN_CAP} largest features; ask for a deeper zoom.`);
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

/** The tile's box widened by the MVT buffer and clipped to Poland; null when it misses Poland. */
function servedBox(tile: TileAddress): Bbox | null {
  const box = tileBbox(tile);
  const grow = TILE_BUFFER / TILE_EXTENT;
  const dLng = (box.maxLng - box.minLng) * grow;
  const dLat = (box.maxLat - box.minLat) * grow;
  const wide: Bbox = { minLng: box.minLng - dLng, minLat: box.minLat - dLat, maxLng: box.maxLng + dLng, maxLat: box.maxLat + dLat };
  const poland = POLAND_BBOX_WGS84;
  if (!bboxesOverlap(wide, poland)) return null;
  return {
    minLng: Math.max(wide.minLng, poland.minLng),
    minLat: Math.max(wide.minLat, poland.minLat),
    maxLng: Math.min(wide.maxLng, poland.maxLng),
    maxLat: Math.min(wide.maxLat, poland.maxLat),
  };
}

function reply(etag: string, served: ServedVersion, status: LayerTileReply['status']): LayerTileReply {
  return { etag, version: served.version, status, mvt_base64: null, feature_count: 0, truncated: false };
}

function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
