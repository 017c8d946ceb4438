import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { AppError, type ErrorReply } from '@lp/contracts';
import { throwError, type Observable } from 'rxjs';

/**
 * Turns whatever a handler throws into an ErrorReply. AppErrors travel as they are; anything else
 * is a bug: it is logged with its stack and the caller gets `internal` without internals.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    if (exception instanceof AppError) return throwError(() => exception.toReply());
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    const reply: ErrorReply = { code: 'internal', message: 'The service failed while handling the request; it has been logged.' };
    return throwError(() => reply);
  }
}
