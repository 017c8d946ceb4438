import { describe, expect, it } from '@jest/globals';
import type { KeyVerdict } from '../gateway/gateway.client.js';
import { KeyCheck } from './key-check.js';

/** A probe that answers from a table and counts how often it was asked. */
function probeOf(verdicts: Record<string, KeyVerdict>): { probe: (authorization: string) => Promise<KeyVerdict>; asked: string[] } {
  const asked: string[] = [];
  return { asked, probe: async (authorization) => (asked.push(authorization), verdicts[authorization] ?? 'unknown') };
}

describe('KeyCheck', () => {
  it('asks the gateway once per key while the verdict is fresh, and again after it expired', async () => {
    let now = 1_000;
    const { probe, asked } = probeOf({ 'Bearer good': 'valid', 'Bearer bad': 'invalid' });
    const check = new KeyCheck(probe, { ttlMs: 30_000, now: () => now });
    expect(await Promise.all([check.verdict('Bearer bad'), check.verdict('Bearer bad'), check.verdict('Bearer good')])).toEqual(['invalid', 'invalid', 'valid']);
    expect(asked).toEqual(['Bearer bad', 'Bearer good']);
    now += 30_001;
    expect(await check.verdict('Bearer bad')).toBe('invalid');
    expect(asked).toEqual(['Bearer bad', 'Bearer good', 'Bearer bad']);
  });

  it('does not remember "no answer" (the gateway was down): the next request asks again', async () => {
    const { probe, asked } = probeOf({});
    const check = new KeyCheck(probe, { ttlMs: 30_000 });
    expect(await check.verdict('Bearer any')).toBe('unknown');
    expect(await check.verdict('Bearer any')).toBe('unknown');
    expect(asked).toHaveLength(2);
  });

  it('asks every time with a TTL of 0 and forgets the oldest key past maxEntries', async () => {
    const { probe, asked } = probeOf({ 'Bearer a': 'valid', 'Bearer b': 'valid', 'Bearer c': 'valid' });
    const uncached = new KeyCheck(probe, { ttlMs: 0 });
    await uncached.verdict('Bearer a');
    await uncached.verdict('Bearer a');
    expect(asked).toHaveLength(2);
    const small = new KeyCheck(probe, { ttlMs: 60_000, maxEntries: 2 });
    for (const key of ['Bearer a', 'Bearer b', 'Bearer c', 'Bearer c', 'Bearer a']) await small.verdict(key);
    expect(asked.slice(2)).toEqual(['Bearer a', 'Bearer b', 'Bearer c', 'Bearer a']);
  });
});
