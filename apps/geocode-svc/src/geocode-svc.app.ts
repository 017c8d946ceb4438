import { pingDatabase } from '@lp/db';
import { bootstrapService, type RunningService } from '@lp/messaging';
import { DataSource } from 'typeorm';
import type { GeocodeSvcEnv } from './config/geocode-svc.env.js';
import { GeocodeSvcModule } from './geocode-svc.module.js';

export function startGeocodeSvc(env: GeocodeSvcEnv): Promise<RunningService> {
  return bootstrapService({
    name: 'geocode-svc',
    module: GeocodeSvcModule.register(env),
    natsUrl: env.NATS_URL,
    opsPort: env.OPS_PORT,
    opsHost: env.OPS_HOST,
    opsPortFile: env.OPS_PORT_FILE,
    logLevel: env.LOG_LEVEL,
    readiness: (app) => ({ database: () => pingDatabase(app.get(DataSource)) }),
  });
}
