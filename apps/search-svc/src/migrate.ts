import 'reflect-metadata';
import { runMigrateCommand } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { SearchSvcEnv } from './config/search-svc.env.js';
import { SEARCH_MIGRATIONS, SEARCH_PUBLISHED_SCHEMA, SEARCH_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(SearchSvcEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
// `--wait`: only wait until this build's migrations are applied (Kubernetes init container).
await runMigrateCommand({
  url: env.DATABASE_URL,
  schema: SEARCH_SCHEMA,
  publishedSchemas: [SEARCH_PUBLISHED_SCHEMA],
  migrations: SEARCH_MIGRATIONS,
  log: (m) => console.log(m),
});
