import type { ParcelBatchJson, ParcelBatchView, ParcelFeatureView } from '@lp/contracts';
import { cancellationCheck } from '@lp/runtime';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Parcels read, composed and written between two turns of the event loop. With every block a
 * parcel is about 12 kB of JSON, so a slice's database rows, their parsing and their JSON are a
 * few hundred kB: a few milliseconds of work, not a whole batch's.
 */
export const PARCELS_PER_SLICE = 25;

/** The found parcels of some ids (with the blocks asked for), keyed by id; the others are missing. */
export type ReadParcels = (parcelIds: string[]) => Promise<Map<string, ParcelFeatureView>>;

/**
 * A batch answer written as JSON a slice of parcels at a time, each slice read just before it is
 * written, the event loop let go in between. 500 parcels with every block are about 6 MB: read in
 * one query, the database's rows were parsed in one go (JSON.parse of every block, and the garbage
 * collection of it all), and one JSON.stringify of the answer held the service as long again, while
 * every other key's parcel lookup waited. A slice's objects are garbage once it is written, and
 * only the bytes are kept. Between slices the request's cancellation is checked, so a batch whose
 * client went away stops being read. The bytes are the JSON of the ParcelBatchView key for key (the
 * ids asked once each, found parcels in the order asked, then the missing ones), with `missing`
 * written before `features`.
 */
export async function batchJson(parcelIds: readonly string[], read: ReadParcels): Promise<ParcelBatchJson> {
  const check = cancellationCheck();
  const unique = [...new Set(parcelIds)];
  const features: Buffer[] = [];
  const missing: string[] = [];
  for (let start = 0; start < unique.length; start += PARCELS_PER_SLICE) {
    if (start > 0) {
      await nextTurn();
      check();
    }
    const ids = unique.slice(start, start + PARCELS_PER_SLICE);
    const found = await read(ids);
    const written = ids.flatMap((id) => {
      const feature = found.get(id);
      if (!feature) missing.push(id);
      return feature ? [JSON.stringify(feature)] : [];
    });
    if (written.length > 0) features.push(Buffer.from(`${features.length > 0 ? ',' : ''}${written.join(',')}`));
  }
  const head = JSON.stringify({ type: 'FeatureCollection', missing } satisfies Omit<ParcelBatchView, 'features'>);
  return { json: Buffer.concat([Buffer.from(`${head.slice(0, -1)},"features":[`), ...features, Buffer.from(']}')]) };
}
