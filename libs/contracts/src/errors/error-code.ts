/**
 * Every error code the service can return. Extend only by adding: clients match on these strings.
 * The HTTP status for each code lives in one table in the gateway (apps/gateway/src/errors).
 */
export const ERROR_CODES = [
  'unauthorized',
  'insufficient_scope',
  'not_found',
  'invalid_request',
  'unresolvable_query',
  'ambiguous_region',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'method_not_allowed',
  'service_unavailable',
  'upstream_timeout',
  'internal',
  'stale_cursor',
  'ambiguous_parcel',
  /** A named feature of a query ("stacja Plewiska") fits several features that lie apart; candidates name them. */
  'ambiguous_feature',
  'request_timeout',
  'uri_too_long',
  'headers_too_large',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}
