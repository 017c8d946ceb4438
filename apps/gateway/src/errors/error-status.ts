import type { ErrorCode } from '@lp/contracts';

/** The one table from error code to HTTP status. */
export const ERROR_STATUS: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  stale_cursor: 409,
  payload_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  unresolvable_query: 422,
  ambiguous_region: 422,
  ambiguous_parcel: 422,
  ambiguous_feature: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  service_unavailable: 503,
  upstream_timeout: 504,
};
