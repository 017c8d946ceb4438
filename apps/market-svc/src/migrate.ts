import 'reflect-metadata';
import { migrateSchema } from '@lp/db';
import { loadEnv } from '@lp/messaging';
import { MarketSvcEnv } from './config/market-svc.env.js';
import { MARKET_MIGRATIONS, MARKET_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(MarketSvcEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
await migrateSchema({ url: env.DATABASE_URL, schema: MARKET_SCHEMA, migrations: MARKET_MIGRATIONS, log: (m) => console.log(m) });
