import { z } from 'zod';

/** The parcel_id input of the parcel tools: an EGiB id, or a number with precinct or gmina in words. */
export const parcelIdInput = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .describe('EGiB parcel id, e.g. "306401_1.0007.AR_1.34/1" (from locate_parcel or a search)');
