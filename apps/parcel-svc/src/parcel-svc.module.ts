import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@lp/db';
import { createStatusController } from '@lp/messaging';
import type { ParcelSvcEnv } from './config/parcel-svc.env.js';
import { PARCEL_SCHEMA } from './db/migrations/index.js';
import { ParcelHandler } from './parcel/parcel.handler.js';
import { ParcelRepository } from './parcel/parcel.repository.js';
import { ParcelService } from './parcel/parcel.service.js';

@Module({})
export class ParcelSvcModule {
  static register(env: ParcelSvcEnv): DynamicModule {
    return {
      module: ParcelSvcModule,
      imports: [
        DatabaseModule.forService(() => ({
          url: env.DATABASE_URL,
          schema: PARCEL_SCHEMA,
          applicationName: 'parcel-svc',
          poolSize: env.DB_POOL_SIZE,
        })),
      ],
      controllers: [createStatusController('parcel', 'parcel-svc'), ParcelHandler],
      providers: [ParcelService, ParcelRepository],
    };
  }
}
