import 'reflect-metadata';
import { runMigrateCommand } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { GatewayEnv } from './config/gateway.env.js';
import { GATEWAY_MIGRATIONS, GATEWAY_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(GatewayEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
// `--wait`: only wait until this build's migrations are applied (Kubernetes init container).
await runMigrateCommand({ url: env.DATABASE_URL, schema: GATEWAY_SCHEMA, migrations: GATEWAY_MIGRATIONS, log: (m) => console.log(m) });
