/** A tile as answered: its MVT (null for an empty tile) and what the reply says about it. */
export interface CachedTile {
  layerId: string;
  /** `version.refreshedAt` of the layer it was cut from. */
  stamp: string;
  mvt: Buffer | null;
  features: number;
  truncated: boolean;
}

/** What an entry costs besides its bytes (key, object, map slot), so empty tiles count too. */
const ENTRY_OVERHEAD_BYTES = 256;
/** A tile larger than this share of the cache is not kept: it would push out many others. */
const LARGEST_SHARE = 1 / 16;

/**
 * Recently answered tiles, the least recently used dropped first once they hold more than
 * `maxBytes`. The key is the tile's entity tag, which names the layer, its served version and
 * refresh time and the tile address: a refreshed layer's tiles have other keys, so a tile of a
 * version no longer served is never found for the new one. Those left behind are dropped when the
 * new version is first seen (`keepOnly`), or age out. `maxBytes` 0 keeps nothing.
 */
export class TileCache {
  private readonly tiles = new Map<string, CachedTile>();
  private heldBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedTile | undefined {
    const tile = this.tiles.get(key);
    if (tile) {
      // Map keeps insertion order: moving a hit to the end makes the first entry the least recently used.
      this.tiles.delete(key);
      this.tiles.set(key, tile);
    }
    return tile;
  }

  set(key: string, tile: CachedTile): void {
    const cost = costOf(tile);
    if (cost > this.maxBytes * LARGEST_SHARE) return;
    this.delete(key);
    this.tiles.set(key, tile);
    this.heldBytes += cost;
    for (const [oldest] of this.tiles) {
      if (this.heldBytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /** Drops the layer's tiles of every version but the one stamped `stamp`. */
  keepOnly(layerId: string, stamp: string): void {
    for (const [key, tile] of this.tiles) if (tile.layerId === layerId && tile.stamp !== stamp) this.delete(key);
  }

  get size(): number {
    return this.tiles.size;
  }

  get bytes(): number {
    return this.heldBytes;
  }

  private delete(key: string): void {
    const tile = this.tiles.get(key);
    if (!tile) return;
    this.tiles.delete(key);
    this.heldBytes -= costOf(tile);
  }
}

function costOf(tile: CachedTile): number {
  return ENTRY_OVERHEAD_BYTES + (tile.mvt?.length ?? 0);
}
