import { AppError } from '@lp/contracts';
import pg from 'pg';
import type { DataSource } from 'typeorm';

/** The absolute deadline (ms since epoch) of the request being handled, if it has one. */
export type DeadlineSource = () => number | undefined;
/** The cancellation signal of the request being handled (aborted when its caller went away), if it has one. */
export type SignalSource = () => AbortSignal | undefined;

/** Statements that end a transaction must run even after the deadline, or the connection would go back to the pool inside a failed transaction. */
const TRANSACTION_END = /^\s*(ROLLBACK|COMMIT|RELEASE|END)\b/i;
const GUARDED = Symbol('lp.queryDeadlineGuarded');

interface PgClient {
  host: string;
  port: number;
  activeQuery?: unknown;
  query: (...args: unknown[]) => unknown;
  [GUARDED]?: boolean;
}

/**
 * Work nobody waits for stops: every statement a request sends is cancelled in PostgreSQL (the
 * protocol's cancel request, so it needs no pool connection) when the request's deadline passes,
 * and a statement that would start after it is refused without reaching the server. The caller
 * has answered 504 by then; a cancelled statement ends as SQLSTATE 57014, which the service's
 * error filter reports as `upstream_timeout`. The same happens at once when the request's signal
 * is aborted (its caller went away). Statements outside a request run unguarded.
 */
export function guardQueryDeadlines(dataSource: DataSource, deadline: DeadlineSource, signal: SignalSource = () => undefined): void {
  const pool = (dataSource.driver as unknown as { master?: pg.Pool }).master;
  if (!pool) throw new Error('guardQueryDeadlines: the data source is not initialized');
  pool.on('acquire', (client) => guardClient(client as unknown as PgClient, deadline, signal));
}

function guardClient(client: PgClient, deadline: DeadlineSource, signalSource: SignalSource): void {
  if (client[GUARDED]) return;
  client[GUARDED] = true;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]): unknown => {
    const deadlineMs = deadline();
    const signal = signalSource();
    const text = typeof args[0] === 'string' ? args[0] : ((args[0] as { text?: string } | undefined)?.text ?? '');
    if ((deadlineMs === undefined && !signal) || TRANSACTION_END.test(text) || typeof args[args.length - 1] === 'function') return query(...args);
    const remainingMs = (deadlineMs ?? Infinity) - Date.now();
    if (remainingMs <= 0) {
      return Promise.reject(new AppError('upstream_timeout', 'The request ran past its deadline; its database work was not started.'));
    }
    if (signal?.aborted) {
      return Promise.reject(new AppError('upstream_timeout', 'The caller went away; its database work was not started.'));
    }
    let running = true;
    const cancel = (): void => {
      if (running) cancelActiveQuery(client);
    };
    const timer = Number.isFinite(remainingMs) ? setTimeout(cancel, remainingMs) : undefined;
    signal?.addEventListener('abort', cancel, { once: true });
    const result = query(...args);
    const done = (): void => {
      running = false;
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    };
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  };
}

function cancelActiveQuery(client: PgClient): void {
  const active = client.activeQuery;
  if (!active) return;
  const canceller = new pg.Client({ host: client.host, port: client.port });
  (canceller as unknown as { connection: { on(event: string, fn: () => void): void } }).connection.on('error', () => undefined);
  (canceller as unknown as { cancel(client: PgClient, query: unknown): void }).cancel(client, active);
}
