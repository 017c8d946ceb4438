import 'reflect-metadata';
import { runMigrateCommand } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { GeocodeSvcEnv } from './config/geocode-svc.env.js';
import { GEOCODE_MIGRATIONS, GEOCODE_PUBLISHED_SCHEMA, GEOCODE_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(GeocodeSvcEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
// `--wait`: only wait until this build's migrations are applied (Kubernetes init container).
await runMigrateCommand({
  url: env.DATABASE_URL,
  schema: GEOCODE_SCHEMA,
  publishedSchemas: [GEOCODE_PUBLISHED_SCHEMA],
  migrations: GEOCODE_MIGRATIONS,
  log: (m) => console.log(m),
});
