import 'reflect-metadata';
import { migrateSchema } from '@lp/db';
import { loadEnv } from '@lp/messaging';
import { GatewayEnv } from './config/gateway.env.js';
import { GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(GatewayEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
await migrateSchema({ url: env.DATABASE_URL, schema: GATEWAY_SCHEMA, migrations: GATEWAY_MIGRATIONS, log: (m) => console.log(m) });
