import { pingDatabase } from '@lp/db';
import { bootstrapService, type RunningService } from '@lp/messaging';
import { DataSource } from 'typeorm';
import type { SearchSvcEnv } from './config/search-svc.env.js';
import { SearchIndexBuilder } from './search-index/search-index.builder.js';
import { SearchSvcModule } from './search-svc.module.js';

export function startSearchSvc(env: SearchSvcEnv): Promise<RunningService> {
  return bootstrapService({
    name: 'search-svc',
    module: SearchSvcModule.register(env),
    natsUrl: env.NATS_URL,
    opsPort: env.OPS_PORT,
    opsHost: env.OPS_HOST,
    opsPortFile: env.OPS_PORT_FILE,
    logLevel: env.LOG_LEVEL,
    readiness: (app) => ({
      database: () => pingDatabase(app.get(DataSource)),
      // a search over a gmina without an index build answers 503: not ready until every gmina has one
      search_index: () => Promise.resolve(app.get(SearchIndexBuilder).assertReady()),
    }),
  });
}
