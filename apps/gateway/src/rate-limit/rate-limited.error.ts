import { AppError } from '@lp/contracts';

/** Thrown to answer 429; carries Retry-After. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super('rate_limited', message);
  }
}

/** Thrown to answer 503 when the server sheds work it cannot take now; carries Retry-After. */
export class OverloadedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super('service_unavailable', message);
  }
}
