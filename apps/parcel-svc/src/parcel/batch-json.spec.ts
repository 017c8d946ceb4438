import { describe, expect, it } from '@jest/globals';
import type { ParcelBatchView, ParcelFeatureView } from '@lp/contracts';
import { runWithRequestContext } from '@lp/runtime';
import { batchJson } from './batch-json.js';

const feature = (n: number): ParcelFeatureView =>
  ({
    type: 'Feature',
    id: `306401_1.0001.${n}`,
    geometry: { type: 'Point', coordinates: [16.9, 52.4] },
    properties: { parcel_id: `306401_1.0001.${n}`, teryt: '3064011', note: 'ł"\\\u2028' },
  }) as unknown as ParcelFeatureView;
const batch = (count: number): ParcelBatchView => ({
  type: 'FeatureCollection',
  features: Array.from({ length: count }, (_, n) => feature(n)),
  missing: ['x/1'],
});

describe('a batch answer written in slices', () => {
  it('is the JSON of the view, for no parcel, fewer than a slice and many slices', async () => {
    for (const count of [0, 1, 19, 20, 21, 500]) {
      const view = batch(count);
      const { json } = await batchJson(view);
      expect(JSON.parse(Buffer.from(json).toString('utf8'))).toEqual(view);
    }
  });

  it('gives the event loop back between slices (25 slices of 500 parcels: 24 turns for other work)', async () => {
    let done = false;
    const writing = batchJson(batch(500)).then(() => (done = true));
    // each turn of this loop is one the writer let other work have; written in one go, it gets none
    let turns = 0;
    while (!done) {
      await new Promise((resolve) => setImmediate(resolve));
      turns++;
    }
    await writing;
    expect(turns).toBeGreaterThanOrEqual(24);
  });

  it("stops once the request's caller has gone", async () => {
    const caller = new AbortController();
    const writing = runWithRequestContext({ requestId: 'r', signal: caller.signal }, () => batchJson(batch(500)));
    caller.abort();
    await expect(writing).rejects.toMatchObject({ code: 'upstream_timeout' });
  });
});
