import { fileURLToPath } from 'node:url';

/** One statement a repository sent, where it was sent from (a source file and line), and its parameters. */
export interface RecordedQuery {
  sql: string;
  params: readonly unknown[];
  site: { file: string; line: number } | null;
}

/** The rows answered to a statement: what the repository needs to go on to its next statement. */
export type CannedRows = (sql: string, params: readonly unknown[]) => unknown;

const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * A stand-in for the TypeORM DataSource, EntityManager or QueryRunner a repository is given, for SQL
 * snapshots only: it runs nothing, records each statement with its parameters and the line that sent
 * it, and answers with canned rows (none unless told). Transactions run their work on itself.
 * Integration tests talk to the real PostGIS; this exists so a query's text can be printed.
 */
export class RecordingDatabase {
  readonly recorded: RecordedQuery[] = [];

  constructor(private readonly rows: CannedRows = () => []) {}

  /** Itself as the type the repository's constructor asks for. */
  as<T>(): T {
    return this as unknown as T;
  }

  /** TypeORM's query(sql, params), or pg's query({ text, values }) on the client `connect()` gives (its rows answered as `{ rows }`). */
  async query(statement: string | { text: string; values?: readonly unknown[] }, params: readonly unknown[] = []): Promise<unknown> {
    const [sql, values] = typeof statement === 'string' ? [statement, params] : [statement.text, statement.values ?? []];
    this.recorded.push({ sql, params: [...values], site: callSite(new Error().stack ?? '') });
    const rows = this.rows(sql, values);
    return typeof statement === 'string' ? rows : { rows };
  }

  /** Both TypeORM forms: transaction(work) and transaction(isolationLevel, work). */
  async transaction<T>(...args: unknown[]): Promise<T> {
    const work = args.find((arg): arg is (manager: this) => Promise<T> => typeof arg === 'function');
    if (!work) throw new Error('transaction() without work');
    return work(this);
  }

  get manager(): this {
    return this;
  }

  get connection(): this {
    return this;
  }

  createQueryRunner(): this {
    return this;
  }

  /** A query runner's connect(): its pg client, here the stand-in itself. */
  async connect(): Promise<this> {
    return this;
  }
  async release(): Promise<void> {}
  async startTransaction(): Promise<void> {}
  async commitTransaction(): Promise<void> {}
  async rollbackTransaction(): Promise<void> {}

  /** The statements recorded since the last call. */
  take(): RecordedQuery[] {
    return this.recorded.splice(0, this.recorded.length);
  }
}

/**
 * Files that only pass a repository's statement on (LagTolerantReads picks the primary or the
 * replica): the `.query(` call is the repository's, in the frame below.
 */
const FORWARDERS = /\/read-replica\/lag-tolerant-reads\.[jt]s$/;

/** The first frame of the stack outside this file and the forwarders: the line of the `.query(` call. */
function callSite(stack: string): RecordedQuery['site'] {
  for (const frame of stack.split('\n').slice(1)) {
    const match = /\(?((?:file:\/\/)?\/[^():]+):(\d+):\d+\)?$/.exec(frame.trim());
    if (!match) continue;
    const file = match[1]!.startsWith('file://') ? fileURLToPath(match[1]!) : match[1]!;
    if (file !== THIS_FILE && !FORWARDERS.test(file)) return { file, line: Number(match[2]) };
  }
  return null;
}
