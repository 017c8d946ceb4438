import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@lp/db';
import { createStatusController } from '@lp/messaging';
import { currentDeadlineMs, currentSignal } from '@lp/runtime';
import { AdminUnitsRepository } from './admin-units/admin-units.repository.js';
import { AdminUnitsService } from './admin-units/admin-units.service.js';
import { GEOCODE_SVC_ENV, type GeocodeSvcEnv } from './config/geocode-svc.env.js';
import { GEOCODE_SCHEMA } from './db/migrations/index.js';
import { LayerEventsConsumer } from './events/layer-events.consumer.js';
import { GeocodeHandler } from './geocode/geocode.handler.js';
import { GeocodeRepository } from './geocode/geocode.repository.js';
import { GeocodeService } from './geocode/geocode.service.js';
import { RegionsHandler } from './regions/regions.handler.js';
import { RegionsRepository } from './regions/regions.repository.js';
import { RegionsService } from './regions/regions.service.js';

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
          deadline: currentDeadlineMs,
          signal: currentSignal,
        })),
      ],
      controllers: [createStatusController('geocode', 'geocode-svc'), RegionsHandler, GeocodeHandler],
      providers: [
        { provide: GEOCODE_SVC_ENV, useValue: env },
        AdminUnitsRepository,
        AdminUnitsService,
        GeocodeRepository,
        GeocodeService,
        LayerEventsConsumer,
        RegionsRepository,
        RegionsService,
      ],
    };
  }
}
