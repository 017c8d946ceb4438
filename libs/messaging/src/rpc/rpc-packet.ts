import type { ErrorReply } from '@lp/contracts';

/**
 * The wire format of NestJS's NATS transport, which our services use: a request is
 * `{pattern, data, id}` and the reply is `{id, response}` or `{id, err}`. The gateway speaks it
 * directly so that it can use NATS's own request/reply (and its no-responders signal).
 */
export interface RpcRequestPacket<T> {
  pattern: string;
  data: T;
  id: string;
}

export interface RpcReplyPacket<T> {
  id: string;
  response?: T;
  err?: ErrorReply | { message?: string; status?: string } | string;
  isDisposed?: boolean;
}
