import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { TRUST_PROXY_MESSAGE, TRUST_PROXY_PATTERN } from '@lp/runtime';

/** Hosts that only this machine reaches: there, links may point at the gateway's own address. */
export const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** Everything the gateway reads from the environment, validated once at start-up. */
export class GatewayEnv {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 8080;

  @IsString()
  HOST: string = '127.0.0.1';

  /**
   * Which proxies in front of the gateway may name the client in X-Forwarded-For (the per-IP limits
   * on failed authentication and the public report route count that client): empty = none, the
   * socket's address counts (direct exposure); `true` = any; a number = that many hops (an Ingress
   * controller: 1); or a comma-separated list of addresses and CIDRs (10.0.0.0/8,127.0.0.1).
   * Behind a proxy without it, every client shares the proxy's one budget.
   */
  @Matches(TRUST_PROXY_PATTERN, { message: TRUST_PROXY_MESSAGE })
  TRUST_PROXY: string = '';

  @Matches(/^(nats|tls):\/\/[^\s]+$/, { message: 'NATS_URL must look like nats://host:port' })
  NATS_URL!: string;

  /** Copies of the rate-limit bucket: 1 on one NATS server, the cluster size (3) on a NATS cluster. */
  @IsInt()
  @Min(1)
  @Max(5)
  NATS_STREAM_REPLICAS: number = 1;

  @Matches(/^postgres(ql)?:\/\/[^\s]+$/, { message: 'DATABASE_URL must look like postgres://user@host:port/db' })
  DATABASE_URL!: string;

  @IsInt()
  @Min(1)
  @Max(50)
  DB_POOL_SIZE: number = 5;

  /** Deadline of a NATS request to a service. */
  @IsInt()
  @Min(100)
  @Max(120_000)
  RPC_TIMEOUT_MS: number = 10_000;

  /** Deadline of search requests, which may scan the country. */
  @IsInt()
  @Min(100)
  @Max(120_000)
  SEARCH_TIMEOUT_MS: number = 20_000;

  /** Requests per minute per key on ordinary routes (a key may carry its own figure). */
  @IsInt()
  @Min(1)
  RATE_LIMIT_PER_MINUTE: number = 600;

  /** Requests per minute per key on search routes. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_SEARCH_PER_MINUTE: number = 60;

  /** Requests per minute per key on report routes. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_REPORTS_PER_MINUTE: number = 10;

  /** Tile and TileJSON requests per minute per key: a map loads dozens of tiles per pan. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_TILES_PER_MINUTE: number = 3000;

  /**
   * Cost units per minute per key (one unit is about 10 ms of service time; docs/fair-shares.md):
   * a national site assembly costs 200, a gmina search 3. Lookups and tiles are counted by the
   * request limits alone.
   */
  @IsInt()
  @Min(1)
  COST_BUDGET_PER_MINUTE: number = 3000;

  /** Cost units one key may have in flight on one gateway. */
  @IsInt()
  @Min(1)
  KEY_IN_FLIGHT_UNITS: number = 400;

  /** Requests of one heavy class (national search or assembly, large batch, export) one key may have in flight on one gateway. */
  @IsInt()
  @Min(1)
  HEAVY_IN_FLIGHT_PER_KEY: number = 1;

  /** Requests of one heavy class one gateway has in flight for all keys together; more are shed with 503. */
  @IsInt()
  @Min(1)
  HEAVY_IN_FLIGHT_PER_SERVICE: number = 4;

  /** Cost units one gateway takes in flight: heavy work is shed past half of it, normal work past nine tenths, lookups never. */
  @IsInt()
  @Min(10)
  SERVICE_IN_FLIGHT_UNITS: number = 1200;

  /**
   * Browser origins allowed to call the API from other sites (CORS), comma-separated, e.g.
   * `https://maps.example.com,http://localhost:5173`. Empty: none (the map app is same-origin).
   * Bearer keys only: credentials (cookies) are never allowed.
   */
  @Matches(/^$|^(https?:\/\/[^\s,/]+)(,https?:\/\/[^\s,/]+)*$/, {
    message: 'CORS_ORIGINS must be a comma-separated list of origins such as https://maps.example.com (scheme and host, no path)',
  })
  CORS_ORIGINS: string = '';

  /** Folder of the built map application (apps/web/dist); default: beside the gateway in this repository. */
  @IsOptional()
  @IsString()
  WEB_APP_DIR?: string;

  /** Seconds a verified key is trusted before it is looked up again (revocations evict at once). */
  @IsInt()
  @Min(0)
  @Max(3600)
  API_KEY_CACHE_SECONDS: number = 30;

  /** Largest accepted request body. */
  @IsInt()
  @Min(1024)
  @Max(50 * 1024 * 1024)
  BODY_LIMIT_BYTES: number = 1024 * 1024;

  /**
   * A body declared larger than BODY_LIMIT_BYTES but at most this many bytes is read and discarded
   * before the 413 answer, so the client reads the answer instead of a broken pipe.
   */
  @IsInt()
  @Min(0)
  @Max(1024 * 1024 * 1024)
  BODY_DRAIN_LIMIT_BYTES: number = 16 * 1024 * 1024;

