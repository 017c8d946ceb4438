import 'reflect-metadata';
import { runMigrateCommand } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { MarketSvcEnv } from './config/market-svc.env.js';
import { MARKET_MIGRATIONS, MARKET_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(MarketSvcEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
// `--wait`: only wait until this build's migrations are applied (Kubernetes init container).
await runMigrateCommand({ url: env.DATABASE_URL, schema: MARKET_SCHEMA, migrations: MARKET_MIGRATIONS, log: (m) => console.log(m) });
