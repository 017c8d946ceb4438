import { isScope, type Scope } from '@lp/contracts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { GatewayError } from '../gateway/gateway-error.js';

export interface ToolErrorContext {
  tool: string;
  scope: Scope;
  requestId: string;
}

/**
 * A failed tool call as the spec wants it: a normal result with isError and a message written for
 * the model, saying what went wrong and what to do next (retry, pick a candidate, ask the user).
 */
export function toolErrorResult(error: unknown, context: ToolErrorContext): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: toolErrorMessage(error, context) }] };
}

export function toolErrorMessage(error: unknown, context: ToolErrorContext): string {
  if (!(error instanceof GatewayError)) {
    return `${context.tool} failed with an internal error in the tool server. Retry once; if it fails again, tell the user and quote request id ${context.requestId}.`;
  }
  switch (kindOf(error)) {
    case 'unauthorized':
      return `The land-parcel API rejected the API key (it is missing, invalid or revoked), so ${context.tool} could not run. Retrying will not help: tell the user to check the API key configured for this tool server.`;
    case 'insufficient_scope': {
      // The gateway names the scope it missed; a step of the tool (resolving a place name) may need
      // another scope than the tool's own, and then its message says what to do instead.
      const scope = missingScopeIn(error.message) ?? context.scope;
      const step = scope === context.scope ? '' : ` ${sentence(error.message)}`;
      return `The API key lacks the scope "${scope}", which ${context.tool} needs.${step} Retrying will not help: tell the user that this needs a key with the ${scope} scope.`;
    }
    case 'not_found':
      return error.candidates.length > 0
        ? `Not found: ${sentence(error.message)} Close matches: ${list(error.candidates)}. If one of them is what the user meant, retry ${context.tool} with it; otherwise ask the user to check the identifier.`
        : `Not found: ${sentence(error.message)} Check the identifier with the user; do not guess another one.`;
    case 'ambiguous_parcel':
      return `The parcel reference is ambiguous; it matches: ${list(error.candidates)}. Ask the user which parcel they mean (or show them these ids), then retry ${context.tool} with the full parcel id.`;
    case 'ambiguous_region':
      return error.candidates.length > 0
        ? `The place name is ambiguous; it matches: ${list(error.candidates)}. Ask the user which one they mean, or call resolve_region to get the TERYT codes, then retry with the TERYT code as the region.`
        : `The place name is ambiguous; it matches several administrative units. Ask the user which one they mean, or call resolve_region to get the TERYT codes, then retry with the TERYT code as the region.`;
    case 'ambiguous_feature':
      return `The query names a feature (a substation, a station, a stop) that fits several features: ${list(error.candidates)}. Ask the user which one they mean, then retry with a fuller name or the gmina.`;
    case 'unresolvable_query':
      return `The query could not be resolved to a region or any filter: ${sentence(error.message)} Rephrase it with a place name or TERYT code and concrete criteria, or ask the user to be more specific.`;
    case 'invalid_request':
      return `The land-parcel API rejected the arguments: ${sentence(error.message)} Correct them and retry.`;
    case 'payload_too_large':
      return `The request was too large: ${sentence(error.message)} Send fewer items per call.`;
    case 'rate_limited':
      // The gateway says which limit it was (the key's rate, its cost budget, its work in flight,
      // or the client address's failed key lookups): each asks for a different next step.
      return `A limit was reached: ${sentence(error.message)} ${retryAdvice(error)}`;
    case 'service_unavailable':
      return `The land-parcel API is temporarily unavailable. This is temporary: retry in a few seconds.`;
    case 'upstream_timeout':
      return `The land-parcel API did not answer in time. This is usually temporary: retry in a few seconds, or narrow the request (a smaller region, fewer items).`;
    case 'cancelled':
      return `The call was cancelled before it finished.`;
    case 'internal':
      return `The land-parcel API failed with an internal error. Retry once; if it fails again, tell the user and quote request id ${error.requestId ?? context.requestId}.`;
  }
}

type ErrorKind =
  | 'unauthorized'
  | 'insufficient_scope'
  | 'not_found'
  | 'ambiguous_region'
  | 'ambiguous_parcel'
  | 'ambiguous_feature'
  | 'unresolvable_query'
  | 'invalid_request'
  | 'payload_too_large'
  | 'rate_limited'
  | 'service_unavailable'
  | 'upstream_timeout'
  | 'cancelled'
  | 'internal';

const KNOWN_CODES: ReadonlySet<string> = new Set<ErrorKind>([
  'unauthorized',
  'insufficient_scope',
  'not_found',
  'ambiguous_region',
  'ambiguous_parcel',
  'ambiguous_feature',
  'unresolvable_query',
  'invalid_request',
  'payload_too_large',
  'rate_limited',
  'service_unavailable',
  'upstream_timeout',
  'cancelled',
  'internal',
]);

/** The code when we know it, else what the status says (codes may be added after this build). */
function kindOf(error: GatewayError): ErrorKind {
  if (KNOWN_CODES.has(error.code)) return error.code as ErrorKind;
  if (error.status === 401) return 'unauthorized';
  if (error.status === 403) return 'insufficient_scope';
  if (error.status === 404) return 'not_found';
  if (error.status === 413) return 'payload_too_large';
  if (error.status === 429) return 'rate_limited';
  if (error.status === 502 || error.status === 503) return 'service_unavailable';
  if (error.status === 504) return 'upstream_timeout';
  if (error.status >= 400 && error.status < 500) return 'invalid_request';
  return 'internal';
}

/** The gateway says "lacks the scope parcels:read"; tool-side steps say "needs the scope ...". */
export function missingScopeIn(message: string): Scope | undefined {
  const named = /scope ([a-z]+:[a-z]+)/.exec(message)?.[1];
  return named !== undefined && isScope(named) ? named : undefined;
}

function list(candidates: readonly string[]): string {
  const shown = candidates.slice(0, 15);
  const more = candidates.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

function retryAdvice(error: GatewayError): string {
  return error.retryAfterS !== undefined ? `Retry after ${error.retryAfterS} seconds, not before.` : 'Wait a little, then retry.';
}

function sentence(message: string): string {
  const trimmed = message.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
