import 'reflect-metadata';
import { runMigrateCommand } from '@lp/db';
import { loadEnv } from '@lp/runtime';
import { ParcelSvcEnv } from './config/parcel-svc.env.js';
import { PARCEL_MIGRATIONS, PARCEL_SCHEMA } from './db/migrations/index.js';

const env = loadEnv(ParcelSvcEnv, { NATS_URL: 'nats://unused:4222', ...process.env });
// `--wait`: only wait until this build's migrations are applied (Kubernetes init container).
await runMigrateCommand({ url: env.DATABASE_URL, schema: PARCEL_SCHEMA, migrations: PARCEL_MIGRATIONS, log: (m) => console.log(m) });
