import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { testEnvironment } from './test-env.js';

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh database for one test file, copied from the migrated template (about 0.3 s). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const env = testEnvironment();
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(env.adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${env.templateDb}`));
  const url = new URL(env.adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin(env.adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, application_name: 'test-database' });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
