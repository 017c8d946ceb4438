import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@lp/db';
import { createStatusController } from '@lp/messaging';
import type { GeocodeSvcEnv } from './config/geocode-svc.env.js';
import { GEOCODE_SCHEMA } from './db/migrations/index.js';

@Module({})
export class GeocodeSvcModule {
  static register(env: GeocodeSvcEnv): DynamicModule {
    return {
      module: GeocodeSvcModule,
      imports: [
        DatabaseModule.forService(() => ({
          url: env.DATABASE_URL,
          schema: GEOCODE_SCHEMA,
          applicationName: 'geocode-svc',
          poolSize: env.DB_POOL_SIZE,
        })),
      ],
      controllers: [createStatusController('geocode', 'geocode-svc')],
    };
  }
}
