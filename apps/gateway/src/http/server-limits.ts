import { AppError, type ErrorCode } from '@lp/contracts';
import type { FastifyHttpOptions, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { STATUS_CODES, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { GatewayEnv } from '../config/gateway.env.js';
import { ERROR_STATUS } from '../errors/error-status.js';
import { fromFastifyError, sendError } from '../errors/http-error.filter.js';
import { NUL_MESSAGE } from './json-body.js';

/** Largest request line plus headers Node accepts; beyond it 431 (Node's own default). */
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * Fastify's options for clients that are slow, too many or malformed: every limit from the
 * validated env, and every answer Fastify or Node gives on their own in our error envelope.
 */
export function serverLimits(env: GatewayEnv): Pick<FastifyHttpOptions<Server>, 'requestTimeout' | 'connectionTimeout' | 'keepAliveTimeout' | 'maxRequestsPerSocket' | 'http' | 'clientErrorHandler' | 'frameworkErrors'> {
  return {
    // The whole request (headers and body) must arrive within this: a trickled body is cut off.
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    // Silence on the socket; never shorter than the longest deadline a response may take.
    connectionTimeout: Math.max(env.CONNECTION_TIMEOUT_MS, env.RPC_TIMEOUT_MS + 5000, env.SEARCH_TIMEOUT_MS + 5000),
    keepAliveTimeout: env.KEEP_ALIVE_TIMEOUT_MS,
    maxRequestsPerSocket: env.MAX_REQUESTS_PER_SOCKET,
    http: {
      headersTimeout: env.REQUEST_TIMEOUT_MS,
      // Node checks the request and header deadlines at this interval (30 s by default).
      connectionsCheckingInterval: Math.min(1000, Math.max(100, Math.floor(env.REQUEST_TIMEOUT_MS / 4))),
      maxHeaderSize: MAX_HEADER_BYTES,
    },
    clientErrorHandler: answerClientError,
    // Malformed percent-encoding and over-long parameters are refused by the router, before any hook.
    frameworkErrors: (error: Error & { code?: string; statusCode?: number }, request: FastifyRequest, reply: FastifyReply) =>
      sendError(reply, fromFastifyError(error), request.id),
  };
}

/**
 * Errors Node meets before there is a request (a broken request line, headers too large, a request
 * that did not arrive in time): answered on the socket, in the envelope, then the socket is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [code, message] = describeClientError(error.code);
  const status = ERROR_STATUS[code];
  const body = JSON.stringify({ error: { code, message, request_id: randomUUID() } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

function describeClientError(nodeCode: string | undefined): [ErrorCode, string] {
  switch (nodeCode) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return ['request_timeout', 'The request (headers and body) did not arrive in time; the connection is closed.'];
    case 'HPE_HEADER_OVERFLOW':
      return ['headers_too_large', `The request line and headers exceed ${MAX_HEADER_BYTES} bytes.`];
    default:
      return ['invalid_request', 'The request is not valid HTTP/1.1: the request line must be ASCII (percent-encode other characters) and headers well formed.'];
  }
}

/** Query and path values with a NUL character: refused for every route before it runs. */
export function rejectNulCharacters(request: FastifyRequest, reply: FastifyReply): FastifyReply | undefined {
  const values = [...Object.values((request.query ?? {}) as Record<string, unknown>), ...Object.values((request.params ?? {}) as Record<string, unknown>)];
  const hasNul = values.some((value) => (Array.isArray(value) ? value : [value]).some((item) => typeof item === 'string' && item.includes('\u0000')));
  if (!hasNul) return undefined;
  sendError(reply, AppError.invalid(NUL_MESSAGE), request.id);
  return reply;
}
