import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import type { ErrorReply } from '@lp/contracts';
import { throwError, type Observable } from 'rxjs';
import { boundedErrorReply } from '@lp/runtime';
import { classifyInfrastructureError } from '@lp/runtime';

/**
 * Turns whatever a handler throws into an ErrorReply of bounded size. AppErrors travel as they
 * are; a database that went away is `service_unavailable` and a statement stopped at the caller's
 * deadline `upstream_timeout`; anything else is a bug: it is logged with its stack and the caller
 * gets `internal` without internals.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    const known = classifyInfrastructureError(exception);
    if (known) {
      if (known.code === 'service_unavailable') this.logger.warn(exception instanceof Error ? exception.message : String(exception));
      return throwError(() => boundedErrorReply(known.toReply()));
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    const reply: ErrorReply = { code: 'internal', message: 'The service failed while handling the request; it has been logged.' };
    return throwError(() => reply);
  }
}
