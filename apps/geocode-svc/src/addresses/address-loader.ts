import { resolve } from 'node:path';
import type { AddressLoadRepository, AddressLoadSummary } from './address-load.repository.js';
import { StreetCatalogue, type PointRow } from './address-rows.js';
import { readAddressSource } from './address-source.js';

export interface AddressLoadOptions {
  /** Points per INSERT statement. */
  batchSize?: number;
  /** Accept a source with fewer than half the points loaded now (a register does not shrink so). */
  allowShrink?: boolean;
  /** Progress lines for a person watching. */
  progress?: (message: string) => void;
  /** How often progress is reported, in points read. */
  progressEvery?: number;
}

export const DEFAULT_BATCH_SIZE = 5000;
/** Problems reported one by one; the rest are counted. */
const PROBLEMS_SHOWN = 10;

/**
 * Loads an address source (GeoJSON lines) in place of the addresses loaded now, in one
 * transaction. A source with no usable point, or far fewer than loaded now, is refused and the
 * old addresses stay.
 */
export async function loadAddresses(repository: AddressLoadRepository, path: string, options: AddressLoadOptions = {}): Promise<AddressLoadSummary> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const progressEvery = options.progressEvery ?? 50_000;
  const progress = options.progress ?? (() => undefined);
  const started = performance.now();
  const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const gminaNames = await repository.gminaNames();
  if (gminaNames.size === 0) progress('no gminas in layer_pub.admin_bounds: addresses are matched without gmina names');

  return repository.replaceAll(async (writer) => {
    const streets = new StreetCatalogue(gminaNames);
    let batch: PointRow[] = [];
    let points = 0;
    let skipped = 0;
    for await (const entry of readAddressSource(path)) {
      if ('problem' in entry) {
        skipped++;
        if (skipped <= PROBLEMS_SHOWN) progress(`line ${entry.line} left out: ${entry.problem}`);
        continue;
      }
      batch.push(streets.pointRow(entry.feature));
      points++;
      if (batch.length >= batchSize) {
        await writer.insertPoints(batch);
        batch = [];
      }
      if (points % progressEvery === 0) progress(`${points} points, ${streets.streetCount} streets loaded, ${skipped} left out, ${seconds()}`);
    }
    if (batch.length > 0) await writer.insertPoints(batch);
    if (points === 0) throw new Error(`${path} has no usable address point (${skipped} left out); the addresses loaded before stay`);
    if (points < writer.previousCount / 2 && !options.allowShrink) {
      throw new Error(`${path} has ${points} address points, less than half of the ${writer.previousCount} loaded now; the old ones stay (--allow-shrink loads it anyway)`);
    }
    const streetRows = streets.streetRows();
    for (let index = 0; index < streetRows.length; index += batchSize) await writer.insertStreets(streetRows.slice(index, index + batchSize));
    if (skipped > PROBLEMS_SHOWN) progress(`... ${skipped - PROBLEMS_SHOWN} more lines left out`);
    progress(`${points} points in ${streetRows.length} streets read, ${skipped} left out, ${seconds()}; committing`);
    return { source: resolve(path), point_count: points, street_count: streetRows.length, skipped };
  });
}
