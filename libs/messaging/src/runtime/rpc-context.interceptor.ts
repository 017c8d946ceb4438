import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { NatsContext } from '@nestjs/microservices';
import { AppError } from '@lp/contracts';
import { randomUUID } from 'node:crypto';
import { map, Observable, throwError } from 'rxjs';
import { CALL_ID_HEADER, DEADLINE_HEADER, REQUEST_ID_HEADER } from '../rpc/headers.js';
import { callCancellation } from './call-cancellation.js';
import { rpcExpired } from './rpc-metrics.js';
import { requestSignal, runWithRequestContext } from '@lp/runtime';

/**
 * Runs each NATS handler inside the caller's request context (request id, deadline, and the signal
 * that stops its work when the caller cancels the call or the deadline passes). A request whose
 * deadline passed before it got here is dropped: its caller has already answered 504, so the work
 * would be for nobody. (Timing is recorded when the reply is sent: ChunkingNatsServer.)
 */
@Injectable()
export class RpcContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const nats = context.switchToRpc().getContext<NatsContext>();
    const headers = nats.getHeaders?.();
    const requestId = headers?.get(REQUEST_ID_HEADER) || randomUUID();
    const deadline = Number(headers?.get(DEADLINE_HEADER));
    const deadlineMs = Number.isFinite(deadline) && deadline > 0 ? deadline : undefined;
    if (deadlineMs !== undefined && deadlineMs <= Date.now()) {
      rpcExpired.inc({ subject: nats.getSubject() });
      return throwError(() => new AppError('upstream_timeout', 'The request arrived after its deadline and was dropped.'));
    }
    const callId = headers?.get(CALL_ID_HEADER);
    return new Observable((subscriber) => {
      const held = callId ? callCancellation.hold(callId, nats.getSubject()) : undefined;
      const { signal, dispose } = requestSignal(held?.signal, deadlineMs);
      // next.handle() starts the handler at once: it must be called inside the request's context.
      // An answer to a call cancelled meanwhile is not serialised and sent (a batch's is megabytes):
      // its caller is gone, and a small error ends the call instead.
      const subscription = runWithRequestContext({ requestId, deadlineMs, signal }, () =>
        next
          .handle()
          .pipe(
            map((answer: unknown) => {
              if (signal.aborted) throw signal.reason instanceof AppError ? signal.reason : new AppError('upstream_timeout', 'The call was cancelled.');
              return answer;
            }),
          )
          .subscribe(subscriber),
      );
      return () => {
        held?.release();
        dispose();
        subscription.unsubscribe();
      };
    });
  }
}
