import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import { TRUST_PROXY_MESSAGE, TRUST_PROXY_PATTERN } from '@lp/runtime';

const HTTP_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/;
const HOST_LIST = /^\s*[^\s,/]+\s*(,\s*[^\s,/]+\s*)*$/;
const ORIGIN_LIST = /^\s*https?:\/\/[^\s,/]+\/?\s*(,\s*https?:\/\/[^\s,/]+\/?\s*)*$/;

/** What both modes need to call the gateway on a caller's behalf. */
export class GatewayCallerEnv {
  /** Base URL of our REST gateway: the only place a caller's API key is ever sent. */
  @Matches(HTTP_URL, { message: 'GATEWAY_URL must be an http(s) URL such as http://127.0.0.1:8080' })
  GATEWAY_URL!: string;

  /** Base URL of the map application, for map_url links; the gateway serves it by default. */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'APP_URL must be an http(s) URL' })
  APP_URL?: string;

  /** Deadline of one REST call to the gateway; above the gateway's own 20 s search deadline. */
  @IsInt()
  @Min(100)
  @Max(120_000)
  GATEWAY_TIMEOUT_MS: number = 25_000;
}

/** Everything the HTTP tool server reads from the environment, validated once at start-up. */
export class McpSvcEnv extends GatewayCallerEnv {
  @IsInt()
  @Min(0)
  @Max(65535)
  MCP_PORT: number = 8081;

  @IsString()
  MCP_HOST: string = '127.0.0.1';

  /**
   * Port of /metrics (and /healthz, /readyz) for Prometheus, apart from the public MCP port so that
   * what the service counts is never served to the world (0 picks a free one).
   */
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT: number = 0;

  @IsString()
  METRICS_HOST: string = '127.0.0.1';

  /**
   * Host header values accepted on /mcp (DNS-rebinding protection), as host:port. Unset means the
   * loopback names with the port the server is bound to; set it when a proxy or a Service fronts us.
   */
  @IsOptional()
  @Matches(HOST_LIST, { message: 'MCP_ALLOWED_HOSTS must be a comma-separated list of host:port values' })
  MCP_ALLOWED_HOSTS?: string;

  /** Origins accepted on /mcp. Unset means a request carrying any Origin header is refused. */
  @IsOptional()
  @Matches(ORIGIN_LIST, { message: 'MCP_ALLOWED_ORIGINS must be a comma-separated list of origins such as https://app.example.com' })
  MCP_ALLOWED_ORIGINS?: string;

  /**
   * Public base URL of this server when a proxy fronts it (e.g. https://mcp.example.pl), for the
   * OAuth protected-resource metadata. Unset: http:// and the request's Host, when allowed.
   */
  @IsOptional()
  @Matches(HTTP_URL, { message: 'MCP_PUBLIC_URL must be an http(s) URL such as https://mcp.example.pl' })
  MCP_PUBLIC_URL?: string;

  /**
   * Which proxies in front of this server may name the client in X-Forwarded-For (same forms as the
   * gateway's TRUST_PROXY; behind an Ingress controller: 1). The client so found is the address
   * this server names to the gateway, so the gateway's per-address budgets (failed key lookups)
   * count each MCP client, not this server. Empty: the socket's address.
   */
  @Matches(TRUST_PROXY_PATTERN, { message: TRUST_PROXY_MESSAGE })
  TRUST_PROXY: string = '';

  /** How long the gateway's verdict on a caller's key is reused (0: ask on every request). */
  @IsInt()
  @Min(0)
  @Max(600)
  MCP_KEY_CHECK_CACHE_SECONDS: number = 30;

  /** Largest accepted JSON-RPC body on /mcp. */
  @IsInt()
  @Min(1024)
  @Max(10 * 1024 * 1024)
  MCP_BODY_LIMIT_BYTES: number = 256 * 1024;

  @IsIn(['verbose', 'debug', 'log', 'warn', 'error', 'fatal'])
  LOG_LEVEL: 'verbose' | 'debug' | 'log' | 'warn' | 'error' | 'fatal' = 'log';

  /** Log one line per HTTP request (off for benchmarks). */
  @IsIn(['true', 'false'])
  ACCESS_LOG: 'true' | 'false' = 'true';
}

/** APP_URL, or the gateway when unset; never with a trailing slash. */
export function appUrlOf(env: GatewayCallerEnv): string {
  return withoutTrailingSlash(env.APP_URL ?? env.GATEWAY_URL);
}

/** The configured Host allow-list, or the loopback names with the bound port. */
export function allowedHostsOf(env: McpSvcEnv, boundPort: number): string[] {
  return env.MCP_ALLOWED_HOSTS ? splitList(env.MCP_ALLOWED_HOSTS) : [`127.0.0.1:${boundPort}`, `localhost:${boundPort}`];
}

export function allowedOriginsOf(env: McpSvcEnv): string[] {
  return env.MCP_ALLOWED_ORIGINS ? splitList(env.MCP_ALLOWED_ORIGINS).map(withoutTrailingSlash) : [];
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

function withoutTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
