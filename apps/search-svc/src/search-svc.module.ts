import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@lp/db';
import { createStatusController } from '@lp/messaging';
import type { SearchSvcEnv } from './config/search-svc.env.js';
import { SEARCH_SCHEMA } from './db/migrations/index.js';
import { ScenariosHandler } from './scenarios/scenarios.handler.js';
import { ScenariosService } from './scenarios/scenarios.service.js';

@Module({})
export class SearchSvcModule {
  static register(env: SearchSvcEnv): DynamicModule {
    return {
      module: SearchSvcModule,
      imports: [
        DatabaseModule.forService(() => ({
          url: env.DATABASE_URL,
          schema: SEARCH_SCHEMA,
          applicationName: 'search-svc',
          poolSize: env.DB_POOL_SIZE,
        })),
      ],
      controllers: [createStatusController('search', 'search-svc'), ScenariosHandler],
      providers: [ScenariosService],
    };
  }
}
