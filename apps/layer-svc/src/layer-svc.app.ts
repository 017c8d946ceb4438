import { pingDatabase } from '@lp/db';
import { bootstrapService, type RunningService } from '@lp/messaging';
import { DataSource } from 'typeorm';
import type { LayerSvcEnv } from './config/layer-svc.env.js';
import { LayerSvcModule } from './layer-svc.module.js';

export function startLayerSvc(env: LayerSvcEnv): Promise<RunningService> {
  return bootstrapService({
    name: 'layer-svc',
    module: LayerSvcModule.register(env),
    natsUrl: env.NATS_URL,
    opsPort: env.OPS_PORT,
    opsHost: env.OPS_HOST,
    opsPortFile: env.OPS_PORT_FILE,
    logLevel: env.LOG_LEVEL,
    readiness: (app) => ({ database: () => pingDatabase(app.get(DataSource)) }),
  });
}
