import { Logger } from '@nestjs/common';
import { ServerNats, type NatsContext } from '@nestjs/microservices';
import { headers as natsHeaders, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/transport-node';
import { boundText } from '@lp/runtime';
import { encodeBinaryReply, REPLY_BINARY_HEADER } from '../rpc/binary-reply.js';
import { coalesceWrites } from '../rpc/coalesced-writes.js';
import { chunkBodyBytes, REPLY_CHUNK_COUNT_HEADER, REPLY_CHUNK_INDEX_HEADER, splitReply } from '../rpc/reply-chunks.js';
import { rpcDuration } from './rpc-metrics.js';
import { CANCEL_SUBJECT } from '../rpc/headers.js';
import { callCancellation } from './call-cancellation.js';

interface ReplyPacket {
  id?: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

const DEFAULT_MAX_PAYLOAD = 1024 * 1024;
const encoder = new TextEncoder();
const decoder = new TextDecoder();
/** Longest wait for requests in flight at shutdown: above every deadline (search 20 s), below Kubernetes' grace period. */
export const DRAIN_TIMEOUT_MS = 25_000;
/** A pattern that may be JSON (an object, array, string, number, true, false or null); our subjects never are. */
const MAYBE_JSON_PATTERN = /^\s*(?:[[{"\-\d]|(?:true|false|null)\s*$)/;

/**
 * NestJS's NATS transport with replies that never exceed the bus limit: a reply larger than one
 * message is sent in chunks (`reply-chunks.ts`), which NatsRpcClient assembles. Bytes in a reply
 * travel raw after its JSON (`binary-reply.ts`). A reply that still
 * cannot be sent (the connection dropped, a server with a smaller limit) is answered with a small
 * `internal` error instead of silence, and the handler's metric counts it as a failure.
 */
export class ChunkingNatsServer extends ServerNats {
  private readonly replyLogger = new Logger('ChunkingNatsServer');
  /** Requests received and not yet answered. */
  private inFlight = 0;
  private idle: (() => void) | undefined;

  /**
   * Graceful stop: leave the queue group first (drain: the server routes new requests to the other
   * replicas, messages already delivered here are still handled), answer every request in flight,
   * then close the connection. Nest's own close drops the connection at once, so in-flight
   * callers would wait for their deadline.
   */
  override async close(): Promise<void> {
    const subscriptions = (this as unknown as { subscriptions: Array<{ drain(): Promise<void> }> }).subscriptions;
    const started = Date.now();
    await Promise.all(subscriptions.map((subscription) => subscription.drain().catch(() => undefined)));
    if (this.inFlight > 0) {
      this.replyLogger.log(`draining: waiting for ${this.inFlight} request(s) in flight`);
      await Promise.race([new Promise<void>((resolve) => (this.idle = resolve)), new Promise((resolve) => setTimeout(resolve, DRAIN_TIMEOUT_MS).unref())]);
    }
    if (this.inFlight > 0) this.replyLogger.warn(`closing with ${this.inFlight} request(s) still in flight after ${DRAIN_TIMEOUT_MS} ms`);
    else this.replyLogger.log(`drained in ${Date.now() - started} ms`);
    await this.unwrap<NatsConnection>()
      .flush()
      .catch(() => undefined);
    await super.close();
  }

  /**
   * The connection nest opens, with its writes of one event-loop turn gathered (`coalesced-writes.ts`),
   * and listening for cancel messages: a caller that gave up names its call, and the replica
   * handling it stops the work (`call-cancellation.ts`).
   */
  override async createNatsClient(): Promise<NatsConnection> {
    const connection = (await super.createNatsClient()) as NatsConnection;
    coalesceWrites(connection);
    connection.subscribe(CANCEL_SUBJECT, {
      callback: (error, message) => {
        if (!error) callCancellation.cancel(decoder.decode(message.data));
      },
    });
    return connection;
  }

  /**
   * Nest tries JSON.parse on every incoming subject before using it as it is: for a plain subject
   * ('parcel.get') that throws, and builds a SyntaxError with its stack, on every request. A subject
   * that cannot be JSON goes straight to the same normalisation.
   */
  protected override getRouteFromPattern(pattern: string): string {
    return MAYBE_JSON_PATTERN.test(pattern) ? super.getRouteFromPattern(pattern) : this.normalizePattern(pattern);
  }

  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (packet: ReplyPacket) => void {
    if (!natsMsg.reply) return () => undefined;
    const stopTimer = rpcDuration.startTimer({ subject: ctx.getSubject() });
    let failed = false;
    let settled = false;
    this.inFlight++;
    return (packet: ReplyPacket) => {
      Object.assign(packet, { id });
      if (packet.err !== undefined && packet.err !== null) failed = true;
      try {
        this.sendChunked(natsMsg, packet);
      } catch (error) {
        failed = true;
        const reason = error instanceof Error ? error.message : String(error);
        this.replyLogger.error(`reply on ${ctx.getSubject()} could not be sent: ${reason}`);
        this.trySend(natsMsg, {
          id,
          err: { code: 'internal', message: boundText(`The service could not send its reply: ${reason}`, 300) },
          isDisposed: true,
        });
      }
      if (packet.isDisposed) stopTimer({ outcome: failed ? 'error' : 'ok' });
      // Nest's "no handler" reply carries no isDisposed: any error reply is the last one too.
      if (!settled && (packet.isDisposed || packet.err !== undefined)) {
        settled = true;
        this.requestDone();
      }
    };
  }

  private requestDone(): void {
    this.inFlight--;
    if (this.inFlight === 0) this.idle?.();
  }

  private sendChunked(natsMsg: Msg, packet: ReplyPacket): void {
    const binary = encodeBinaryReply(packet);
    const serialized = binary ? { data: binary.body } : (this.serializer.serialize(packet as never) as { data: string | Uint8Array; headers?: MsgHdrs });
    const body = typeof serialized.data === 'string' ? encoder.encode(serialized.data) : serialized.data;
    const maxPayload = this.unwrap<NatsConnection>().info?.max_payload ?? DEFAULT_MAX_PAYLOAD;
    const chunks = splitReply(body, chunkBodyBytes(maxPayload));
    const headersOf = (index: number): MsgHdrs | undefined => {
      if (chunks.length === 1 && !binary) return serialized.headers;
      const headers = natsHeaders();
      if (binary) headers.set(REPLY_BINARY_HEADER, String(binary.jsonBytes));
      if (chunks.length > 1) {
        headers.set(REPLY_CHUNK_INDEX_HEADER, String(index));
        headers.set(REPLY_CHUNK_COUNT_HEADER, String(chunks.length));
      }
      return headers;
    };
    chunks.forEach((chunk, index) => natsMsg.respond(chunk, { headers: headersOf(index) }));
  }

  private trySend(natsMsg: Msg, packet: ReplyPacket): void {
    try {
      natsMsg.respond(encoder.encode(JSON.stringify(packet)));
    } catch (error) {
      this.replyLogger.error(`error reply could not be sent either: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
