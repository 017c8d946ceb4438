import type { DataSource, MigrationInterface } from 'typeorm';
import { createSchemaDataSource } from './data-source.factory.js';

export interface MigrateOptions {
  url: string;
  schema: string;
  /** Schemas the service publishes for others to read (`<context>_pub`), created up front. */
  publishedSchemas?: string[];
  migrations: Array<new () => MigrationInterface>;
  /**
   * Run after the migrations, on every `migrate.js` (not `--wait`): idempotent steps that follow
   * live application data (layer-svc: every catalogue layer exists). Migrations themselves stay
   * frozen: they never import application code, so an upgraded and a fresh database agree.
   */
  afterMigrations?: (db: DataSource, log: (message: string) => void) => Promise<unknown>;
  log?: (message: string) => void;
}

/** How long `--wait` waits for the migration Job before giving up (the pod then restarts). */
const WAIT_LIMIT_MS = 15 * 60_000;
const WAIT_POLL_MS = 3000;

/**
 * `migrate.js` applies the migrations; `migrate.js --wait` only waits until every migration this
 * build ships is applied (the init container of a Deployment, so new pods never start against an
 * older schema while the migration Job of the rollout runs).
 */
export async function runMigrateCommand(options: MigrateOptions, argv: string[] = process.argv.slice(2)): Promise<void> {
  if (argv.includes('--wait')) await waitForMigrations(options);
  else await migrateSchema(options);
}

/** Resolves once no migration of `options.migrations` is pending; never applies one itself. */
export async function waitForMigrations(options: MigrateOptions, limitMs = WAIT_LIMIT_MS): Promise<void> {
  const started = Date.now();
  let reason = '';
  for (;;) {
    const dataSource = createSchemaDataSource({
      url: options.url,
      schema: options.schema,
      applicationName: `migrate-wait:${options.schema}`,
      migrations: options.migrations,
      poolSize: 1,
    });
    try {
      await dataSource.initialize();
      const pending = await dataSource.showMigrations();
      if (!pending) {
        options.log?.(`${options.schema}: every migration of this build is applied`);
        return;
      }
      reason = 'migrations pending';
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    } finally {
      if (dataSource.isInitialized) await dataSource.destroy();
    }
    if (Date.now() - started > limitMs) throw new Error(`${options.schema}: migrations still not applied after ${limitMs / 1000} s (${reason})`);
    options.log?.(`${options.schema}: waiting for the migration job (${reason})`);
    await new Promise((resolve) => setTimeout(resolve, WAIT_POLL_MS));
  }
}

/**
 * Runs one service's migrations against its own schema. Called by the stack scripts and the
 * test bootstrap, never at service start-up.
 */
export async function migrateSchema(options: MigrateOptions): Promise<string[]> {
  const dataSource = createSchemaDataSource({
    url: options.url,
    schema: options.schema,
    applicationName: `migrate:${options.schema}`,
    migrations: options.migrations,
    poolSize: 1,
  });
  await dataSource.initialize();
  try {
    await dataSource.query('CREATE EXTENSION IF NOT EXISTS postgis');
    for (const schema of [options.schema, ...(options.publishedSchemas ?? [])]) {
      // Asked first: CREATE SCHEMA IF NOT EXISTS needs CREATE on the database even when the schema
      // exists, and a service role owns its schemas (deploy/k8s/base/postgres/roles.sql) without it.
      const [present] = (await dataSource.query(`SELECT 1 FROM pg_namespace WHERE nspname = $1`, [schema])) as unknown[];
      if (!present) await dataSource.query(`CREATE SCHEMA ${quoteIdent(schema)}`);
    }
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    const names = applied.map((migration) => migration.name);
    options.log?.(`${options.schema}: ${names.length === 0 ? 'up to date' : `applied ${names.join(', ')}`}`);
    await options.afterMigrations?.(dataSource, options.log ?? (() => undefined));
    return names;
  } finally {
    await dataSource.destroy();
  }
}

/** Quotes an identifier from our own code (never from input). */
export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Refusing to quote unexpected identifier ${name}`);
  return `"${name}"`;
}
