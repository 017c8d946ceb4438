import 'reflect-metadata';
import { runMigrateCommand } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { LayerSvcEnv } from './config/layer-svc.env.js';
import { LAYER_MIGRATIONS, LAYER_PUBLISHED_SCHEMA, LAYER_SCHEMA } from './db/migrations/index.js';
import { ensureCatalogueLayers } from './storage/catalogue-layers.js';

const env = loadEnv(LayerSvcEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
// `--wait`: only wait until this build's migrations are applied (Kubernetes init container).
await runMigrateCommand({
  url: env.DATABASE_URL,
  schema: LAYER_SCHEMA,
  publishedSchemas: [LAYER_PUBLISHED_SCHEMA],
  migrations: LAYER_MIGRATIONS,
  afterMigrations: ensureCatalogueLayers,
  log: (message) => console.log(message),
});
