import { Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { createSchemaDataSource, type SchemaDataSourceOptions } from './data-source.factory.js';
import { prepareStatements } from './prepared-statements.js';
import { guardQueryDeadlines, type DeadlineSource, type SignalSource } from './query-deadline.js';

export interface ServiceDataSourceOptions extends SchemaDataSourceOptions {
  /** The deadline of the request being handled: its statements are cancelled when it passes. */
  deadline?: DeadlineSource;
  /** The cancellation signal of the request being handled: its statements are cancelled when the caller goes away. */
  signal?: SignalSource;
  /** Hot statements each connection plans once (prepareStatements): sent by their exact text. */
  preparedStatements?: readonly string[];
}

/** Provides the service's DataSource (one schema) and closes its pool on shutdown. */
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
          useFactory: async () => {
            const resolved = options();
            const dataSource = createSchemaDataSource(resolved);
            await dataSource.initialize();
            if (resolved.deadline) guardQueryDeadlines(dataSource, resolved.deadline, resolved.signal);
            if (resolved.preparedStatements?.length) prepareStatements(dataSource, resolved.preparedStatements);
            return dataSource;
          },
        },
      ],
      exports: [DataSource],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    const dataSource = this.moduleRef.get(DataSource, { strict: false });
    if (dataSource?.isInitialized) await dataSource.destroy();
  }
}

/** Readiness check: the pool can run a query. */
export async function pingDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}
