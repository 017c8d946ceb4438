import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, type ParcelFeatureView } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { statementName } from '@lp/db';
import { DataSource } from 'typeorm';
import { ParcelSvcEnv } from '../src/config/parcel-svc.env.js';
import { FIND_FEATURE_SQL } from '../src/parcel/parcel.repository.js';
import { startParcelSvc } from '../src/parcel-svc.app.js';

describe('parcel-svc over NATS against PostGIS', () => {
  let svc: ServiceUnderTest;
  const call = <T>(subject: string, data: unknown): Promise<T> => svc.call<T>(subject, data);

  beforeAll(async () => {
    svc = await startServiceUnderTest((env) => startParcelSvc(loadEnv(ParcelSvcEnv, { ...env, LOG_LEVEL: 'warn', DB_POOL_SIZE: '2' })), { role: 'parcel_svc' });
  });
  afterAll(() => svc?.stop());

  it('answers parcel.get with the feature built from layer_pub.parcels', async () => {
    const feature = await call<ParcelFeatureView>('parcel.get', { parcel_id: '306401_1.0012.105/12' });
    expect(feature.id).toBe('306401_1.0012.105/12');
    expect(feature.properties.number).toBe('105/12');
  });

  it('reports an unknown id as not_found with candidates from the same precinct', async () => {
    const error = await call('parcel.get', { parcel_id: '306401_1.0012.105/13' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('not_found');
    expect((error as AppError).candidates?.[0]).toBe('306401_1.0012.105/12');
  });

  it('validates messages itself: a bad payload is invalid_request, not an internal error', async () => {
    const error = await call('parcel.get', { parcel_id: 42, extra: 'x' }).catch((caught: unknown) => caught);
    expect((error as AppError).code).toBe('invalid_request');
    expect((error as AppError).message).toMatch(/parcel_id must be an EGiB parcel id/);
    expect((error as AppError).message).toMatch(/extra is not an accepted field/);
  });

  it('plans the parcel lookup once per connection, as a named prepared statement of its own text', async () => {
    await call('parcel.get', { parcel_id: '306401_1.0012.105/12' });
    // An idle pool hands out the connection released last: the one that just ran the lookup.
    const prepared: Array<{ name: string; statement: string }> = await svc.service.app.get(DataSource).query(`SELECT name, statement FROM pg_prepared_statements`);
    expect(prepared).toEqual([{ name: statementName(FIND_FEATURE_SQL), statement: FIND_FEATURE_SQL }]);
  });

  it('answers from a new version of the parcels layer once the view moves to it, though its lookup was prepared before', async () => {
    const id = '306401_1.0012.105/12';
    const numbers = async (): Promise<string[]> =>
      (await Promise.all(Array.from({ length: 4 }, () => call<ParcelFeatureView>('parcel.get', { parcel_id: id })))).map((f) => f.properties.number);
    // Over five runs on each connection: PostgreSQL then keeps a generic plan of the prepared statement.
    for (let i = 0; i < 4; i++) expect(await numbers()).toEqual(['105/12', '105/12', '105/12', '105/12']);
    // What layer-svc's swap does: a new version table, and the published view pointed at it.
    const [{ definition }] = await svc.sql<{ definition: string }>(`SELECT pg_get_viewdef('layer_pub.parcels') AS definition`);
    const table = /FROM layer\.(\w+)/.exec(definition)![1]!;
    await svc.sql(`CREATE TABLE layer.f_parcels_next AS SELECT * FROM layer.${table}`);
    await svc.sql(`GRANT SELECT ON layer.f_parcels_next TO layer_svc`);
    await svc.sql(`UPDATE layer.f_parcels_next SET attrs = attrs || '{"parcel_number": "105/12a"}' WHERE ext_id = $1`, [id]);
    await svc.sql(`CREATE OR REPLACE VIEW layer_pub.parcels AS ${definition.replace(`layer.${table} `, 'layer.f_parcels_next ')}`);
    expect(await numbers()).toEqual(['105/12a', '105/12a', '105/12a', '105/12a']);
  });

  it('serves its readiness on the ops port, checking the database and NATS', async () => {
    const res = await fetch(`http://127.0.0.1:${svc.service.opsPort}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { shutdown: 'ok', nats: 'ok', database: 'ok' } }); // shutdown: not draining for a rollout
    const metrics = await (await fetch(`http://127.0.0.1:${svc.service.opsPort}/metrics`)).text();
    expect(metrics).toContain('lp_rpc_handler_duration_seconds_count{subject="parcel.get",outcome="ok"}');
  });
});
