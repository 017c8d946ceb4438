import 'reflect-metadata';
import { migrateSchema } from '@lp/db';
import { loadEnv } from '@lp/messaging';
import { SearchSvcEnv } from './config/search-svc.env.js';
import { SEARCH_MIGRATIONS, SEARCH_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(SearchSvcEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
await migrateSchema({ url: env.DATABASE_URL, schema: SEARCH_SCHEMA, migrations: SEARCH_MIGRATIONS, log: (m) => console.log(m) });
