import { getJson, parcelPath } from '../api/client.js';
import type { ParcelFeatureView } from '../api/types.js';

const PARCEL_INCLUDE = 'regulations,constraints,terrain,proximity,market';

let early: { parcelId: string; answer: Promise<ParcelFeatureView> } | null = null;

/**
 * A map_url's parcel is asked for as the page starts, beside the key check, not after it: the
 * first view of a parcel waits for one round trip instead of two. Used once; a failed early
 * answer (an expired key) is simply asked again.
 */
export function prefetchParcel(parcelId: string): void {
  const answer = fetchParcel(parcelId);
  answer.catch(() => undefined);
  early = { parcelId, answer };
}

export function loadParcelFacts(parcelId: string): Promise<ParcelFeatureView> {
  if (early?.parcelId === parcelId) {
    const { answer } = early;
    early = null;
    return answer.catch(() => fetchParcel(parcelId));
  }
  return fetchParcel(parcelId);
}

function fetchParcel(parcelId: string): Promise<ParcelFeatureView> {
  return getJson<ParcelFeatureView>(parcelPath(parcelId), { query: { include: PARCEL_INCLUDE } });
}
