import { describe, expect, it } from '@jest/globals';
import type { ParcelBatchView, ParcelFeatureView } from '@lp/contracts';
import { runWithRequestContext } from '@lp/runtime';
import { batchJson, PARCELS_PER_SLICE, type ReadParcels } from './batch-json.js';

const idOf = (n: number): string => `306401_1.0001.${n}`;
const feature = (n: number): ParcelFeatureView =>
  ({
    type: 'Feature',
    id: idOf(n),
    geometry: { type: 'Point', coordinates: [16.9, 52.4] },
    properties: { parcel_id: idOf(n), teryt: '3064011', note: 'ł"\\\u2028' },
  }) as unknown as ParcelFeatureView;
/** `count` parcels that exist, asked with one id that does not (in the middle) and one asked twice. */
const asked = (count: number): string[] => {
  const ids = Array.from({ length: count }, (_, n) => idOf(n));
  ids.splice(Math.floor(count / 2), 0, 'x/1');
  return count > 0 ? [...ids, idOf(0)] : ids;
};
/** Reads from the `count` parcels that exist, recording the ids of each call. */
const parcels = (count: number, calls: string[][] = []): ReadParcels => {
  const all = new Map(Array.from({ length: count }, (_, n) => [idOf(n), feature(n)]));
  return async (ids) => {
    calls.push(ids);
    return new Map(ids.flatMap((id) => (all.has(id) ? [[id, all.get(id)!] as const] : [])));
  };
};
const text = (json: Uint8Array): string => Buffer.from(json).toString('utf8');

describe('a batch answer read and written in slices', () => {
  it('is the JSON of the view (missing before features, as before), for no parcel, fewer than a slice and many slices', async () => {
    for (const count of [0, 1, PARCELS_PER_SLICE - 1, PARCELS_PER_SLICE, PARCELS_PER_SLICE + 1, 500]) {
      const view: ParcelBatchView = { type: 'FeatureCollection', features: Array.from({ length: count }, (_, n) => feature(n)), missing: ['x/1'] };
      const { json } = await batchJson(asked(count), parcels(count));
      expect(text(json)).toBe(JSON.stringify({ type: view.type, missing: view.missing, features: view.features }));
      expect(JSON.parse(text(json))).toEqual(view);
    }
  });

  it('reads each id once, a slice at a time, in the order asked', async () => {
    const calls: string[][] = [];
    await batchJson(asked(60), parcels(60, calls));
    expect(calls.map((ids) => ids.length)).toEqual([PARCELS_PER_SLICE, PARCELS_PER_SLICE, 61 - 2 * PARCELS_PER_SLICE]);
    expect(calls.flat()).toEqual(asked(60).slice(0, -1));
  });

  it('gives the event loop back between slices (20 slices of 500 parcels: 19 turns for other work)', async () => {
    let done = false;
    const writing = batchJson(asked(500), parcels(500)).then(() => (done = true));
    // each turn of this loop is one the writer let other work have; written in one go, it gets none
    let turns = 0;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await writing;
    expect(turns).toBeGreaterThanOrEqual(500 / PARCELS_PER_SLICE - 1);
  });

  it("stops reading once the request's caller has gone", async () => {
    const caller = new AbortController();
    const calls: string[][] = [];
    const writing = runWithRequestContext({ requestId: 'r', signal: caller.signal }, () => batchJson(asked(500), parcels(500, calls)));
    caller.abort();
    await expect(writing).rejects.toMatchObject({ code: 'upstream_timeout' });
    expect(calls).toHaveLength(1);
  });
});
