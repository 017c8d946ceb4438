import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { databaseUrlAs } from './app-process.js';
import { querySql } from './sql.js';
import { testEnvironment } from './test-env.js';

export interface TestDatabase {
  name: string;
  url: string;
  /** The same database as a service's own role (`layer_svc`, ... `gateway`; deploy/k8s/base/postgres/roles.sql). */
  urlAs(role: string): string;
  /** One statement with parameters, as the superuser (arranging and checking what a test needs). */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  drop(): Promise<void>;
}

/** A template of the test cluster: the fixture, the small demo, or a database a test made (and no one is connected to). */
export type TestTemplate = 'fixture' | 'demo' | { database: string };

/**
 * A fresh database for one test file, copied from a migrated template: `fixture` (20 parcels in one
 * Poznań precinct), `demo` (the small-scale demo dataset), or a database the test prepared itself
 * (e.g. the demo with some layers loaded another way). About 0.3 s for the fixture.
 */
export async function createTestDatabase(template: TestTemplate = 'fixture'): Promise<TestDatabase> {
  const env = testEnvironment();
  const source = typeof template === 'object' ? template.database : template === 'demo' ? env.demoTemplateDb : env.templateDb;
  if (typeof template === 'object' && !/^t_[0-9a-f]{12}$/.test(template.database)) throw new Error(`${template.database} is not a database a test made`);
  if (!source) throw new Error('The demo template is not provisioned: run the tests with `npm test`.');
  const name = `t_${randomBytes(6).toString('hex')}`;
  await withAdmin(env.adminUrl, (client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${source}`));
  const url = new URL(env.adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    urlAs: (role) => databaseUrlAs(url.toString(), role),
    sql: (text, params) => querySql(url.toString(), text, params),
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
