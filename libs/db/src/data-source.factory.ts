import { DataSource, type MigrationInterface } from 'typeorm';
import { QueryErrorLogger } from './query-error-logger.js';

export interface SchemaDataSourceOptions {
  url: string;
  /** The one schema this data source owns (migrations table included). */
  schema: string;
  /** Shown in pg_stat_activity, so a slow query names its service. */
  applicationName: string;
  migrations?: Array<new () => MigrationInterface>;
  poolSize?: number;
}

/**
 * A data source pinned to one schema with `synchronize: false` and its own migrations table.
 * Repositories write plain SQL with parameters and schema-qualified names.
 */
export function createSchemaDataSource(options: SchemaDataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    schema: options.schema,
    applicationName: options.applicationName,
    synchronize: false,
    migrationsRun: false,
    migrations: options.migrations ?? [],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    entities: [],
    logging: ['error'],
    logger: new QueryErrorLogger(),
    extra: { max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 },
  });
}
