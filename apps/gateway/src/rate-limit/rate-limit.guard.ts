import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError } from '@lp/contracts';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../auth/auth.guard.js';
import { RATE_CLASS_METADATA, type RateClass } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { RateLimitStore } from './rate-limit.store.js';

const WINDOW_MS = 60_000;

/** Thrown to answer 429; carries Retry-After. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super('rate_limited', message);
  }
}

/** Per-key limits, per route class, shared by all replicas. Runs after AuthGuard. */
@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(RateLimitStore) private readonly store: RateLimitStore,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = request.apiKey;
    if (!key) return true; // public route
    const rateClass = this.reflector.getAllAndOverride<RateClass | undefined>(RATE_CLASS_METADATA, [context.getHandler(), context.getClass()]) ?? 'default';
    const limit = this.limitFor(rateClass, key.rateLimitPerMinute);
    const decision = await this.store.take(`${key.prefix}.${rateClass}`, limit, WINDOW_MS);
    const reply = context.switchToHttp().getResponse<FastifyReply>();
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
      default:
        return keyLimit ?? this.env.RATE_LIMIT_PER_MINUTE;
    }
  }
}
