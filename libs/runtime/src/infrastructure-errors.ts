import { AppError } from '@lp/contracts';

/**
 * Failures of what a service depends on, told apart from bugs: the database went away or refuses
 * connections (503, retry later), or a statement was cancelled because the caller's deadline passed
 * (504). Anything else stays a bug (500). Errors are read by their PostgreSQL SQLSTATE or Node
 * socket code, also when TypeORM wrapped them (`driverError`).
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '53000']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|connection error|Connection ended|not queryable|Client was closed/i;
/** query_canceled: our deadline guard cancelled the statement. */
const CANCELLED_SQLSTATE = '57014';

export function classifyInfrastructureError(exception: unknown): AppError | undefined {
  for (const error of causes(exception)) {
    if (error instanceof AppError) return error;
    const code = typeof (error as { code?: unknown }).code === 'string' ? (error as { code: string }).code : '';
    if (code === CANCELLED_SQLSTATE) {
      return new AppError('upstream_timeout', 'The request ran past its deadline; the database work was stopped.');
    }
    if (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || UNAVAILABLE_SOCKET_CODES.has(code)) return databaseUnavailable();
    if (error instanceof Error && UNAVAILABLE_MESSAGES.test(error.message)) return databaseUnavailable();
  }
  return undefined;
}

function databaseUnavailable(): AppError {
  return new AppError('service_unavailable', 'The database is not available right now; retry in a few seconds.');
}

/** The error and what it wraps (TypeORM's driverError, an Error's cause), outermost first. */
function causes(exception: unknown): object[] {
  const chain: object[] = [];
  let current: unknown = exception;
  while (typeof current === 'object' && current !== null && chain.length < 5 && !chain.includes(current)) {
    chain.push(current);
    const wrapped = current as { driverError?: unknown; cause?: unknown };
    current = wrapped.driverError ?? wrapped.cause;
  }
  return chain;
}
