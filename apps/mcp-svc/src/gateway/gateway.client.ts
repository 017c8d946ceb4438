import { GatewayError } from './gateway-error.js';

export interface GatewayConfig {
  /** GATEWAY_URL, e.g. http://127.0.0.1:8080 (a path prefix is kept). */
  baseUrl: string;
  timeoutMs: number;
  /** Replaceable for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** Who a tool call runs for: the MCP request's own credentials and id. */
export interface GatewayCaller {
  /** The caller's Authorization header exactly as received; never altered, never logged. */
  authorization: string;
  requestId: string;
  /**
   * The end client's address as this server sees it (after its own TRUST_PROXY): sent as
   * X-Forwarded-For, so the gateway, trusting this hop, counts its per-address budgets (failed key
   * lookups) against that client and not against this server, which every MCP client shares.
   */
  clientAddress?: string;
  /** Aborts the REST call when the MCP request is cancelled. */
  signal?: AbortSignal;
}

/** What the gateway thinks of a key: accepted, refused (401), or no answer to go by. */
export type KeyVerdict = 'valid' | 'invalid' | 'unknown';

/**
 * The route that judges a key cheaply: the gateway verifies the key (401) and its scope (403)
 * before the handler runs, and without `q` the handler answers 400 before calling any service.
 */
const KEY_PROBE_PATH = '/v1/parcels/autocomplete';
const KEY_ACCEPTED_STATUSES: ReadonlySet<number> = new Set([200, 400, 403]);

export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/**
 * Typed REST client of our gateway. It only takes paths, never URLs, and checks every request
 * stays on GATEWAY_URL's origin: the caller's key must not reach any other host.
 */
export class GatewayClient {
  private readonly base: URL;
  private readonly fetchImpl: typeof fetch;

  constructor(
    private readonly config: GatewayConfig,
    private readonly caller?: GatewayCaller,
  ) {
    this.base = new URL(config.baseUrl);
    this.fetchImpl = config.fetch ?? fetch;
  }

  /** The same gateway, calling on behalf of one MCP request. */
  forCaller(caller: GatewayCaller): GatewayClient {
    return new GatewayClient(this.config, caller);
  }

  get<T>(path: string, query?: Record<string, QueryValue>): Promise<T> {
    return this.request<T>('GET', path, query);
  }

  post<T>(path: string, body: unknown, query?: Record<string, QueryValue>): Promise<T> {
    return this.request<T>('POST', path, query, body);
  }

  /** Liveness of the gateway, for our /readyz; sends no key. */
  async healthz(timeoutMs: number = 1500): Promise<void> {
    const response = await this.fetchImpl(this.urlFor('/healthz'), { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    await response.body?.cancel();
    if (!response.ok) throw new Error(`gateway /healthz answered ${response.status}`);
  }

  /**
   * Asks the gateway whether it accepts this Authorization header, as cheaply as it can answer:
   * 401 means the key is unknown or revoked; 400 or 403 (a missing scope) means the key itself was
   * accepted. A 429 may be the key's own limit or the client address's budget of failed lookups
   * (the probe is sent for `clientAddress`, as the tool calls are), so it says nothing about the
   * key; nor do timeouts and 5xx.
   */
  async checkKey(authorization: string, clientAddress?: string, timeoutMs: number = 3000): Promise<KeyVerdict> {
    try {
      const response = await this.fetchImpl(this.urlFor(KEY_PROBE_PATH), {
        headers: { accept: 'application/json', authorization, 'user-agent': 'lp-mcp-svc', ...forwardedFor(clientAddress) },
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'manual',
      });
      await response.body?.cancel();
      if (response.status === 401) return 'invalid';
      // Only answers the guards or the handler give after accepting the key; a 404 (the route
      // moved) or a 5xx says nothing about the key.
      return KEY_ACCEPTED_STATUSES.has(response.status) ? 'valid' : 'unknown';
    } catch {
      return 'unknown';
    }
  }

  urlFor(path: string, query?: Record<string, QueryValue>): URL {
    if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
      throw new Error(`Gateway paths must be absolute paths on GATEWAY_URL, got "${path}".`);
    }
    const url = new URL(this.base.pathname.replace(/\/+$/, '') + path, this.base.origin);
    if (url.origin !== this.base.origin) throw new Error(`Refusing to call ${url.origin}: only ${this.base.origin} receives API keys.`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, String(item));
      else url.searchParams.set(name, String(value));
    }
    return url;
  }

  private async request<T>(method: 'GET' | 'POST', path: string, query?: Record<string, QueryValue>, body?: unknown): Promise<T> {
    const url = this.urlFor(path, query);
    const headers: Record<string, string> = { accept: 'application/json, application/geo+json', 'user-agent': 'lp-mcp-svc' };
    if (this.caller) {
      headers['authorization'] = this.caller.authorization;
      headers['x-request-id'] = this.caller.requestId;
      Object.assign(headers, forwardedFor(this.caller.clientAddress));
    }
    if (body !== undefined) headers['content-type'] = 'application/json';
    const timeout = AbortSignal.timeout(this.config.timeoutMs);
    const signal = this.caller?.signal ? AbortSignal.any([timeout, this.caller.signal]) : timeout;

    let response: Response;
    let text: string;
    try {
      response = await this.fetchImpl(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal, redirect: 'manual' });
      text = await response.text();
    } catch {
      throw this.transportError(timeout);
    }

    const parsed = parseJson(text);
    if (response.status >= 200 && response.status < 300) {
      if (parsed.ok) return parsed.value as T;
      throw new GatewayError('internal', 502, `The gateway answered ${method} ${url.pathname} with a body that is not JSON.`, [], undefined, this.caller?.requestId);
    }
    throw GatewayError.fromResponse(response.status, parsed.ok ? parsed.value : undefined, response.headers.get('retry-after'), this.caller?.requestId);
  }

  /** Which signal fired tells timeout from cancellation; anything else is a network failure. */
  private transportError(timeout: AbortSignal): GatewayError {
    const requestId = this.caller?.requestId;
    if (timeout.aborted) {
      return new GatewayError('upstream_timeout', 504, `The gateway did not answer within ${this.config.timeoutMs} ms.`, [], undefined, requestId);
    }
    if (this.caller?.signal?.aborted) return new GatewayError('cancelled', 499, 'The request was cancelled by the client.', [], undefined, requestId);
    return new GatewayError('service_unavailable', 503, 'The gateway could not be reached.', [], undefined, requestId);
  }
}

/** The client named to the gateway, which replaces (not extends) what the client itself claimed. */
function forwardedFor(clientAddress: string | undefined): Record<string, string> {
  return clientAddress ? { 'x-forwarded-for': clientAddress } : {};
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  if (text.length === 0) return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}
