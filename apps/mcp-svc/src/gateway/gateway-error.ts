/**
 * A failed call to the gateway: its error envelope, typed, plus the status and Retry-After. The
 * code is kept as a string because clients must tolerate codes added after this build.
 */
export class GatewayError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly candidates: readonly string[] = [],
    readonly retryAfterS?: number,
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'GatewayError';
  }

  /** Builds the error from a non-2xx response body, which should be our error envelope. */
  static fromResponse(status: number, body: unknown, retryAfterHeader: string | null, fallbackRequestId?: string): GatewayError {
    const envelope = readEnvelope(body);
    const retryAfterS = parseRetryAfter(retryAfterHeader);
    if (envelope) {
      return new GatewayError(envelope.code, status, envelope.message, envelope.candidates, retryAfterS, envelope.request_id ?? fallbackRequestId);
    }
    return new GatewayError(codeForStatus(status), status, `The gateway answered HTTP ${status} without an error envelope.`, [], retryAfterS, fallbackRequestId);
  }
}

interface ErrorEnvelopeBody {
  code: string;
  message: string;
  request_id?: string;
  candidates: string[];
}

function readEnvelope(body: unknown): ErrorEnvelopeBody | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as Record<string, unknown>)['error'];
  if (typeof error !== 'object' || error === null) return undefined;
  const fields = error as Record<string, unknown>;
  if (typeof fields['code'] !== 'string' || typeof fields['message'] !== 'string') return undefined;
  const candidates = Array.isArray(fields['candidates']) ? fields['candidates'].filter((item): item is string => typeof item === 'string') : [];
  const requestId = typeof fields['request_id'] === 'string' ? fields['request_id'] : undefined;
  return { code: fields['code'], message: fields['message'], request_id: requestId, candidates };
}

/** Retry-After as delay-seconds or as an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_request';
    case 401:
      return 'unauthorized';
    case 404:
      return 'not_found';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    case 502:
    case 503:
      return 'service_unavailable';
    case 504:
      return 'upstream_timeout';
    default:
      return 'internal';
  }
}
