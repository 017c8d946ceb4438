import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply } from 'fastify';
import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from '@lp/runtime';
import type { AuthenticatedRequest } from '../auth/auth.guard.js';
import { RATE_CLASS_METADATA, type RateClass } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { RateLimitStore } from '../rate-limit/rate-limit.store.js';
import { RateLimitedError } from '../rate-limit/rate-limited.error.js';
import { requestCost, type RequestCost } from './request-cost.js';
import { WorkInFlight } from './work-in-flight.js';

const WINDOW_MS = 60_000;

const refused = new Counter({
  name: 'lp_fair_share_refused_total',
  help: 'Requests refused by cost: budget (429, cost per minute spent), key_in_flight (429), shed (503), by cost class.',
  labelNames: ['cost_class', 'reason'],
  registers: [metricsRegistry],
});
const inFlightUnits = new Gauge({ name: 'lp_fair_share_in_flight_units', help: 'Cost units in flight on this gateway.', registers: [metricsRegistry] });

/**
 * Cost, not count (docs/fair-shares.md): after the request-rate limit (RateLimitGuard), a keyed
 * request is priced by its route and body, charged to the key's cost budget per minute (shared by
 * every replica), and admitted under the concurrency caps and the load shedder of this gateway
 * (WorkInFlight). Its share is given back when the answer ends, including when the client leaves.
 */
@Injectable()
export class FairShareGuard implements CanActivate {
  private readonly work: WorkInFlight;

  constructor(
    private readonly reflector: Reflector,
    @Inject(RateLimitStore) private readonly store: RateLimitStore,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    this.work = new WorkInFlight({
      keyUnits: env.KEY_IN_FLIGHT_UNITS,
      heavyPerKey: env.HEAVY_IN_FLIGHT_PER_KEY,
      heavyPerService: env.HEAVY_IN_FLIGHT_PER_SERVICE,
      serviceUnits: env.SERVICE_IN_FLIGHT_UNITS,
    });
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = request.apiKey;
    if (!key) return true;
    const rateClass = this.reflector.getAllAndOverride<RateClass | undefined>(RATE_CLASS_METADATA, [context.getHandler(), context.getClass()]) ?? 'default';
    const cost = requestCost(request.routeOptions.url ?? '', rateClass, request.body);
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const release = this.admit(key.prefix, cost);
    inFlightUnits.set(this.work.units);
    reply.raw.once('close', () => {
      release();
      inFlightUnits.set(this.work.units);
    });
    if (cost.units > 1) await this.charge(key.prefix, cost).catch((error: unknown) => {
      release();
      throw error;
    });
    void reply.header('x-cost-units', String(cost.units));
    return true;
  }

  private admit(prefix: string, cost: RequestCost): () => void {
    try {
      return this.work.admit(prefix, cost);
    } catch (error) {
      refused.inc({ cost_class: cost.costClass, reason: error instanceof RateLimitedError ? 'key_in_flight' : 'shed' });
      throw error;
    }
  }

  /** Charges the request's units to the key's budget per minute (one compare-and-set in the shared store). */
  private async charge(prefix: string, cost: RequestCost): Promise<void> {
    const budget = this.env.COST_BUDGET_PER_MINUTE;
    const decision = await this.store.take(`${prefix}.cost`, budget, WINDOW_MS, cost.units);
    if (decision.allowed) return;
    refused.inc({ cost_class: cost.costClass, reason: 'budget' });
    throw new RateLimitedError(
      `This key's cost budget of ${budget} units a minute is spent (a ${cost.costClass} request costs ${cost.units}); retry after ${decision.retryAfterS} s.`,
      decision.retryAfterS,
    );
  }
}
