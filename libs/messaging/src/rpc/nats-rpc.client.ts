import { AppError, isErrorReply, type Subject } from '@lp/contracts';
import { connect, headers as natsHeaders, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { CALL_ID_HEADER, CANCEL_SUBJECT, DEADLINE_HEADER, REQUEST_ID_HEADER } from './headers.js';
import { decodeReplyBody } from './binary-reply.js';
import { coalesceWrites } from './coalesced-writes.js';
import { ConnectionState } from './connection-events.js';
import { ReplyAssembler } from './reply-chunks.js';
import { ReplyInbox, type ReplyFailure, type ReplySlot } from './reply-inbox.js';
import type { RpcReplyPacket, RpcRequestPacket } from './rpc-packet.js';

export interface RpcCallOptions {
  requestId: string;
  timeoutMs: number;
  /**
   * Times to send the request again when no replica is subscribed (a rolling restart's gap, a
   * replica that just left). Only for requests that are safe to repeat: idempotent reads.
   */
  retryNoResponders?: number;
  /**
   * Aborted when the caller no longer wants the answer (its HTTP client went away): the call fails
   * at once and a cancel message tells the service to stop the work (CANCEL_SUBJECT).
   */
  signal?: AbortSignal;
}

/** Pause before asking again after "no responders": long enough for a replacement to subscribe. */
const NO_RESPONDERS_RETRY_MS = 150;
const noResponderErrors = new WeakSet<AppError>();

const encoder = new TextEncoder();

/**
 * Request/reply over NATS with a deadline on every call. A subject nobody serves fails at once
 * with `service_unavailable` (NATS tells us there are no responders); a reply that does not
 * arrive in time fails with `upstream_timeout`. Never a hang. The deadline travels in a header
 * so the service can stop when it passes. Each call has its own reply subject under the
 * connection's one inbox subscription (ReplyInbox), so a reply sent in chunks (ChunkingNatsServer)
 * is assembled here.
 *
 * Calls still pending when the connection closes or drops fail at once as unavailable, and so do
 * calls made until it is back: a reply sent while the connection is away is lost, and nats.js
 * discards what was published meanwhile when it dials again, so waiting for the deadline would
 * only turn a retryable 503 into a 504 seconds later.
 */
export class NatsRpcClient {
  private readonly inbox: ReplyInbox;
  private readonly state: ConnectionState;

  private constructor(private readonly connection: NatsConnection) {
    this.inbox = new ReplyInbox(connection);
    void connection.closed().then(() => this.inbox.failAll());
    this.state = ConnectionState.of(connection);
    this.state.listen({ disconnect: () => this.inbox.failAll('connection_lost') });
  }

  static async connect(url: string, name: string): Promise<NatsRpcClient> {
    // noAsyncTraces: nats.js would otherwise build an Error (a stack capture) up front for every
    // request it sends (the rate limiter's key-value writes), only to name the caller if it fails.
    const connection = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true });
    coalesceWrites(connection);
    return new NatsRpcClient(connection);
  }

  get nats(): NatsConnection {
    return this.connection;
  }

  /** False once closed, and while the connection is down between a disconnect and its reconnect. */
  isConnected(): boolean {
    return !this.connection.isClosed() && !this.state.down;
  }

  /** Calls waiting for their reply: none once every call has settled, however it ended. */
  get pendingCalls(): number {
    return this.inbox.size;
  }

  /** One request to the subject's service; the request and reply types are the subject's own. */
  call<Req, Res>(subject: Subject<Req, Res>, data: Req, options: RpcCallOptions): Promise<Res> {
    return this.callRaw<Res>(subject.name, data, options);
  }

  /**
   * A request by subject name with no contract: for tests that send what no contract allows (a
   * malformed payload, a subject nobody serves) and their own echo subjects; a defined subject is
   * taken by its name. Services use `call`.
   */
  async callRaw<TResponse>(to: string | Subject<never, unknown>, data: unknown, options: RpcCallOptions): Promise<TResponse> {
    const subject = typeof to === 'string' ? to : to.name;
    const deadline = Date.now() + options.timeoutMs;
    let retries = options.retryNoResponders ?? 0;
    for (;;) {
      try {
        return await this.callOnce<TResponse, unknown>(subject, data, { ...options, timeoutMs: Math.max(1, deadline - Date.now()) });
      } catch (error) {
        const retry = retries > 0 && error instanceof AppError && noResponderErrors.has(error) && deadline - Date.now() > 2 * NO_RESPONDERS_RETRY_MS;
        if (!retry) throw error;
        retries--;
        await new Promise((resolve) => setTimeout(resolve, NO_RESPONDERS_RETRY_MS));
      }
    }
  }

  private callOnce<TResponse, TRequest>(subject: string, data: TRequest, options: RpcCallOptions): Promise<TResponse> {
    const packet: RpcRequestPacket<TRequest> = { pattern: subject, data, id: randomUUID() };
    const hdrs = natsHeaders();
    hdrs.set(REQUEST_ID_HEADER, options.requestId);
    hdrs.set(DEADLINE_HEADER, String(Date.now() + options.timeoutMs));
    hdrs.set(CALL_ID_HEADER, packet.id);
    const service = subject.split('.')[0];
    const signal = options.signal;
    if (signal?.aborted) return Promise.reject(callerGone(service));
    if (this.connection.isClosed()) return Promise.reject(busUnreachable(service));
    if (this.state.down) return Promise.reject(busUnreachable(service, 'connection_lost'));
    return new Promise<TResponse>((resolve, reject) => {
      const assembler = new ReplyAssembler();
      let slot: ReplySlot | undefined;
      const settle = (error: AppError | undefined, value?: TResponse): void => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        slot?.release();
        slot = undefined;
        if (error) reject(error);
        else resolve(value as TResponse);
      };
      const timer = setTimeout(
        () => settle(new AppError('upstream_timeout', `The ${service} service did not answer within ${options.timeoutMs} ms.`)),
        options.timeoutMs,
      );
      const onAbort = (): void => {
        if (!slot) return;
        settle(callerGone(service));
        this.publishCancel(packet.id);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const onMessage = (message: Msg): void => {
        if (isNoResponders(message)) {
          const error = new AppError('service_unavailable', `The ${service} service is not available right now; retry in a few seconds.`);
          noResponderErrors.add(error);
          return settle(error);
        }
        try {
          const body = assembler.add(message.data, message.headers);
          if (body) settle(undefined, unpackReply<TResponse>(subject, body, assembler.jsonBytes));
        } catch (error) {
          settle(error instanceof AppError ? error : new AppError('internal', `The reply on ${subject} could not be read: ${(error as Error).message}.`));
        }
      };
      try {
        slot = this.inbox.open((failure, message) => (failure ? settle(busUnreachable(service, failure)) : onMessage(message!)));
        this.connection.publish(subject, encoder.encode(JSON.stringify(packet)), { reply: slot.subject, headers: hdrs });
      } catch (error) {
        settle(toPublishError(service, error));
      }
    });
  }

  /** Tells whichever replica holds the call to stop it; lost if the bus is away, when the deadline still stops it. */
  private publishCancel(callId: string): void {
    try {
      this.connection.publish(CANCEL_SUBJECT, encoder.encode(callId));
    } catch {
      // the connection is closing or down: the deadline header stops the work instead
    }
  }

  /** Lets replies already on the way arrive, then fails the calls still waiting (no timer outlives the client). */
  async close(): Promise<void> {
    await this.connection.drain().catch(() => undefined);
    this.inbox.failAll();
  }
}

