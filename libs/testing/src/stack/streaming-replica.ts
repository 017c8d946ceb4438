import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.js';
import { querySql } from './sql.js';
import { testEnvironment } from './test-env.js';

const run = promisify(execFile);
const PG_BIN = process.env['STACK_PG_BIN'] ?? '/usr/lib/postgresql/15/bin';

/** The database of the replicated pair: the test template's content, under this name. */
const DATABASE = 'landparcel';

export interface ReplicatedDatabase {
  /** The primary, as the superuser. */
  primaryUrl: string;
  /** The hot standby streaming from it, as the superuser. */
  replicaUrl: string;
  /** How long each step of the set-up took, in milliseconds (what a test may report). */
  timingsMs: Record<string, number>;
  /** One statement as the superuser, on the primary or on the replica. */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(on: 'primary' | 'replica', text: string, params?: unknown[]): Promise<T[]>;
  /** Waits until the replica has replayed everything the primary has written so far. */
  caughtUp(timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A primary and a streaming hot standby of it, both private to one test file: a small cluster of
 * its own (initdb) loaded with the fixture template's roles and database, copied to the standby
 * with `pg_basebackup -R` and started as a standby on another port. The shared test cluster is not
 * copied: it holds every template and every other test file's database (docs/testing.md).
 */
export async function startReplicatedDatabase(): Promise<ReplicatedDatabase> {
  const env = testEnvironment();
  const dir = await mkdtemp(join(tmpdir(), 'lp-test-replica-'));
  // PostgreSQL refuses to run as root: as root the clusters belong to `postgres`, as the stack's do (tools/stack/lib.sh).
  const asUser = process.getuid?.() === 0 ? 'postgres' : undefined;
  if (asUser) await run('chown', [`${asUser}:`, dir]);
  const pgAs = (tool: string, args: string[]) =>
    asUser ? run('runuser', ['-u', asUser, '--', join(PG_BIN, tool), ...args], { cwd: '/' }) : run(join(PG_BIN, tool), args);
  const [primaryPort, replicaPort] = [await freePort(), await freePort()];
  const primaryData = join(dir, 'primary');
  const replicaData = join(dir, 'replica');
  const started: string[] = [];
  const timingsMs: Record<string, number> = {};
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    const result = await work();
    timingsMs[name] = Math.round(performance.now() - t0);
    return result;
  };
  const startCluster = async (data: string, port: number): Promise<void> => {
    // Durability off as in the shared test cluster (STACK_PG_FAST); a socket in the pair's own folder.
    // Whole statement texts in pg_stat_activity (the default keeps 1 kB), so a test can tell which server ran one.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c shared_buffers=32MB -c track_activity_query_size=32kB`;
    await pgAs('pg_ctl', ['start', '-D', data, '-w', '-t', '60', '-l', `${data}.log`, '-o', options]);
    started.push(data);
  };
  const stop = async (): Promise<void> => {
    for (const data of started.reverse()) await pgAs('pg_ctl', ['stop', '-D', data, '-m', 'immediate', '-w']).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  };
  const url = (port: number, database = DATABASE) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  try {
    await step('initdb', () =>
      pgAs('initdb', ['-D', primaryData, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C', '--no-instructions', '--no-sync']),
    );
    await step('start primary', () => startCluster(primaryData, primaryPort));
    await step('load template', () => loadTemplate(env.adminUrl, env.templateDb, url(primaryPort, 'postgres')));
    const primary = ['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'];
    await step('pg_basebackup', () => pgAs('pg_basebackup', [...primary, '-D', replicaData, '-R', '-X', 'stream', '-c', 'fast', '--no-sync']));
    await step('start replica', () => startCluster(replicaData, replicaPort));
    await step('streaming', () => untilStreaming(url(primaryPort)));
  } catch (error) {
    await stop();
    throw error;
  }
  const sql = <T extends pg.QueryResultRow>(on: 'primary' | 'replica', text: string, params?: unknown[]) =>
    querySql<T>(url(on === 'primary' ? primaryPort : replicaPort), text, params);
  const caughtUp = async (timeoutMs = 10_000): Promise<void> => {
    const [{ lsn }] = await sql<{ lsn: string }>('primary', 'SELECT pg_current_wal_lsn()::text AS lsn');
    await until(timeoutMs, async () => {
      const [row] = await sql<{ replayed: boolean }>('replica', 'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS replayed', [lsn]);
      return row?.replayed === true;
    });
  };
  return { primaryUrl: url(primaryPort), replicaUrl: url(replicaPort), timingsMs, sql, caughtUp, stop };
}

/**
 * The template's roles (cluster-wide, so pg_dump leaves them out) and then the database itself,
 * with its owners and grants: the apps connect as their own roles, as in production.
 */
async function loadTemplate(adminUrl: string, templateDb: string, targetAdminUrl: string): Promise<void> {
  const { stdout: roles } = await run(join(PG_BIN, 'pg_dumpall'), ['--roles-only', '--no-role-passwords', '-d', adminUrl], { maxBuffer: 64 * 2 ** 20 });
  // The target's own superuser exists already; every other role is created as it is in the test
  // cluster. psql's meta-commands (`\restrict` of newer dumps) are not SQL.
  const statements = roles.split('\n').filter((line) => !/^(CREATE|ALTER) ROLE postgres\b/.test(line) && !line.startsWith('\\'));
  await querySql(targetAdminUrl, statements.join('\n'));
  await querySql(targetAdminUrl, `CREATE DATABASE ${DATABASE}`);
  const source = new URL(adminUrl);
  source.pathname = `/${templateDb}`;
  const target = new URL(targetAdminUrl);
  target.pathname = `/${DATABASE}`;
  await run(
    'bash',
    [
      '-o',
      'pipefail',
      '-c',
      `"${PG_BIN}/pg_dump" -Fc "$1" | "${PG_BIN}/pg_restore" --exit-on-error -d "$2"`,
      'load-template',
      source.toString(),
      target.toString(),
    ],
    {
      maxBuffer: 64 * 2 ** 20,
    },
  );
}

async function untilStreaming(primaryUrl: string): Promise<void> {
  await until(30_000, async () => {
    const rows = await querySql<{ streaming: number }>(primaryUrl, `SELECT count(*)::int AS streaming FROM pg_stat_replication WHERE state = 'streaming'`);
    return rows[0]?.streaming === 1;
  });
}

async function until(timeoutMs: number, done: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not reached within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
