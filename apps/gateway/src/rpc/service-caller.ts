import { Inject, Injectable } from '@nestjs/common';
import type { Subject } from '@lp/contracts';
import type { NatsRpcClient } from '@lp/messaging';
import type { FastifyRequest } from 'fastify';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { NATS_RPC_CLIENT } from './rpc.tokens.js';
import { clientGone } from '../http/client-gone.js';

/**
 * Sends one request to the owning service with the HTTP request's id and the right deadline; if
 * the HTTP client goes away first, the service is told to stop (client-gone.ts). A GET
 * or HEAD is a read that is safe to repeat: it is sent once more when no replica is subscribed
 * (a replica leaving its queue group during a rollout), instead of answering 503 at once.
 */
@Injectable()
export class ServiceCaller {
  constructor(
    @Inject(NATS_RPC_CLIENT) private readonly rpc: NatsRpcClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  call<Req, Res>(request: FastifyRequest, subject: Subject<Req, Res>, data: Req): Promise<Res> {
    const timeoutMs = subject.name.startsWith('search.') ? this.env.SEARCH_TIMEOUT_MS : this.env.RPC_TIMEOUT_MS;
    const idempotent = request.method === 'GET' || request.method === 'HEAD';
    return this.rpc.call(subject, data, { requestId: request.id, timeoutMs, retryNoResponders: idempotent ? 1 : 0, signal: clientGone(request) });
  }
}
