import { AppError } from '@lp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../errors/http-error.filter.js';

/**
 * A body declared larger than the limit is refused before it is parsed. Answering at once and
 * closing the socket (Fastify's own way) races the client, which is still sending: many clients
 * (undici's fetch, Python requests) then report a broken pipe instead of our 413. So a body up to
 * `drainLimitBytes` is read and thrown away first (no buffering, bounded by the request timeout),
 * and the client reads a clean 413 on a connection that stays usable; a larger declared body is
 * answered at once with `connection: close`, as before.
 */
export async function refuseOversizedBody(request: FastifyRequest, reply: FastifyReply, bodyLimitBytes: number, drainLimitBytes: number): Promise<FastifyReply | undefined> {
  const declared = Number(request.headers['content-length']);
  if (!Number.isFinite(declared) || declared <= bodyLimitBytes) return undefined;
  const error = new AppError('payload_too_large', `The request body is ${declared} bytes; the gateway accepts at most ${bodyLimitBytes} bytes.`);
  if (declared <= drainLimitBytes) {
    const drained = await discardBody(request);
    if (!drained) return reply; // the client went away; nobody to answer
  } else {
    void reply.header('connection', 'close');
  }
  sendError(reply, error, request.id);
  return reply;
}

function discardBody(request: FastifyRequest): Promise<boolean> {
  const stream = request.raw;
  return new Promise((resolve) => {
    stream.on('end', () => resolve(true));
    stream.on('error', () => resolve(false));
    stream.on('close', () => resolve(stream.readableEnded));
    stream.resume();
  });
}
