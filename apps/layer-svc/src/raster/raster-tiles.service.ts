import { Inject, Injectable } from '@nestjs/common';
import { AppError, type LayerRasterTileReply, type LayerRasterTileRequest } from '@lp/contracts';
import { POLAND_BBOX_WGS84, bboxesOverlap, checkTile, tileBbox, type TileAddress } from '@lp/geo';
import { LAYER_SVC_ENV, type LayerSvcEnv } from '../config/layer-svc.env.js';
import { servedLayer } from '../serving/served-layer.js';
import { DemStoreRepository } from '../terrain/dem-store.repository.js';
import { RenderQueue } from './gdal-process.js';
import { hillshadeDrawBox, renderHillshadeTile } from './hillshade.renderer.js';
import { tileBounds3857 } from './mercator.js';
import { OrthoUpstream } from './ortho-upstream.js';

/** Below this zoom a hillshade tile would resample too much of the model for one request (the chunks have no overviews): 204. */
export const HILLSHADE_MIN_ZOOM = 10;
/** Tiles drawn at once by one layer-svc process (each is three short GDAL processes). */
const RENDERS_AT_ONCE = 2;
/** Drawn tiles kept in memory per process (about 10-40 KB each). */
const CACHE_TILES = 512;

/**
 * PNG tiles of the raster layers: terrain_hillshade drawn by GDAL from the elevation model the
 * terrain runs stored (layer.dem_chunks), ortho proxied from its upstream WMS. ETags follow the
 * versions of the data a tile is drawn from (the elevation version for the relief).
 */
@Injectable()
export class RasterTilesService {
  private readonly queue = new RenderQueue(RENDERS_AT_ONCE);
  private readonly cache = new Map<string, LayerRasterTileReply>();

  constructor(
    private readonly elevation: DemStoreRepository,
    private readonly ortho: OrthoUpstream,
    @Inject(LAYER_SVC_ENV) private readonly env: LayerSvcEnv,
  ) {}

  async tile(request: LayerRasterTileRequest): Promise<LayerRasterTileReply> {
    const layer = servedLayer(request.layer_id, 'wms');
    const tile = checkTile(request.z, request.x, request.y);
    const tags = request.if_none_match ?? [];
    if (layer.id === 'ortho') return this.orthoTile(tile, tags);
    if (layer.id === 'terrain_hillshade') return this.hillshadeTile(tile, tags);
    throw AppError.invalid(`${layer.id} has no raster tiles; GET /v1/layers lists raster_tiles_url per layer`);
  }

  private async hillshadeTile(tile: TileAddress, tags: string[]): Promise<LayerRasterTileReply> {
    const etagOf = (version: number) => `"terrain_hillshade:dem${version}:${tile.z}/${tile.x}/${tile.y}"`;
    if (tags.length > 0) {
      const current = etagOf(await this.elevation.version());
      if (tags.includes(current) || tags.includes('*')) return reply(current, 'not_modified');
    }
    if (tile.z < HILLSHADE_MIN_ZOOM || !bboxesOverlap(tileBbox(tile), POLAND_BBOX_WGS84)) return reply(etagOf(await this.elevation.version()), 'empty');
    const bounds = tileBounds3857(tile);
    const { version, chunks } = await this.elevation.chunksUnder(hillshadeDrawBox(bounds));
    const etag = etagOf(version);
    const cached = this.cache.get(etag);
    if (cached) return cached;
    const png = await this.queue.run(() => renderHillshadeTile(bounds, chunks, this.env.RASTER_STEP_TIMEOUT_MS));
    const answer = png === null ? reply(etag, 'empty') : { ...reply(etag, 'tile'), image_base64: png.toString('base64') };
    this.remember(etag, answer);
    return answer;
  }

  private async orthoTile(tile: TileAddress, tags: string[]): Promise<LayerRasterTileReply> {
    // The upstream's imagery has no version we can see: the tag changes daily so caches revalidate.
    const etag = `"ortho:${new Date().toISOString().slice(0, 10)}:${tile.z}/${tile.x}/${tile.y}"`;
    if (tags.includes(etag) || tags.includes('*')) return reply(etag, 'not_modified');
    if (!bboxesOverlap(tileBbox(tile), POLAND_BBOX_WGS84)) return reply(etag, 'empty');
    const image = await this.ortho.getMap(tileBounds3857(tile));
    return { etag, status: 'tile', content_type: image.contentType, image_base64: image.bytes.toString('base64') };
  }

  private remember(etag: string, answer: LayerRasterTileReply): void {
    if (this.cache.size >= CACHE_TILES) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(etag, answer);
  }
}

function reply(etag: string, status: LayerRasterTileReply['status']): LayerRasterTileReply {
  return { etag, status, content_type: 'image/png', image_base64: null };
}
