import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, testEnvironment, type TestDatabase } from '@lp/testing';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

/**
 * The roles of deploy/k8s/base/postgres/roles.sql, which npm test applies to its template (as
 * CloudNativePG does in production) before migrating and loading as each service's role.
 */
const OWNERS: Record<string, string[]> = {
  layer_svc: ['layer', 'layer_pub', 'layer_stage'],
  geocode_svc: ['geocode', 'geocode_pub'],
  market_svc: ['market'],
  parcel_svc: ['parcel'],
  search_svc: ['search', 'search_pub'],
  watches_svc: ['watches'],
  gateway: ['gateway'],
};
const PUBLISHED_READERS: Record<string, string[]> = {
  layer_pub: ['geocode_svc', 'market_svc', 'parcel_svc', 'search_svc', 'watches_svc'],
  geocode_pub: ['search_svc'],
  search_pub: ['watches_svc'],
};

describe('database roles: each service owns its schemas and reads other contexts only through *_pub', () => {
  let db: TestDatabase;
  let admin: pg.Client;
  /** One relation of each schema that has one, as the superuser sees them. */
  let sampleRelation: Map<string, string>;

  const as = async <T>(role: string, sql: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: db.urlAs(role), application_name: 'roles-test' });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const deniedCode = async (role: string, sql: string): Promise<string | undefined> =>
    as(role, sql).then(
      () => undefined,
      (error: { code?: string }) => error.code,
    );

  beforeAll(async () => {
    db = await createTestDatabase();
    admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    const rows = (
      await admin.query<{ schema: string; relation: string }>(
        `SELECT DISTINCT ON (n.nspname) n.nspname AS schema, c.relname AS relation
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'v', 'm') ORDER BY n.nspname, c.relname`,
        [Object.values(OWNERS).flat()],
      )
    ).rows;
    sampleRelation = new Map(rows.map((row) => [row.schema, `${row.schema}.${row.relation}`]));
  });
  afterAll(async () => {
    await admin?.end();
    await db?.drop();
  });

  it("search-svc's role cannot read parcel's, layer's or geocode's private tables: permission denied", async () => {
    for (const schema of ['parcel', 'layer', 'geocode', 'market', 'gateway']) {
      const relation = sampleRelation.get(schema);
      expect(relation).toBeDefined();
      expect([schema, await deniedCode('search_svc', `SELECT 1 FROM ${relation} LIMIT 1`)]).toEqual([schema, '42501']);
    }
  });

  it('no role reads a private schema of another context, and every role reads its own', async () => {
    const denied: string[] = [];
    const allowed: string[] = [];
    for (const [owner, schemas] of Object.entries(OWNERS)) {
      for (const schema of schemas.filter((name) => !name.endsWith('_pub') && sampleRelation.has(name))) {
        const relation = sampleRelation.get(schema) as string;
        for (const role of Object.keys(OWNERS)) {
          const code = await deniedCode(role, `SELECT 1 FROM ${relation} LIMIT 1`);
          if (role === owner) {
            if (code !== undefined) denied.push(`${role} on its own ${relation}: ${code}`);
          } else if (code !== '42501') allowed.push(`${role} on ${relation}: ${code ?? 'allowed'}`);
        }
      }
    }
    expect(denied).toEqual([]);
    expect(allowed).toEqual([]);
  });

  it('published views answer their readers with the rows the superuser sees, and nobody else', async () => {
    const [{ count }] = (await admin.query<{ count: string }>('SELECT count(*)::text AS count FROM layer_pub.parcels')).rows as [{ count: string }];
    expect(Number(count)).toBeGreaterThan(0);
    for (const reader of PUBLISHED_READERS['layer_pub'] ?? []) {
      expect(await as<{ count: string }>(reader, 'SELECT count(*)::text AS count FROM layer_pub.parcels')).toEqual([{ count }]);
    }
    expect(await deniedCode('gateway', 'SELECT 1 FROM layer_pub.parcels LIMIT 1')).toBe('42501');
    const places = sampleRelation.get('geocode_pub') as string;
    expect(await deniedCode('search_svc', `SELECT 1 FROM ${places} LIMIT 1`)).toBeUndefined();
    for (const outsider of ['market_svc', 'parcel_svc', 'gateway']) expect(await deniedCode(outsider, `SELECT 1 FROM ${places} LIMIT 1`)).toBe('42501');
  });

  it('readers cannot write published views, and no role creates schemas or tables outside its own', async () => {
    expect(await deniedCode('parcel_svc', "DELETE FROM layer_pub.parcels WHERE id = 'none'")).toBe('42501');
    expect(await deniedCode('search_svc', 'CREATE TABLE public.leak (id int)')).toBe('42501');
    expect(await deniedCode('search_svc', 'CREATE TABLE parcel.leak (id int)')).toBe('42501');
    expect(await deniedCode('market_svc', 'CREATE SCHEMA leak')).toBe('42501');
  });

  it('every object of a context belongs to its role: migrations and loads ran as the owner', async () => {
    const foreign = (
      await admin.query<{ relation: string; owner: string }>(
        `SELECT n.nspname || '.' || c.relname AS relation, pg_get_userbyid(c.relowner) AS owner
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = ANY($1) AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
           AND pg_get_userbyid(c.relowner) <> (SELECT nspowner::regrole::text FROM pg_namespace WHERE oid = n.oid)`,
        [Object.values(OWNERS).flat()],
      )
    ).rows;
    expect(foreign).toEqual([]);
    const schemaOwners = (await admin.query<{ schema: string; owner: string }>(`SELECT nspname AS schema, nspowner::regrole::text AS owner FROM pg_namespace WHERE nspname = ANY($1)`, [Object.values(OWNERS).flat()])).rows;
    expect(Object.fromEntries(schemaOwners.map((row) => [row.schema, row.owner]))).toEqual(
      Object.fromEntries(Object.entries(OWNERS).flatMap(([owner, schemas]) => schemas.map((schema) => [schema, owner]))),
    );
  });

  it('takes over a database migrated as the superuser before the roles existed, and applies twice alike', async () => {
    const env = testEnvironment();
    const name = `t_${randomBytes(6).toString('hex')}`;
    const url = (user: string): string => Object.assign(new URL(env.adminUrl), { pathname: `/${name}`, username: user }).toString();
    const run = promisify(execFile);
    const migrate = (app: string, user: string) =>
      run(process.execPath, [join(env.repoRoot, 'apps', app, 'dist', 'migrate.js')], { env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: url(user), NATS_URL: 'nats://unused:4222' } });
    await admin.query(`CREATE DATABASE ${name}`);
    const old = new pg.Client({ connectionString: url('postgres') });
    try {
      await migrate('layer-svc', 'postgres');
      await migrate('parcel-svc', 'postgres');
      await old.connect();
      const roles = readFileSync(join(env.repoRoot, 'deploy/k8s/base/postgres/roles.sql'), 'utf8');
      await old.query(roles);
      await old.query(roles);
      const owners = await old.query<{ schema: string; owner: string; objects: number }>(
        `SELECT n.nspname AS schema, pg_get_userbyid(c.relowner) AS owner, count(*)::int AS objects
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname IN ('layer', 'layer_pub', 'parcel') AND c.relkind IN ('r', 'v', 'm', 'S') GROUP BY 1, 2 ORDER BY 1, 2`,
      );
      expect(owners.rows.map((row) => `${row.schema}:${row.owner}`)).toEqual(['layer:layer_svc', 'layer_pub:layer_svc', 'parcel:parcel_svc']);
      // The next migration runs as the owner and finds its history.
      expect((await migrate('layer-svc', 'layer_svc')).stdout).toMatch(/layer: up to date/);
      expect((await migrate('parcel-svc', 'parcel_svc')).stdout).toMatch(/parcel: up to date/);
    } finally {
      await old.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });

  it('ends a transaction left idle by any service, and limits the gateway per statement, not the services that rebuild', async () => {
    const setting = async (role: string, name: string): Promise<string> => (await as<{ value: string }>(role, `SELECT current_setting('${name}') AS value`))[0]!.value;
    for (const role of Object.keys(OWNERS)) expect([role, await setting(role, 'idle_in_transaction_session_timeout')]).toEqual([role, '10min']);
    expect(await setting('gateway', 'statement_timeout')).toBe('1min');
    for (const role of ['layer_svc', 'search_svc', 'parcel_svc', 'geocode_svc']) expect([role, await setting(role, 'statement_timeout')]).toEqual([role, '0']);
  });
});
