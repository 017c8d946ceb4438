import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { randomUUID } from 'node:crypto';
import { Observable } from 'rxjs';
import { DEADLINE_HEADER, REQUEST_ID_HEADER } from '../rpc/headers.js';
import { rpcDuration } from './metrics.js';
import { runWithRequestContext } from './request-context.js';

/** Runs each NATS handler inside the caller's request context and times it. */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const headers = nats.getHeaders?.();
    const requestId = headers?.get(REQUEST_ID_HEADER) || randomUUID();
    const deadline = Number(headers?.get(DEADLINE_HEADER));
    const subject = nats.getSubject();
    const stop = rpcDuration.startTimer({ subject });
    return new Observable((subscriber) =>
      runWithRequestContext({ requestId, deadlineMs: Number.isFinite(deadline) && deadline > 0 ? deadline : undefined }, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            stop({ outcome: 'error' });
            subscriber.error(error);
          },
          complete: () => {
            stop({ outcome: 'ok' });
            subscriber.complete();
          },
        }),
      ),
    );
  }
}
