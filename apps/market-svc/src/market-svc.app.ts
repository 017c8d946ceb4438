import { pingDatabase } from '@lp/db';
import { bootstrapService, type RunningService } from '@lp/messaging';
import { DataSource } from 'typeorm';
import type { MarketSvcEnv } from './config/market-svc.env.js';
import { MarketSvcModule } from './market-svc.module.js';

export function startMarketSvc(env: MarketSvcEnv): Promise<RunningService> {
  return bootstrapService({
    name: 'market-svc',
    module: MarketSvcModule.register(env),
    natsUrl: env.NATS_URL,
    opsPort: env.OPS_PORT,
    opsHost: env.OPS_HOST,
    opsPortFile: env.OPS_PORT_FILE,
    logLevel: env.LOG_LEVEL,
    readiness: (app) => ({ database: () => pingDatabase(app.get(DataSource)) }),
  });
}
