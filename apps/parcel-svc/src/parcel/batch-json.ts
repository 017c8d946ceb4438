import type { ParcelBatchJson, ParcelBatchView } from '@lp/contracts';
import { cancellationCheck } from '@lp/runtime';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** Parcels written between two turns of the event loop: about a millisecond of work each slice. */
const FEATURES_PER_SLICE = 20;

/**
 * A batch answer written as JSON a slice of parcels at a time, the event loop let go in between.
 * 500 parcels with every block are about 6 MB: one JSON.stringify of it holds the service for tens
 * of milliseconds (many more on a busy machine), and every other key's parcel lookup waits behind
 * it. Between slices the request's cancellation is checked, so a batch whose client went away
 * stops being written. The bytes are the JSON of the view, key for key.
 */
export async function batchJson(view: ParcelBatchView): Promise<ParcelBatchJson> {
  const check = cancellationCheck();
  const { features, ...rest } = view;
  const head = JSON.stringify(rest);
  const parts: Buffer[] = [Buffer.from(`${head.slice(0, -1)}${head.length > 2 ? ',' : ''}"features":[`)];
  for (let start = 0; start < features.length; start += FEATURES_PER_SLICE) {
    if (start > 0) {
      await nextTurn();
      check();
    }
    const slice = features.slice(start, start + FEATURES_PER_SLICE).map((feature) => JSON.stringify(feature));
    parts.push(Buffer.from(`${start > 0 ? ',' : ''}${slice.join(',')}`));
  }
  parts.push(Buffer.from(']}'));
  return { json: Buffer.concat(parts) };
}
