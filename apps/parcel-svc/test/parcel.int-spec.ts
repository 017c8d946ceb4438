import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AppError, type ParcelFeatureView } from '@lp/contracts';
import { loadEnv } from '@lp/runtime';
import { startServiceUnderTest, type ServiceUnderTest } from '@lp/testing';
import { ParcelSvcEnv } from '../src/config/parcel-svc.env.js';
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

  it('serves its readiness on the ops port, checking the database and NATS', async () => {
    const res = await fetch(`http://127.0.0.1:${svc.service.opsPort}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', checks: { shutdown: 'ok', nats: 'ok', database: 'ok' } }); // shutdown: not draining for a rollout
    const metrics = await (await fetch(`http://127.0.0.1:${svc.service.opsPort}/metrics`)).text();
    expect(metrics).toContain('lp_rpc_handler_duration_seconds_count{subject="parcel.get",outcome="ok"}');
  });
});
