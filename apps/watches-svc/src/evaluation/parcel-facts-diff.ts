import type { NewEvent } from './answer-diff.js';

/** What is compared of a watched parcel (from layer_pub.parcels): more facts are to come. */
export interface ParcelFacts {
  area_sqm: number;
}

/**
 * Changes of watched parcels after a refresh of the parcels layer: a parcel no longer in the
 * register was split or merged (`criterion: parcel`), one whose area changed was redrawn
 * (`criterion: area`). A parcel that was not there before and is now (a watched id that appears)
 * is reported too, so nothing changes silently.
 */
export function diffParcelFacts(before: ReadonlyMap<string, ParcelFacts | null>, after: ReadonlyMap<string, ParcelFacts>): NewEvent[] {
  const events: NewEvent[] = [];
  for (const [parcelId, was] of [...before].sort(([a], [b]) => a.localeCompare(b))) {
    const now = after.get(parcelId) ?? null;
    if (was === null && now === null) continue;
    if (was !== null && now === null) {
      events.push({ type: 'facts_changed', parcel_id: parcelId, criterion: 'parcel', before: { exists: true, ...was }, after: { exists: false } });
    } else if (was === null && now !== null) {
      events.push({ type: 'facts_changed', parcel_id: parcelId, criterion: 'parcel', before: { exists: false }, after: { exists: true, ...now } });
    } else if (was !== null && now !== null && Math.abs(was.area_sqm - now.area_sqm) >= 0.01) {
      events.push({ type: 'facts_changed', parcel_id: parcelId, criterion: 'area', before: { area_sqm: was.area_sqm }, after: { area_sqm: now.area_sqm } });
    }
  }
  return events;
}
