import { createSchemaDataSource } from '@lp/db';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import type { DataSource } from 'typeorm';
import { RefreshPipeline } from '../src/refresh/refresh-pipeline.js';

export interface RefreshPipelineInProcess {
  db: DataSource;
  pipeline: RefreshPipeline;
  /** The database as the layers CLI reaches it (for GDAL tools that connect themselves). */
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * layer-svc's refresh pipeline in this process, connected as layer-svc's role as the layers CLI is,
 * on a copy of the fixture with its own nats-server: `service.db` for layer-svc's repositories.
 */
export function startRefreshPipeline(applicationName: string): Promise<ServiceUnderTest<RefreshPipelineInProcess>> {
  return startServiceUnderTest(
    async (env) => {
      const db = await createSchemaDataSource({ url: env.DATABASE_URL, schema: 'layer', applicationName, poolSize: 4 }).initialize();
      return { db, pipeline: new RefreshPipeline(db, env.DATABASE_URL), databaseUrl: env.DATABASE_URL, close: () => db.destroy() };
    },
    { role: 'layer_svc' },
  );
}
