import { Inject, Injectable } from '@nestjs/common';
import { LagTolerantReads, pgCode } from '@lp/db';
import { type LayerDefinition, type LayerTileReply, type LayerTileRequest, type LayerTilesetRequest, type TileJsonView } from '@lp/contracts';
import { POLAND_BBOX_WGS84, checkTile, type TileAddress } from '@lp/geo';
import { servedLayer } from '../serving/served-layer.js';
import { ServedStates } from '../serving/served-states.js';
import { ServedVersionRepository, sameServedVersion, UNDEFINED_TABLE, type ServedVersion } from '../serving/served-version.repository.js';
import { TILE_DATA_MAXZOOM, TILE_FORMAT, tileFields, tileMinzoom } from './tile-policy.js';
import { TileCache, type CachedTile } from './tile-cache.js';
import { servedBox, TileCutter } from './tile-cutter.js';
import { TilesRepository } from './tiles.repository.js';

export const TILE_CACHE = Symbol('TILE_CACHE');

/** A layer refreshed this often while one tile is made: give up rather than chase it. */
const MAX_ATTEMPTS = 3;

/**
 * Vector tiles (MVT) and their TileJSON for layers served via tiles.
 *
 * A tile costs one statement: the served version is remembered (ServedStates) and the tile
 * statement checks it in its own snapshot, so there is no transaction and no state read of its
 * own. Tiles recently answered are kept in memory (TileCache) under their entity tag; a tile from
 * memory, a 304 and an empty tile are answered only after a fresh state read confirms the version
 * they belong to, so a refreshed layer never answers a tile of its previous version.
 */
@Injectable()
export class TilesService {
  constructor(
    private readonly versions: ServedVersionRepository,
    private readonly states: ServedStates,
    private readonly tiles: TilesRepository,
    private readonly cutter: TileCutter,
    /** Where ServedVersionRepository reads the state: the replica when fresh, so a tile and its state come from one server. */
    private readonly reads: LagTolerantReads,
    @Inject(TILE_CACHE) private readonly cache: TileCache,
  ) {}

  async tile(request: LayerTileRequest): Promise<LayerTileReply> {
    const layer = servedLayer(request.layer_id, 'tiles');
    const tile = checkTile(request.z, request.x, request.y);
    let served = await this.states.assumed(layer.id);
    for (let attempt = 1; ; attempt++) {
      const answer = await this.answer(layer, tile, served, request);
      if ('reply' in answer) return answer.reply;
      if (attempt === MAX_ATTEMPTS) throw new Error(`${layer.id} changed its served version ${MAX_ATTEMPTS} times while one tile was made`);
      served = answer.servedNow;
      this.cache.keepOnly(layer.id, stampOf(served));
    }
  }

  /** The reply for the tile of the version `served`, or the version served now when that is another. */
  private async answer(layer: LayerDefinition, tile: TileAddress, served: ServedVersion, request: LayerTileRequest): Promise<{ reply: LayerTileReply } | { servedNow: ServedVersion }> {
    const etag = tileEtag(served, tile);
    const box = servedBox(tile);
    const tags = request.if_none_match ?? [];
    const known = request.no_cache ? undefined : this.cache.get(etag);
    const withoutCutting: LayerTileReply | null =
      tags.includes(etag) || tags.includes('*')
        ? reply(etag, served, 'not_modified')
        : known
          ? fromCache(etag, served, known)
          : served.table === null || tile.z < tileMinzoom(layer) || box === null
            ? reply(etag, served, 'empty')
            : null;
    if (withoutCutting) {
      const now = await this.states.confirmed(layer.id);
      return sameServedVersion(now, served) ? { reply: withoutCutting } : { servedNow: now };
    }
    let cut;
    try {
      cut = await this.cutter.cut((await this.reads.source()).manager, layer, served.table!, tile);
    } catch (error) {
      // The version table was retired (two refreshes since we last looked): read what is served now.
      if (pgCode(error) === UNDEFINED_TABLE) return { servedNow: await this.states.confirmed(layer.id) };
      throw error;
    }
    if (!sameServedVersion(cut.served, served)) {
      this.states.saw(cut.served);
      return { servedNow: cut.served };
    }
    const cached: CachedTile = { layerId: layer.id, stamp: stampOf(served), mvt: cut.tile?.mvt ?? null, features: cut.tile?.features ?? 0, truncated: cut.tile?.truncated ?? false };
    this.cache.set(etag, cached);
    return { reply: fromCache(etag, served, cached) };
  }

  async tileset(request: LayerTilesetRequest): Promise<TileJsonView> {
    const layer = servedLayer(request.layer_id, 'tiles');
    return this.versions.read(layer.id, async (q, served) => {
      const poland = POLAND_BBOX_WGS84;
      const bounds = (served.table ? await this.tiles.dataBounds(q.manager, served.table) : null) ?? [poland.minLng, poland.minLat, poland.maxLng, poland.maxLat];
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
  return `"${served.layerId}-v${stampOf(served)}-${tile.z}-${tile.x}-${tile.y}-${TILE_FORMAT}"`;
}

/** Version and refresh time of a served version: what tells its tiles from every other version's. */
function stampOf(served: ServedVersion): string {
  return `${served.version}-${served.refreshedAt ? served.refreshedAt.getTime().toString(36) : '0'}`;
}

function reply(etag: string, served: ServedVersion, status: LayerTileReply['status']): LayerTileReply {
  return { etag, version: served.version, status, mvt: null, feature_count: 0, truncated: false };
}

function fromCache(etag: string, served: ServedVersion, tile: CachedTile): LayerTileReply {
  if (tile.mvt === null) return reply(etag, served, 'empty');
  return { ...reply(etag, served, 'tile'), mvt: tile.mvt, feature_count: tile.features, truncated: tile.truncated };
}

function round7(value: number): number {
  return Math.round(value * 1e7) / 1e7;
}
