import { AppError } from '@lp/contracts';

/** Thrown to answer 429; carries Retry-After. */
export class RateLimitedError extends AppError {
  declare readonly retryAfterS: number;

  constructor(message: string, retryAfterS: number) {
    super('rate_limited', message, undefined, retryAfterS);
  }
}

/** Thrown to answer 503 when the server sheds work it cannot take now; carries Retry-After. */
export class OverloadedError extends AppError {
  declare readonly retryAfterS: number;

  constructor(message: string, retryAfterS: number) {
    super('service_unavailable', message, undefined, retryAfterS);
  }
}
