import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';

/** Everything the gateway reads from the environment, validated once at start-up. */
export class GatewayEnv {
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT: number = 8080;

  @IsString()
  HOST: string = '127.0.0.1';

  @Matches(/^(nats|tls):\/\/[^\s]+$/, { message: 'NATS_URL must look like nats://host:port' })
  NATS_URL!: string;

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

  /** Public base URL (scheme://host[:port]) used in the OpenAPI servers list and links. */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s/]+(\/[^\s]*)?$/, { message: 'PUBLIC_BASE_URL must be an http(s) URL' })
  PUBLIC_BASE_URL?: string;

  @IsIn(['verbose', 'debug', 'log', 'warn', 'error', 'fatal'])
  LOG_LEVEL: 'verbose' | 'debug' | 'log' | 'warn' | 'error' | 'fatal' = 'log';

  /** Log one line per HTTP request (off for benchmarks). */
  @IsIn(['true', 'false'])
  ACCESS_LOG: 'true' | 'false' = 'true';
}

export const GATEWAY_ENV = Symbol('GATEWAY_ENV');
