import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { DatabaseServiceEnv } from '@lp/messaging';

export class WatchesSvcEnv extends DatabaseServiceEnv {
  /** Watches one API key may hold at once; more is refused with a 400 naming the limit. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  WATCHES_PER_KEY_MAX: number = 100;

  /** Seconds before a layer event whose re-evaluation failed is delivered again. */
  @IsInt()
  @Min(1)
  @Max(3600)
  EVENT_RETRY_SECONDS: number = 10;

  /**
   * Webhook hosts (exact names or IP literals, comma-separated) the operator allows although they are
   * private, loopback or link-local: a receiver inside the operator's own network, or a test's.
   */
  @IsOptional()
  @IsString()
  WEBHOOK_ALLOWED_HOSTS?: string;

  /** Whether webhook URLs may use plain http (https only when false). */
  @IsIn(['true', 'false'])
  WEBHOOK_ALLOW_HTTP: 'true' | 'false' = 'false';
}

export const WATCHES_SVC_ENV = Symbol('WATCHES_SVC_ENV');
