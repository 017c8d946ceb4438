/**
 * Characters a parcel id may contain: EGiB ids are made of digits, letters, `_`, `.`, `/` and `-`
 * (`306401_1.0001.AR_12.123/4`). Anything else is malformed, not merely unknown.
 */
export const PARCEL_ID_PATTERN = /^[0-9A-Za-z_./-]{1,80}$/;
export const PARCEL_ID_EXAMPLE = '306401_1.0001.123/4';
