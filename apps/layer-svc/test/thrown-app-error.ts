import type { AppError } from '@lp/contracts';

/** The AppError a piece of work throws, to check its code and message; fails when it throws nothing. */
export function thrownAppError(work: () => void): AppError {
  try {
    work();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a failure');
}
