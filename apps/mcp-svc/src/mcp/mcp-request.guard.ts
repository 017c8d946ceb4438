import type { IncomingHttpHeaders } from 'node:http';

/** JSON-RPC error codes used on the HTTP layer, before a request reaches the MCP server. */
export const JSON_RPC = {
  parseError: -32700,
  invalidRequest: -32600,
  invalidParams: -32602,
  internalError: -32603,
  serverError: -32000,
  unauthorized: -32001,
} as const;

export interface JsonRpcErrorBody {
  jsonrpc: '2.0';
  error: { code: number; message: string };
  id: null;
}

export function jsonRpcError(code: number, message: string): JsonRpcErrorBody {
  return { jsonrpc: '2.0', error: { code, message }, id: null };
}

export interface Rejection {
  status: number;
  body: JsonRpcErrorBody;
  headers?: Record<string, string>;
}

export interface OriginPolicy {
  /** host:port values accepted in the Host header, lower case. */
  allowedHosts: readonly string[];
  /** Origins accepted when an Origin header is present; empty means any Origin is refused. */
  allowedOrigins: readonly string[];
}

/**
 * DNS-rebinding protection, checked before anything else: a page in a browser must not be able
 * to reach this server under a foreign name. Unlike the SDK's check, an empty origin list refuses
 * every request that carries an Origin, rather than accepting all.
 */
export function checkHostAndOrigin(headers: IncomingHttpHeaders, policy: OriginPolicy): Rejection | undefined {
  const host = headers.host?.toLowerCase();
  if (!host || !policy.allowedHosts.includes(host)) {
    return { status: 403, body: jsonRpcError(JSON_RPC.serverError, `Invalid Host header: ${headers.host ?? '(none)'}`) };
  }
  const origin = headers.origin;
  if (origin !== undefined && !policy.allowedOrigins.includes(origin.replace(/\/+$/, ''))) {
    return { status: 403, body: jsonRpcError(JSON_RPC.serverError, `Invalid Origin header: ${origin}`) };
  }
  return undefined;
}

/**
 * A request with no bearer token at all is turned away here, before its body is read, with the
 * challenge an MCP client expects: where the protected-resource metadata is (RFC 9728).
 */
export function checkBearer(headers: IncomingHttpHeaders, resourceMetadataUrl: string): Rejection | undefined {
  if (/^Bearer [^\s]+$/i.test(headers.authorization?.trim() ?? '')) return undefined;
  return {
    status: 401,
    headers: { 'www-authenticate': bearerChallenge(resourceMetadataUrl) },
    body: jsonRpcError(JSON_RPC.unauthorized, 'Missing API key: send the header Authorization: Bearer <API_KEY>.'),
  };
}

/** The gateway refused the key: 401 at once (at initialize), not at the first tool call. */
export function invalidKeyRejection(resourceMetadataUrl: string): Rejection {
  return {
    status: 401,
    headers: { 'www-authenticate': bearerChallenge(resourceMetadataUrl, 'The API key is unknown or revoked') },
    body: jsonRpcError(
      JSON_RPC.unauthorized,
      'Invalid API key: the land-parcel API does not accept this key (unknown, revoked or mistyped). Configure a valid key, sent as Authorization: Bearer <API_KEY>.',
    ),
  };
}

function bearerChallenge(resourceMetadataUrl: string, invalidToken?: string): string {
  const error = invalidToken === undefined ? '' : `error="invalid_token", error_description="${invalidToken}", `;
  return `Bearer ${error}resource_metadata="${resourceMetadataUrl}"`;
}
