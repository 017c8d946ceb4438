import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule } from '@lp/db';
import { createStatusController } from '@lp/messaging';
import { currentDeadlineMs, currentSignal } from '@lp/runtime';
import type { MarketSvcEnv } from './config/market-svc.env.js';
import { MARKET_SCHEMA } from './db/migrations/index.js';
import { TransactionsHandler } from './transactions/transactions.handler.js';
import { TransactionsRepository } from './transactions/transactions.repository.js';
import { TransactionsService } from './transactions/transactions.service.js';

@Module({})
export class MarketSvcModule {
  static register(env: MarketSvcEnv): DynamicModule {
    return {
      module: MarketSvcModule,
      imports: [
        DatabaseModule.forService(() => ({
          url: env.DATABASE_URL,
          schema: MARKET_SCHEMA,
          applicationName: 'market-svc',
          poolSize: env.DB_POOL_SIZE,
          deadline: currentDeadlineMs,
          signal: currentSignal,
        })),
      ],
      controllers: [createStatusController('market', 'market-svc'), TransactionsHandler],
      providers: [TransactionsService, TransactionsRepository],
    };
  }
}