  /**
   * Public base URL (scheme://host[:port]) written into the OpenAPI servers list, TileJSON and report
   * links. Required when HOST is not a loopback address: links are never built from the Host header.
   */
  @ValidateIf((env: GatewayEnv) => env.PUBLIC_BASE_URL !== undefined || !LOOPBACK_HOSTS.has(env.HOST))
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, {
    message: 'PUBLIC_BASE_URL must be an http(s) URL; it is required when HOST is not a loopback address (links are never built from the Host header)',
  })
  PUBLIC_BASE_URL?: string;

  /** Internal port of /healthz, /readyz and /metrics, never the public one (0 picks a free one). */
  @IsInt()
  @Min(0)
  @Max(65535)
  OPS_PORT: number = 0;

  /** A file the gateway writes its ops port to once it listens (npm start reads it; OPS_PORT=0 picks the port). */
  @IsOptional()
  @IsString()
  OPS_PORT_FILE?: string;

  /** Address of the ops port: loopback locally; 0.0.0.0 in a pod (the Service never exposes it). */
  @IsString()
  OPS_HOST: string = '127.0.0.1';

  /** Deepest nesting of objects and arrays in a JSON body. */
  @IsInt()
  @Min(4)
  @Max(256)
  JSON_MAX_DEPTH: number = 16;

  /** Most keys in one object of a JSON body. */
  @IsInt()
  @Min(16)
  @Max(100_000)
  JSON_MAX_OBJECT_KEYS: number = 200;

  /** Most items in one array of a JSON body (the batch route takes 500 ids). */
  @IsInt()
  @Min(16)
  @Max(1_000_000)
  JSON_MAX_ARRAY_ITEMS: number = 1000;

  /** Most values in a whole JSON body. */
  @IsInt()
  @Min(100)
  @Max(10_000_000)
  JSON_MAX_VALUES: number = 5000;

  /** Time a client has to send a whole request, headers and body; then 408 and the socket is closed. */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  REQUEST_TIMEOUT_MS: number = 30_000;

  /** A socket with no traffic either way for this long is closed (never less than the service deadlines + 5 s). */
  @IsInt()
  @Min(1000)
  @Max(3_600_000)
  CONNECTION_TIMEOUT_MS: number = 120_000;

  /**
   * An idle keep-alive connection is closed after this long. Longer than the idle timeout of the
   * proxies in front of us (ingress-nginx and cloud load balancers keep upstream connections 60 s),
   * so the proxy, not the gateway, closes an idle connection and never sends on a socket we just shut.
   */
  @IsInt()
  @Min(100)
  @Max(600_000)
  KEEP_ALIVE_TIMEOUT_MS: number = 65_000;

  /** Open connections at once; more are refused at accept. */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  MAX_CONNECTIONS: number = 4096;

  /** Requests one keep-alive connection may carry before it is closed (0: no limit). */
  @IsInt()
  @Min(0)
  MAX_REQUESTS_PER_SOCKET: number = 1000;

  /** Seconds a rejected key is remembered, so repeating it costs no database lookup. */
  @IsInt()
  @Min(0)
  @Max(3600)
  NEGATIVE_KEY_CACHE_SECONDS: number = 10;

  /** Most rejected keys remembered at once (the oldest are forgotten first). */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  NEGATIVE_KEY_CACHE_SIZE: number = 10_000;

  /** Requests per minute per client IP that fail authentication; past it 429 without a lookup. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: number = 120;

  /** Requests per minute per client IP on public /v1 routes (shared report links). */
  @IsInt()
  @Min(1)
  RATE_LIMIT_PUBLIC_PER_MINUTE: number = 60;

  /** Access requests (POST /v1/access-requests, no key) per hour per client IP. */
  @IsInt()
  @Min(1)
  RATE_LIMIT_ACCESS_REQUESTS_PER_HOUR: number = 5;

  /** How often each gateway reads revocations from the database (NATS only makes it sooner). */
  @IsInt()
  @Min(100)
  @Max(60_000)
  KEY_REVOCATION_POLL_MS: number = 2000;

  @IsIn(['verbose', 'debug', 'log', 'warn', 'error', 'fatal'])
  LOG_LEVEL: 'verbose' | 'debug' | 'log' | 'warn' | 'error' | 'fatal' = 'log';

  /** Log one line per HTTP request (off for benchmarks). */
  @IsIn(['true', 'false'])
  ACCESS_LOG: 'true' | 'false' = 'true';

  /**
   * Exports (GeoPackage, CSV, GeoJSON, FlatGeobuf written by ogr2ogr): most features in a layer
   * export. A search export holds at most the search's own largest limit (SEARCH_LIMIT_MAX).
   */
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  EXPORT_MAX_FEATURES: number = 50_000;

  /** Largest export file (or zip) sent; a bigger one answers 413 and is deleted. */
  @IsInt()
  @Min(1024)
  @Max(4 * 1024 * 1024 * 1024 - 1)
  EXPORT_MAX_BYTES: number = 256 * 1024 * 1024;

  /** ogr2ogr is killed after this long (an export never hangs a worker). */
  @IsInt()
  @Min(1000)
  @Max(600_000)
  EXPORT_TIMEOUT_MS: number = 120_000;

  /** Exports written at once by one gateway; more answer 503 with Retry-After (ogr2ogr is CPU and disk work). */
  @IsInt()
  @Min(1)
  @Max(64)
  EXPORT_CONCURRENCY: number = 2;

  /** Folder for the temporary files of an export (removed when the answer ends, sent or not). */
  @IsOptional()
  @IsString()
  EXPORT_TMP_DIR?: string;
}

export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
