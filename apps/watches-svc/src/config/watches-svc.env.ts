import { IsIn, IsInt, IsOptional, IsString, Max, Min } from 'class-validator';
import { DatabaseServiceEnv } from '@lp/messaging';

export class WatchesSvcEnv extends DatabaseServiceEnv {
  /** Watches one API key may hold at once; more is refused with a 400 naming the limit. */
  @IsInt()
  @Min(1)
  @Max(100_000)
  WATCHES_PER_KEY_MAX: number = 100;

  /** Seconds before a layer event whose re-evaluation failed (or waits for the search index) is delivered again. */
  @IsInt()
  @Min(1)
  @Max(3600)
  EVENT_RETRY_SECONDS: number = 10;

  /** Longest wait for the search index to reflect a refresh before watches are evaluated anyway. */
  @IsInt()
  @Min(0)
  @Max(86_400)
  INDEX_WAIT_MAX_SECONDS: number = 900;

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

  /** How often the webhook outbox is looked at for deliveries that are due. */
  @IsInt()
  @Min(50)
  @Max(60_000)
  WEBHOOK_POLL_MS: number = 1000;

  /** First retry after this; each further retry waits twice as long, up to WEBHOOK_RETRY_MAX_MS. */
  @IsInt()
  @Min(10)
  @Max(3_600_000)
  WEBHOOK_RETRY_BASE_MS: number = 30_000;

  @IsInt()
  @Min(10)
  @Max(86_400_000)
  WEBHOOK_RETRY_MAX_MS: number = 3_600_000;

  /** An event not delivered this long after it was found is marked failed (it stays in the feed). */
  @IsInt()
  @Min(1)
  @Max(7 * 86_400)
  WEBHOOK_GIVE_UP_SECONDS: number = 86_400;

  /** How long one delivery attempt may take. */
  @IsInt()
  @Min(100)
  @Max(60_000)
  WEBHOOK_TIMEOUT_MS: number = 10_000;
}

export const WATCHES_SVC_ENV = Symbol('WATCHES_SVC_ENV');
