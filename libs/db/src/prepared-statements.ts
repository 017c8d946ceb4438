import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { DataSource } from 'typeorm';

const PREPARED = Symbol('lp.preparedStatements');

interface PgClient {
  query: (...args: unknown[]) => unknown;
  [PREPARED]?: boolean;
}

/**
 * Statements each pool connection parses and plans once (a named prepared statement) instead of on
 * every call. Planning a parcel lookup, with its subselects through views, costs PostgreSQL about
 * three times running it, and it is planned anew on every request otherwise.
 *
 * Repositories keep sending these statements as plain text (so their SQL snapshots and the
 * benchmarks see the same SQL); a statement whose text is on the list goes out under a name derived
 * from its text. Only for hot statements with a fixed text whose plan does not depend on the
 * parameters' values (a primary-key lookup): PostgreSQL switches a prepared statement to a generic
 * plan after five runs. A view replaced under a prepared statement (a new layer version) only
 * makes PostgreSQL plan it again.
 */
export function prepareStatements(dataSource: DataSource, statements: readonly string[]): void {
  const pool = (dataSource.driver as unknown as { master?: pg.Pool }).master;
  if (!pool) throw new Error('prepareStatements: the data source is not initialized');
  const names = new Map(statements.map((text) => [text, statementName(text)]));
  pool.on('acquire', (client) => prepareClient(client as unknown as PgClient, names));
}

/** A name per text: the same text always gets the same name, and two texts never share one. */
export function statementName(text: string): string {
  return `lp_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
}

function prepareClient(client: PgClient, names: ReadonlyMap<string, string>): void {
  if (client[PREPARED]) return;
  client[PREPARED] = true;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]): unknown => {
    const [text, values, ...rest] = args;
    const name = typeof text === 'string' && Array.isArray(values) ? names.get(text) : undefined;
    return name ? query({ name, text, values }, ...rest) : query(...args);
  };
}
