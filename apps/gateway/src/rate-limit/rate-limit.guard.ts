import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/auth.guard.js';
import { RATE_CLASS_METADATA, type RateClass } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { ClientIpLimiter } from './client-ip-limiter.js';
import { RateLimitStore } from './rate-limit.store.js';
import { RateLimitedError } from './rate-limited.error.js';

const WINDOW_MS = 60_000;

export { RateLimitedError };

/**
 * Per-key limits, per route class, shared by all replicas. Runs after AuthGuard. Public routes of
 * class `public` are limited per client IP instead.
 */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RateLimitStore) private readonly store: RateLimitStore,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
    @Inject(ClientIpLimiter) private readonly clients: ClientIpLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const key = request.apiKey;
    const rateClass = this.reflector.getAllAndOverride<RateClass | undefined>(RATE_CLASS_METADATA, [context.getHandler(), context.getClass()]) ?? 'default';
    if (!key) {
      // Public routes: only those of class `public` (shared report links) cost enough to limit.
      if (rateClass !== 'public') return true;
      const budget = await this.clients.chargePublic(request.ip);
      void reply.header('x-ratelimit-limit', String(budget.limit)).header('x-ratelimit-remaining', String(budget.remaining));
      return true;
    }
    const limit = this.limitFor(rateClass, key.rateLimitPerMinute);
    const decision = await this.store.take(`${key.prefix}.${rateClass}`, limit, WINDOW_MS);
    void reply.header('x-ratelimit-limit', String(limit));
    void reply.header('x-ratelimit-remaining', String(decision.remaining));
    if (!decision.allowed) {
      throw new RateLimitedError(
        `Rate limit of ${limit} ${rateClass} requests per minute for this key reached; retry after ${decision.retryAfterS} s.`,
        decision.retryAfterS,
      );
    }
    return true;
  }

  private limitFor(rateClass: RateClass, keyLimit: number | null): number {
    switch (rateClass) {
      case 'search':
        return Math.min(this.env.RATE_LIMIT_SEARCH_PER_MINUTE, keyLimit ?? Number.POSITIVE_INFINITY);
      case 'reports':
        return Math.min(this.env.RATE_LIMIT_REPORTS_PER_MINUTE, keyLimit ?? Number.POSITIVE_INFINITY);
      case 'tiles':
        // A key's own figure is sized for API calls; a map needs at least the tile budget.
        return Math.max(this.env.RATE_LIMIT_TILES_PER_MINUTE, keyLimit ?? 0);
      default:
        return keyLimit ?? this.env.RATE_LIMIT_PER_MINUTE;
    }
  }
}
