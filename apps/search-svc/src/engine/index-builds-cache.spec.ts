import { describe, expect, it } from '@jest/globals';
import { IndexBuildsCache } from './index-builds-cache.js';

describe('IndexBuildsCache', () => {
  it('reads the builds once while their digest stays the same, and again after any build', async () => {
    let digest = 'a';
    let loads = 0;
    const cache = new IndexBuildsCache(async () => digest, async () => ++loads);
    expect(await cache.get()).toBe(1);
    expect(await cache.get()).toBe(1);
    digest = 'b';
    expect(await cache.get()).toBe(2);
    expect(await cache.get()).toBe(2);
    // a digest seen before is no reason to trust an older reading: what is held is the last digest's
    digest = 'a';
    expect(await cache.get()).toBe(3);
  });

  it('does not remember a failed reading', async () => {
    let fail = true;
    const cache = new IndexBuildsCache(async () => 'a', async () => (fail ? Promise.reject(new Error('down')) : 7));
    await expect(cache.get()).rejects.toThrow('down');
    fail = false;
    expect(await cache.get()).toBe(7);
  });
});
