import { Injectable } from '@nestjs/common';
import { AppError, type LayerDefinition } from '@lp/contracts';
import { POLAND_BBOX_WGS84, bboxesOverlap, tileBbox, type Bbox, type TileAddress } from '@lp/geo';
import type { EntityManager } from 'typeorm';
import type { ServedVersion } from '../serving/served-version.repository.js';
import { TILE_BUFFER, TILE_EXTENT, TILE_FEATURE_CAP, TILE_MAX_BYTES, tileSimplifyTolerance } from './tile-policy.js';
import { TilesRepository, type TileBytes } from './tiles.repository.js';

/** Below this many features a tile that is still too large is refused rather than cut further. */
const TILE_MIN_CAP = 100;

export interface CutOptions {
  /** Only features of these kinds; null: every kind. */
  kinds?: readonly string[] | null;
  /** Largest MVT the cut may return (a base-map tile shares one reply between several layers). */
  maxBytes?: number;
}

/**
 * The layer's part of a tile (null when no feature falls in it) and the layer's served state as the
 * cutting statement saw it. When that state names another table than the one cut, `tile` is of a
 * version no longer served and must not be sent.
 */
export interface Cut {
  tile: TileBytes | null;
  served: ServedVersion;
}

/** Cuts one layer's MVT for a tile, keeping the largest features when the tile is too dense. */
@Injectable()
export class TileCutter {
  constructor(private readonly tiles: TilesRepository) {}

  async cut(db: EntityManager, layer: LayerDefinition, table: string, tile: TileAddress, options: CutOptions = {}): Promise<Cut> {
    const tolerance = tileSimplifyTolerance(tile.z);
    const maxBytes = options.maxBytes ?? TILE_MAX_BYTES;
    for (let cap = TILE_FEATURE_CAP; cap >= TILE_MIN_CAP; cap = Math.floor(cap / 4)) {
      const { served, ...cut } = await this.tiles.tile(db, layer, table, tile, { cap, tolerance, kinds: options.kinds ?? null });
      if (served.table !== table || cut.features === 0 || cut.mvt.length === 0) return { tile: null, served };
      if (cut.mvt.length <= maxBytes) return { tile: { ...cut, truncated: cut.truncated || cap < TILE_FEATURE_CAP }, served };
    }
    throw AppError.invalid(`The tile ${tile.z}/${tile.x}/${tile.y} of ${layer.id} is too dense to send even with its ${TILE_MIN_CAP} largest features; ask for a deeper zoom.`);
  }
}

/** The tile's box widened by the MVT buffer and clipped to Poland; null when it misses Poland. */
export function servedBox(tile: TileAddress): Bbox | null {
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
