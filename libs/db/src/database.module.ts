import { Logger, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { createSchemaDataSource, type SchemaDataSourceOptions } from './data-source.factory.js';
import { prepareStatements } from './prepared-statements.js';
import { guardQueryDeadlines, type DeadlineSource, type SignalSource } from './query-deadline.js';
import { LagTolerantReads, primaryPosition } from './read-replica/lag-tolerant-reads.js';

export interface ServiceDataSourceOptions extends SchemaDataSourceOptions {
  /** The deadline of the request being handled: its statements are cancelled when it passes. */
  deadline?: DeadlineSource;
  /** The cancellation signal of the request being handled: its statements are cancelled when the caller goes away. */
  signal?: SignalSource;
  /** Hot statements each connection plans once (prepareStatements): sent by their exact text. */
  preparedStatements?: readonly string[];
  /**
   * DATABASE_READ_URL: a read-only replica (CloudNativePG's `-ro` service) for the reads that
   * tolerate its lag (LagTolerantReads). Without it those reads use the primary.
   */
  readUrl?: string;
}

/**
 * Provides the service's DataSource (one schema, the primary) and LagTolerantReads (the replica when
 * there is one), and closes their pools on shutdown.
 */
@Module({})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(private readonly moduleRef: ModuleRef) {}

  static forService(options: () => ServiceDataSourceOptions): DynamicModule {
    return {
      module: DatabaseModule,
      global: true,
      providers: [
        {
          provide: DataSource,
          useFactory: () => openDataSource(options(), options().url),
        },
        {
          provide: LagTolerantReads,
          inject: [DataSource],
          useFactory: async (primary: DataSource) => {
            const resolved = options();
            const reads = new LagTolerantReads(primary);
            if (resolved.readUrl) await attachReplica(reads, resolved, resolved.readUrl);
            return reads;
          },
        },
      ],
      exports: [DataSource, LagTolerantReads],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    const reads = this.moduleRef.get(LagTolerantReads, { strict: false });
    await reads?.close();
    const dataSource = this.moduleRef.get(DataSource, { strict: false });
    if (dataSource?.isInitialized) await dataSource.destroy();
  }
}

/**
 * Opens the replica's pool. A replica that cannot be reached does not keep the service from
 * starting: its reads stay on the primary and the replica is tried again every REPLICA_RETRY_MS
 * until it answers. Once attached it is used only after replaying the primary's position of that
 * moment (switches made while it was away were not heard).
 */
async function attachReplica(reads: LagTolerantReads, resolved: ServiceDataSourceOptions, readUrl: string): Promise<void> {
  const logger = new Logger('DatabaseModule');
  // Its own name in pg_stat_activity, so a replica's sessions show which service and pool they are.
  const open = () => openDataSource({ ...resolved, applicationName: `${resolved.applicationName}:read` }, readUrl);
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const attempt = async (): Promise<void> => {
    try {
      const replica = await open();
      const position = await primaryPosition(reads.primary).catch(async (error: unknown) => {
        await replica.destroy();
        throw error;
      });
      if (stopped) return void (await replica.destroy());
      reads.useReplica(replica, position);
    } catch (error) {
      if (stopped) return;
      logger.warn(
        `the read replica (DATABASE_READ_URL) cannot be reached (${(error as Error).message}); its reads use the primary, retrying in ${REPLICA_RETRY_MS / 1000} s`,
      );
      timer = setTimeout(() => void attempt(), REPLICA_RETRY_MS).unref();
    }
  };
  reads.waitForReplica({
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  });
  await attempt();
}

const REPLICA_RETRY_MS = 5_000;

/** A pool with the service's guards on every connection: deadlines, cancellation, prepared statements. */
async function openDataSource(resolved: ServiceDataSourceOptions, url: string): Promise<DataSource> {
  const dataSource = createSchemaDataSource({ ...resolved, url });
  await dataSource.initialize();
  if (resolved.deadline) guardQueryDeadlines(dataSource, resolved.deadline, resolved.signal);
  if (resolved.preparedStatements?.length) prepareStatements(dataSource, resolved.preparedStatements);
  return dataSource;
}

/** Readiness check: the pool can run a query. */
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}
