import { Module, type DynamicModule, type INestApplication } from '@nestjs/common';
import { DatabaseModule } from '@lp/db';
import { DataSource } from 'typeorm';
import { AccessRequestRepository } from '../access/access-request.repository.js';
import { ApiKeyRepository } from '../auth/api-key.repository.js';
import type { GatewayEnv } from '../config/gateway.env.js';
import { GATEWAY_SCHEMA } from './migrations/index.js';

/**
 * The gateway's own data: API keys and access requests, nothing else. The gateway reads every
 * other context over the bus; lint lets only this folder, the repositories, the migrations and the
 * keys CLI import a database client (eslint.config.mjs, "gateway data access").
 */
@Module({})
export class GatewayStoreModule {
  static register(env: GatewayEnv): DynamicModule {
    return {
      module: GatewayStoreModule,
      imports: [
        DatabaseModule.forService(() => ({ url: env.DATABASE_URL, schema: GATEWAY_SCHEMA, applicationName: 'gateway', poolSize: env.DB_POOL_SIZE })),
      ],
      providers: [
        { provide: ApiKeyRepository, useFactory: (db: DataSource) => new ApiKeyRepository(db), inject: [DataSource] },
        { provide: AccessRequestRepository, useFactory: (db: DataSource) => new AccessRequestRepository(db), inject: [DataSource] },
      ],
      exports: [ApiKeyRepository, AccessRequestRepository],
    };
  }
}

/** The readiness check of the key database. */
export function pingKeyDatabase(app: INestApplication): () => Promise<void> {
  const db = app.get(DataSource);
  return async () => {
    await db.query('SELECT 1');
  };
}
