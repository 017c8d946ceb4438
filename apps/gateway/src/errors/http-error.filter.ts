import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { AppError, type ErrorCode } from '@lp/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RouteMethods } from '../http/route-methods.js';
import { ERROR_STATUS } from './error-status.js';

/** Longest path parameter the router accepts (a parcel id is far shorter); longer ones get 414. */
export const MAX_PARAM_LENGTH = 500;

/**
 * Every failure leaves the gateway in the one envelope `{"error": {code, message, request_id,
 * candidates?}}`: our own AppErrors, Nest's HTTP exceptions (unknown routes) and Fastify's
 * parser errors (malformed JSON, oversized bodies, wrong content type).
 */
/** Connection-level failures of PostgreSQL (socket errors and "server shutting down" states). */
const UNREACHABLE_DATABASE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '53300']);

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const error = wrongMethod(exception, request, reply) ?? this.toAppError(exception, request);
    // the gateway's limiters and a service's refusal (a key's report links all in use) name their wait alike
    sendError(reply, error, request.id, error.retryAfterS);
  }

  private toAppError(exception: unknown, request: FastifyRequest): AppError {
    if (exception instanceof AppError) {
      if (exception.code === 'internal') this.logger.error(exception.message);
      return exception;
    }
    if (exception instanceof HttpException) return fromHttpException(exception, request);
    const fastifyError = exception as { code?: string; statusCode?: number; message?: string };
    if (typeof fastifyError?.code === 'string' && fastifyError.code.startsWith('FST_')) return fromFastifyError(fastifyError);
    if (typeof fastifyError?.code === 'string' && UNREACHABLE_DATABASE_CODES.has(fastifyError.code)) {
      this.logger.error(`database unreachable: ${fastifyError.message ?? fastifyError.code}`);
      return new AppError('service_unavailable', 'The gateway cannot reach its key store right now; retry in a few seconds.');
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    return new AppError('internal', 'The gateway failed while handling the request; it has been logged.');
  }
}

/** A 404 for a path that exists with other methods is a 405 naming them (`Allow` header too). */
function wrongMethod(exception: unknown, request: FastifyRequest, reply: FastifyReply): AppError | undefined {
  if (!(exception instanceof HttpException) || exception.getStatus() !== 404) return undefined;
  const routeMethods = (request.server as { routeMethods?: RouteMethods }).routeMethods;
  const path = request.url.split('?')[0] ?? '/';
  const allowed = routeMethods?.allowedFor(path) ?? [];
  if (allowed.length === 0 || allowed.includes(request.method)) return undefined;
  void reply.header('allow', allowed.join(', '));
  return new AppError('method_not_allowed', `${request.method} is not allowed on ${path}; it answers ${allowed.join(', ')}.`);
}

export function sendError(reply: FastifyReply, error: AppError, requestId: string, retryAfterS?: number): void {
  const body: { error: Record<string, unknown> } = {
    error: { code: error.code, message: error.message, request_id: requestId },
  };
  if (error.candidates) body.error['candidates'] = error.candidates;
  if (retryAfterS !== undefined) void reply.header('retry-after', String(retryAfterS));
  // RFC 9110: a 401 names the scheme that would be accepted
  if (error.code === 'unauthorized') void reply.header('www-authenticate', 'Bearer realm="landparcel"');
  void reply.status(ERROR_STATUS[error.code]).header('content-type', 'application/json; charset=utf-8').send(body);
}

function fromHttpException(exception: HttpException, request: FastifyRequest): AppError {
  const status = exception.getStatus();
  if (status === 404) {
    const path = request.url.split('?')[0];
    return new AppError('not_found', `No route ${request.method} ${path}. The API lives under /v1; see /openapi.yaml or /docs.`);
  }
  if (status === 415) return UNSUPPORTED_MEDIA_TYPE;
  const code = statusToCode(status);
  const response = exception.getResponse();
  const message = typeof response === 'object' && response !== null && 'message' in response ? String((response as { message: unknown }).message) : exception.message;
  return new AppError(code, message);
}

const UNSUPPORTED_MEDIA_TYPE = new AppError('unsupported_media_type', 'Send request bodies as application/json; no other content type is accepted.');

export function fromFastifyError(error: { code?: string; statusCode?: number; message?: string }): AppError {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_request', `The request body is not valid JSON: ${error.message ?? 'parse error'}.`);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The request body is larger than the gateway accepts.');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return UNSUPPORTED_MEDIA_TYPE;
    case 'FST_ERR_BAD_URL':
      return new AppError('invalid_request', 'The URL has malformed percent-encoding (a % must be followed by two hex digits).');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new AppError('uri_too_long', `A path parameter is longer than the ${MAX_PARAM_LENGTH} characters accepted.`);
    default:
      return new AppError(statusToCode(error.statusCode ?? 400), error.message ?? 'The request could not be read.');
  }
}

function statusToCode(status: number): ErrorCode {
  const entry = Object.entries(ERROR_STATUS).find(([, value]) => value === status);
  if (entry) return entry[0] as ErrorCode;
  return status >= 500 ? 'internal' : 'invalid_request';
}
