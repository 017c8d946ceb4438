import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Subject } from '@lp/contracts';
import { NatsRpcClient } from '@lp/messaging';
import { currentRequestContext } from '@lp/runtime';
import { randomUUID } from 'node:crypto';
import { WATCHES_SVC_ENV, type WatchesSvcEnv } from '../config/watches-svc.env.js';

const DEFAULT_TIMEOUT_MS = 5000;

/**
 * watches-svc's requests to search-svc (compiling a scenario, interpreting a query, re-running a search): one
 * connection, the caller's request id passed on, and never past the caller's own deadline.
 */
@Injectable()
export class OutboundRpc implements OnApplicationShutdown {
  private client?: Promise<NatsRpcClient>;

  constructor(@Inject(WATCHES_SVC_ENV) private readonly env: WatchesSvcEnv) {}

  /** `timeoutMs`: when no caller's deadline applies (re-evaluation after a refresh has no caller), instead of 5 s. */
  async call<Req, Res>(subject: Subject<Req, Res>, data: Req, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<Res> {
    this.client ??= NatsRpcClient.connect(this.env.NATS_URL, 'watches-svc-outbound');
    const context = currentRequestContext();
    const within = context?.deadlineMs ? Math.max(100, context.deadlineMs - Date.now() - 50) : timeoutMs;
    return (await this.client).call(subject, data, { requestId: context?.requestId ?? randomUUID(), timeoutMs: within, signal: context?.signal });
  }

  async onApplicationShutdown(): Promise<void> {
    await (await this.client)?.close();
  }
}
