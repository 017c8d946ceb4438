import { Counter } from 'prom-client';
import { metricsRegistry } from '@lp/runtime';

export const rpcCancelled = new Counter({
  name: 'lp_rpc_cancelled_total',
  help: 'Requests in flight whose caller went away (a cancel message) before the reply, by subject.',
  labelNames: ['subject'],
  registers: [metricsRegistry],
});

interface HeldCall {
  controller: AbortController;
  subject: string;
}

/**
 * The calls this process is handling, by call id, so that a cancel message (CANCEL_SUBJECT) can
 * stop one: the RPC interceptor registers each call, ChunkingNatsServer's cancel subscription aborts it.
 */
class CallCancellation {
  private readonly held = new Map<string, HeldCall>();

  /** The signal a call's caller aborts; `release` when the call is answered. */
  hold(callId: string, subject: string): { signal: AbortSignal; release: () => void } {
    const controller = new AbortController();
    const call = { controller, subject };
    this.held.set(callId, call);
    return { signal: controller.signal, release: () => this.held.get(callId) === call && this.held.delete(callId) };
  }

  /** Aborts the call if this process holds it (other replicas hear the same message and ignore it). */
  cancel(callId: string): boolean {
    const call = this.held.get(callId);
    if (!call) return false;
    this.held.delete(callId);
    rpcCancelled.inc({ subject: call.subject });
    call.controller.abort();
    return true;
  }

  get size(): number {
    return this.held.size;
  }
}

export const callCancellation = new CallCancellation();
