import { ApiError } from '../api/client.js';

export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, 'network', String(error));
}
