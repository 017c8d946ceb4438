/**
 * Characters a parcel id may contain: EGiB ids are made of digits, letters, `_`, `.`, `/` and `-`
 * (`306401_1.0001.AR_12.123/4`). Anything else is malformed, not merely unknown.
 */
export const PARCEL_ID_PATTERN = /^[0-9A-Za-z_./-]{1,80}$/;
export const PARCEL_ID_EXAMPLE = '306401_1.0001.123/4';

/**
 * What GET /parcels/{id} and its block routes accept besides an EGiB id: a parcel number with its
 * precinct and/or gmina in words ("123/4, obręb Głuszyna, Poznań"), resolved by parcel-svc.
 */
export const PARCEL_REFERENCE_PATTERN = /^[\p{L}\p{N} _.,/()'-]{1,120}$/u;
export const PARCEL_REFERENCE_EXAMPLE = '34/1, obręb Chartowo, Poznań';
export const PARCEL_REFERENCE_MESSAGE =
  `parcel_id must be an EGiB parcel id (letters, digits, '_', '.', '/', '-', e.g. ${PARCEL_ID_EXAMPLE}) or a parcel number with its precinct or gmina (at most 120 characters, e.g. ${PARCEL_REFERENCE_EXAMPLE})`;
