import { pingDatabase } from '@lp/db';
import { bootstrapService, type RunningService } from '@lp/messaging';
import { DataSource } from 'typeorm';
import type { WatchesSvcEnv } from './config/watches-svc.env.js';
import { WatchesSvcModule } from './watches-svc.module.js';

export function startWatchesSvc(env: WatchesSvcEnv): Promise<RunningService> {
  return bootstrapService({
    name: 'watches-svc',
    module: WatchesSvcModule.register(env),
    natsUrl: env.NATS_URL,
    opsPort: env.OPS_PORT,
    opsHost: env.OPS_HOST,
    opsPortFile: env.OPS_PORT_FILE,
    logLevel: env.LOG_LEVEL,
    readiness: (app) => ({ database: () => pingDatabase(app.get(DataSource)) }),
  });
}
