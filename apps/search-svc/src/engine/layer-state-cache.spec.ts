import { describe, expect, it } from '@jest/globals';
import { LayerStateCache } from './layer-state-cache.js';

describe('LayerStateCache', () => {
  it('loads once per key while the layer versions stay the same, and again after a refresh', async () => {
    let stamp = 'parcels:1';
    let loads = 0;
    const cache = new LayerStateCache(async () => stamp);
    const load = async (): Promise<number> => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    stamp = 'parcels:2';
    expect(await cache.get('a', load)).toBe(3);
  });

  it('does not remember a failed load', async () => {
    const cache = new LayerStateCache(async () => 'v');
    await expect(cache.get('a', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
