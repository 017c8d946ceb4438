import { AppError, isErrorReply } from '@lp/contracts';
import { connect, headers as natsHeaders, type NatsConnection, type RequestError } from '@nats-io/transport-node';
import { randomUUID } from 'node:crypto';
import { DEADLINE_HEADER, REQUEST_ID_HEADER } from './headers.js';
import type { RpcReplyPacket, RpcRequestPacket } from './rpc-packet.js';

export interface RpcCallOptions {
  requestId: string;
  timeoutMs: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Request/reply over NATS with a deadline on every call. A subject nobody serves fails at once
 * with `service_unavailable` (NATS tells us there are no responders); a reply that does not
 * arrive in time fails with `upstream_timeout`. Never a hang.
 */
export class NatsRpcClient {
  private constructor(private readonly connection: NatsConnection) {}

  static async connect(url: string, name: string): Promise<NatsRpcClient> {
    const connection = await connect({ servers: url, name, maxReconnectAttempts: -1, reconnectTimeWait: 500 });
    return new NatsRpcClient(connection);
  }

  get nats(): NatsConnection {
    return this.connection;
  }

  isConnected(): boolean {
    return !this.connection.isClosed();
  }

  async call<TResponse, TRequest = unknown>(subject: string, data: TRequest, options: RpcCallOptions): Promise<TResponse> {
    const packet: RpcRequestPacket<TRequest> = { pattern: subject, data, id: randomUUID() };
    const hdrs = natsHeaders();
    hdrs.set(REQUEST_ID_HEADER, options.requestId);
    hdrs.set(DEADLINE_HEADER, String(Date.now() + options.timeoutMs));
    let replyData: Uint8Array;
    try {
      const reply = await this.connection.request(subject, encoder.encode(JSON.stringify(packet)), {
        timeout: options.timeoutMs,
        headers: hdrs,
      });
      replyData = reply.data;
    } catch (error) {
      throw toTransportError(subject, options.timeoutMs, error);
    }
    return unpackReply<TResponse>(subject, replyData);
  }

  async close(): Promise<void> {
    await this.connection.drain().catch(() => undefined);
  }
}

function toTransportError(subject: string, timeoutMs: number, error: unknown): AppError {
  const service = subject.split('.')[0];
  const requestError = error as RequestError & { isNoResponders?: () => boolean };
  if (typeof requestError?.isNoResponders === 'function' && requestError.isNoResponders()) {
    return new AppError('service_unavailable', `The ${service} service is not available right now; retry in a few seconds.`);
  }
  const name = (error as Error)?.name ?? '';
  const message = (error as Error)?.message ?? '';
  if (name === 'TimeoutError' || /timeout/i.test(message)) {
    return new AppError('upstream_timeout', `The ${service} service did not answer within ${timeoutMs} ms.`);
  }
  return new AppError('service_unavailable', `The message bus could not reach the ${service} service.`);
}

function unpackReply<T>(subject: string, data: Uint8Array): T {
  let packet: RpcReplyPacket<T>;
  try {
    packet = JSON.parse(decoder.decode(data)) as RpcReplyPacket<T>;
  } catch {
    throw new AppError('internal', `The reply on ${subject} was not valid JSON.`);
  }
  if (packet.err !== undefined && packet.err !== null) {
    if (isErrorReply(packet.err)) throw AppError.fromReply(packet.err);
    throw new AppError('internal', `The service answering ${subject} failed.`);
  }
  return packet.response as T;
}
