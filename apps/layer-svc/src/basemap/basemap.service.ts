import { Injectable } from '@nestjs/common';
import { findLayer, type BasemapTileRequest, type LayerTileReply } from '@lp/contracts';
import { checkTile, type Bbox, type TileAddress } from '@lp/geo';
import { ServedVersionRepository } from '../serving/served-version.repository.js';
import { servedBox, TileCutter } from '../tiles/tile-cutter.js';
import { TILE_MAX_BYTES } from '../tiles/tile-policy.js';
import { adminKinds, BASEMAP_FORMAT, BASEMAP_LAYERS, type BasemapLayer } from './basemap-policy.js';
import { BasemapRepository, type LayerStamp } from './basemap.repository.js';

interface LayerPart {
  mvt: Buffer;
  features: number;
  truncated: boolean;
}

/**
 * The base map: one MVT with several source layers of our own data, so a browser map loads one
 * tile per address instead of one per layer. An MVT is a list of layers, so layer tiles cut
 * separately concatenate into one valid tile.
 */
@Injectable()
export class BasemapService {
  constructor(
    private readonly versions: ServedVersionRepository,
    private readonly cutter: TileCutter,
    private readonly basemap: BasemapRepository,
  ) {}

  async tile(request: BasemapTileRequest): Promise<LayerTileReply> {
    const tile = checkTile(request.z, request.x, request.y);
    const drawn = BASEMAP_LAYERS.filter((layer) => tile.z >= layer.minzoom);
    const stamps = await this.basemap.stamps(BASEMAP_LAYERS.map((layer) => layer.layer));
    const etag = basemapEtag(stamps, tile);
    const version = Math.max(0, ...stamps.map((stamp) => stamp.version));
    const tags = request.if_none_match ?? [];
    if (tags.includes(etag) || tags.includes('*')) return reply(etag, version, 'not_modified');
    const box = servedBox(tile);
    if (box === null) return reply(etag, version, 'empty');
    // Each layer gets an equal share of one reply's bytes; a dense layer keeps its largest features.
    const budget = Math.floor(TILE_MAX_BYTES / (drawn.length + 1));
    const parts = (await Promise.all(drawn.map((layer) => this.cutLayer(layer, tile, box, budget)))).flat();
    if (parts.length === 0) return reply(etag, version, 'empty');
    return {
      ...reply(etag, version, 'tile'),
      mvt: Buffer.concat(parts.map((part) => part.mvt)),
      feature_count: parts.reduce((sum, part) => sum + part.features, 0),
      truncated: parts.some((part) => part.truncated),
    };
  }

  private cutLayer(basemapLayer: BasemapLayer, tile: TileAddress, box: Bbox, budget: number): Promise<LayerPart[]> {
    const layer = findLayer(basemapLayer.layer);
    if (!layer) throw new Error(`base-map layer ${basemapLayer.layer} is not in the catalogue`);
    return this.versions.read(layer.id, async (q, served) => {
      if (served.table === null) return [];
      const parts: LayerPart[] = [];
      const { tile: cut } = await this.cutter.cut(q.manager, layer, served.table, tile, { kinds: basemapLayer.kinds(tile.z), maxBytes: budget });
      if (cut) parts.push(cut);
      if (layer.id === 'admin_bounds') {
        const labels = await this.basemap.places(q, served.table, tile, box, adminKinds(tile.z));
        if (labels) parts.push({ mvt: labels, features: 0, truncated: false });
      }
      return parts;
    });
  }
}

/** Strong tag over every base-map layer's version and refresh time, and the tile address. */
export function basemapEtag(stamps: readonly LayerStamp[], tile: TileAddress): string {
  const versions = stamps.map((stamp) => `${stamp.version}.${stamp.refreshedAt ? stamp.refreshedAt.getTime().toString(36) : '0'}`).join('_');
  return `"basemap-${versions}-${tile.z}-${tile.x}-${tile.y}-${BASEMAP_FORMAT}"`;
}

function reply(etag: string, version: number, status: LayerTileReply['status']): LayerTileReply {
  return { etag, version, status, mvt: null, feature_count: 0, truncated: false };
}
