import { describe, expect, it } from '@jest/globals';
import { TileCache, type CachedTile } from './tile-cache.js';

const tile = (bytes: number, layerId = 'parcels', stamp = '3-abc'): CachedTile => ({ layerId, stamp, mvt: bytes === 0 ? null : Buffer.alloc(bytes), features: 1, truncated: false });

describe('tile cache', () => {
  it('drops the least recently used tiles once they hold more than its bytes', () => {
    // 16 tiles of 4 KiB with their overhead fill 64 KiB exactly.
    const cache = new TileCache(64 * 1024);
    const keys = Array.from({ length: 16 }, (_, index) => `t${index}`);
    for (const key of keys) cache.set(key, tile(4096 - 256));
    expect(cache.size).toBe(16);
    cache.get('t0');
    cache.set('t16', tile(4096 - 256));
    expect(cache.get('t1')).toBeUndefined();
    expect([...keys.filter((key) => key !== 't1'), 't16'].every((key) => cache.get(key))).toBe(true);
    expect(cache.bytes).toBe(64 * 1024);
  });

  it('counts empty tiles too, and keeps no tile larger than a sixteenth of it', () => {
    const cache = new TileCache(16 * 1024);
    cache.set('empty', tile(0));
    expect(cache.bytes).toBeGreaterThan(0);
    cache.set('large', tile(1025));
    expect(cache.get('large')).toBeUndefined();
    expect(cache.get('empty')?.mvt).toBeNull();
  });

  it('drops a layer\'s tiles of other versions, and leaves other layers alone', () => {
    const cache = new TileCache(1024 * 1024);
    cache.set('old', tile(100, 'parcels', '3-abc'));
    cache.set('new', tile(100, 'parcels', '4-abd'));
    cache.set('other', tile(100, 'buildings', '3-abc'));
    cache.keepOnly('parcels', '4-abd');
    expect(['old', 'new', 'other'].filter((key) => cache.get(key))).toEqual(['new', 'other']);
  });

  it('keeps nothing when given no memory', () => {
    const cache = new TileCache(0);
    cache.set('a', tile(0));
    expect(cache.size).toBe(0);
  });
});
