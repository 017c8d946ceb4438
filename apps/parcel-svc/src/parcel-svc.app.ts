import { pingDatabase } from '@lp/db';
import { bootstrapService, type RunningService } from '@lp/messaging';
import { DataSource } from 'typeorm';
import type { ParcelSvcEnv } from './config/parcel-svc.env.js';
import { ParcelSvcModule } from './parcel-svc.module.js';

export function startParcelSvc(env: ParcelSvcEnv): Promise<RunningService> {
  return bootstrapService({
    name: 'parcel-svc',
    module: ParcelSvcModule.register(env),
    natsUrl: env.NATS_URL,
    opsPort: env.OPS_PORT,
    opsHost: env.OPS_HOST,
    opsPortFile: env.OPS_PORT_FILE,
    logLevel: env.LOG_LEVEL,
    readiness: (app) => ({ database: () => pingDatabase(app.get(DataSource)) }),
  });
}
