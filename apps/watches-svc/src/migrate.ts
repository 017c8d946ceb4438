import 'reflect-metadata';
import { runMigrateCommand } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { WatchesSvcEnv } from './config/watches-svc.env.js';
import { WATCHES_MIGRATIONS, WATCHES_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(WatchesSvcEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
// `--wait`: only wait until this build's migrations are applied (Kubernetes init container).
await runMigrateCommand({ url: env.DATABASE_URL, schema: WATCHES_SCHEMA, migrations: WATCHES_MIGRATIONS, log: (m) => console.log(m) });