/** NATS answers a request nobody subscribes to with an empty 503 status message. */
function isNoResponders(message: Msg): boolean {
  return message.data.length === 0 && message.headers?.code === 503;
}

function callerGone(service: string | undefined): AppError {
  return new AppError('upstream_timeout', `The caller went away; the ${service} service was told to stop the work.`);
}

function busUnreachable(service: string | undefined, failure: ReplyFailure = 'inbox_lost'): AppError {
  if (failure === 'connection_lost') {
    return new AppError('service_unavailable', `The message bus is not reachable right now, so the ${service} service could not answer; retry in a few seconds.`);
  }
  return new AppError('service_unavailable', `The message bus could not reach the ${service} service.`);
}

function toPublishError(service: string | undefined, error: unknown): AppError {
  const message = (error as Error)?.message ?? '';
  if (/max_payload/i.test(message)) return new AppError('payload_too_large', `The request is too large for the ${service} service.`);
  return busUnreachable(service);
}

function unpackReply<T>(subject: string, data: Uint8Array, jsonBytes: number | null): T {
  let packet: RpcReplyPacket<T>;
  try {
    packet = decodeReplyBody<RpcReplyPacket<T>>(data, jsonBytes);
  } catch {
    throw new AppError('internal', `The reply on ${subject} was not valid JSON.`);
  }
  if (packet.err !== undefined && packet.err !== null) {
    if (isErrorReply(packet.err)) throw AppError.fromReply(packet.err);
    throw new AppError('internal', `The service answering ${subject} failed.`);
  }
  return packet.response as T;
}
