import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AppError, type Scope } from '@lp/contracts';
import type { FastifyRequest } from 'fastify';
import type { ApiKeyRecord } from './api-key.js';
import { ApiKeyService } from './api-key.service.js';
import { ClientIpLimiter } from '../rate-limit/client-ip-limiter.js';
import { PUBLIC_METADATA, SCOPE_METADATA } from './route-policy.js';

export interface AuthenticatedRequest extends FastifyRequest {
  apiKey?: ApiKeyRecord;
}

/** Verifies the API key and the route's scope: 401 without a valid key, 403 without the scope. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @Inject(ApiKeyService) private readonly keys: ApiKeyService,
    @Inject(ClientIpLimiter) private readonly clients: ClientIpLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_METADATA, targets)) return true;
    const scope = this.reflector.getAllAndOverride<Scope | readonly Scope[] | undefined>(SCOPE_METADATA, targets);
    if (!scope) throw new AppError('internal', `Route ${context.getClass().name}.${context.getHandler().name} declares no scope.`);
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const key = await this.authenticate(request);
    const accepted: readonly Scope[] = typeof scope === 'string' ? [scope] : scope;
    if (!accepted.some((s) => key.scopes.includes(s))) {
      const needs = accepted.length === 1 ? `the scope ${accepted[0]}, which this endpoint requires` : `one of the scopes ${accepted.join(', ')}, which this endpoint requires`;
      throw new AppError('insufficient_scope', `This API key lacks ${needs}. The key has: ${key.scopes.join(', ') || 'no scopes'}.`);
    }
    request.apiKey = key;
    return true;
  }

  /** Every failed authentication is charged to the client's IP; past its budget, 429 without a lookup. */
  private async authenticate(request: AuthenticatedRequest): Promise<ApiKeyRecord> {
    try {
      return await this.keys.authenticate(request.headers.authorization, () => this.clients.assertMayLookUpKeys(request.ip));
    } catch (error) {
      if (error instanceof AppError && error.code === 'unauthorized') await this.clients.chargeFailedAuthentication(request.ip);
      throw error;
    }
  }
}
