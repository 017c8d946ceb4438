import { isErrorCode, type ErrorCode } from './error-code.js';

/** The error as it travels in a NATS reply: plain data, no stack. */
export interface ErrorReply {
  code: ErrorCode;
  message: string;
  candidates?: string[];
  /** Seconds a client should wait, for `rate_limited`. */
  retry_after_s?: number;
}

/**
 * A failure with a code a client can act on. Services throw it; the messaging layer turns it into
 * an ErrorReply; the gateway maps the code to an HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly candidates?: string[],
    /** Seconds the client should wait before asking again (`rate_limited`): sent as Retry-After. */
    readonly retryAfterS?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toReply(): ErrorReply {
    const reply: ErrorReply = { code: this.code, message: this.message };
    if (this.candidates) reply.candidates = this.candidates;
    if (this.retryAfterS !== undefined) reply.retry_after_s = this.retryAfterS;
    return reply;
  }

  static fromReply(reply: ErrorReply): AppError {
    return new AppError(reply.code, reply.message, reply.candidates, reply.retry_after_s);
  }

  static notFound(message: string, candidates?: string[]): AppError {
    return new AppError('not_found', message, candidates);
  }

  static invalid(message: string): AppError {
    return new AppError('invalid_request', message);
  }
}

export function isErrorReply(value: unknown): value is ErrorReply {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return isErrorCode(candidate['code']) && typeof candidate['message'] === 'string';
}
