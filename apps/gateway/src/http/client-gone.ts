import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';

const signals = new WeakMap<IncomingMessage, AbortSignal>();

/**
 * Notes when the client of a request goes away before its answer is written (its connection
 * closed): the response closes unfinished. Services the request is waiting on are then told to
 * stop (ServiceCaller passes the signal to the bus), so an abandoned search costs nothing more.
 */
export function watchClientGone(request: FastifyRequest, reply: FastifyReply): void {
  const controller = new AbortController();
  signals.set(request.raw, controller.signal);
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
}

/** Aborted once the request's client has gone away (undefined for a request the hook did not see). */
export function clientGone(request: FastifyRequest): AbortSignal | undefined {
  return signals.get(request.raw);
}
