import type { MigrationInterface } from 'typeorm';
import { createSchemaDataSource } from './data-source.factory.js';

export interface MigrateOptions {
  url: string;
  schema: string;
  /** Schemas the service publishes for others to read (`<context>_pub`), created up front. */
  publishedSchemas?: string[];
  migrations: Array<new () => MigrationInterface>;
  log?: (message: string) => void;
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
      await dataSource.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema)}`);
    }
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    const names = applied.map((migration) => migration.name);
    options.log?.(`${options.schema}: ${names.length === 0 ? 'up to date' : `applied ${names.join(', ')}`}`);
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
