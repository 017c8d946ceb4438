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
