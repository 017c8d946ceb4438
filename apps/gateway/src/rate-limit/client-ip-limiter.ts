import { Inject, Injectable } from '@nestjs/common';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { ExpiringSet } from '../auth/expiring-set.js';
import { RateLimitedError } from './rate-limited.error.js';
import { RateLimitStore } from './rate-limit.store.js';

const WINDOW_MS = 60_000;
const MAX_BLOCKED_CLIENTS = 100_000;

/**
 * Per client IP budgets for traffic without a valid key, in the store every replica shares:
 * requests that fail authentication, and requests to public /v1 routes. A client whose failure
 * budget is spent is remembered here until its Retry-After, so its next unknown keys get 429
 * without a database lookup.
 */
@Injectable()
export class ClientIpLimiter {
  private readonly blocked = new ExpiringSet(MAX_BLOCKED_CLIENTS, WINDOW_MS);

  constructor(
    @Inject(RateLimitStore) private readonly store: RateLimitStore,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  /** Throws 429 when this client may not cause another key lookup yet. */
  assertMayLookUpKeys(ip: string): void {
    const until = Number(this.blocked.get(ip) ?? 0);
    if (until > Date.now()) throw this.failuresSpent(Math.ceil((until - Date.now()) / 1000));
  }

  /** Charges one failed authentication to the client; throws 429 once its budget is spent. */
  async chargeFailedAuthentication(ip: string): Promise<void> {
    const limit = this.env.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE;
    const decision = await this.store.take(`${clientBucket(ip)}.unauthenticated`, limit, WINDOW_MS);
    if (decision.allowed) return;
    this.blocked.add(ip, String(Date.now() + decision.retryAfterS * 1000));
    throw this.failuresSpent(decision.retryAfterS);
  }

  /** Charges one request to a public route; throws 429 once the client's budget is spent. */
  async chargePublic(ip: string): Promise<{ limit: number; remaining: number }> {
    const limit = this.env.RATE_LIMIT_PUBLIC_PER_MINUTE;
    const decision = await this.store.take(`${clientBucket(ip)}.public`, limit, WINDOW_MS);
    if (!decision.allowed) {
      throw new RateLimitedError(`Rate limit of ${limit} requests per minute to public routes from this address reached; retry after ${decision.retryAfterS} s.`, decision.retryAfterS);
    }
    return { limit, remaining: decision.remaining };
  }

  /** Charges one access request to the client (a form anyone may post): a few per hour. */
  async chargeAccessRequest(ip: string): Promise<void> {
    const limit = this.env.RATE_LIMIT_ACCESS_REQUESTS_PER_HOUR;
    const decision = await this.store.take(`${clientBucket(ip)}.access`, limit, 3_600_000);
    if (!decision.allowed) {
      throw new RateLimitedError(`At most ${limit} access requests per hour from one address; retry after ${decision.retryAfterS} s.`, decision.retryAfterS);
    }
  }

  private failuresSpent(retryAfterS: number): RateLimitedError {
    return new RateLimitedError(
      `Too many requests without a valid API key from this address (${this.env.RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE} per minute); retry after ${retryAfterS} s with a valid key.`,
      retryAfterS,
    );
  }
}

/** A client IP as a key of the shared bucket, whose keys allow only letters, digits and `-_=/.`. */
function clientBucket(ip: string): string {
  return `ip-${ip.replace(/[^A-Za-z0-9]/g, '_')}`;
}
