import { describe, expect, it } from '@jest/globals';
import { findObject, renderOverlay, type K8sObject } from './render.js';
import { NATIONAL_PARCELS, peakDatabaseBytes, postgresBytes, quantityBytes, WAL_PER_PARCEL_REFRESH } from './national-sizing.js';

interface ClusterSpec {
  storage: { size: string };
  walStorage: { size: string };
  resources: { limits: { memory: string } };
  postgresql: { parameters: Record<string, string> };
}

const clusterOf = (overlay: 'dev' | 'prod'): ClusterSpec =>
  (findObject(renderOverlay(overlay), 'Cluster', 'landparcel-pg') as K8sObject & { spec: ClusterSpec }).spec;

describe('the production database sized for the whole country', () => {
  const prod = clusterOf('prod');
  const parameters = prod.postgresql.parameters;

  it('holds the peak of a national refresh with a fifth to spare', () => {
    const peak = peakDatabaseBytes(NATIONAL_PARCELS);
    // the model at the national count, as docs/operations.md states it
    expect(Math.round(peak / 2 ** 30)).toBe(777);
    expect(quantityBytes(prod.storage.size)).toBeGreaterThanOrEqual(peak * 1.2);
  });

  it('keeps two checkpoint windows and a whole parcels refresh on the WAL volume, should archiving stall', () => {
    const need = 2 * postgresBytes(parameters['max_wal_size']!) + WAL_PER_PARCEL_REFRESH * NATIONAL_PARCELS;
    expect(quantityBytes(prod.walStorage.size)).toBeGreaterThanOrEqual(need);
  });

  it('fits shared buffers and three autovacuum workers of maintenance memory inside the memory limit', () => {
    const limit = quantityBytes(prod.resources.limits.memory);
    const shared = postgresBytes(parameters['shared_buffers']!);
    expect(shared).toBeLessThanOrEqual(limit * 0.25);
    expect(shared + 3 * postgresBytes(parameters['maintenance_work_mem']!)).toBeLessThan(limit * 0.75);
  });

  it('leaves the development cluster small', () => {
    expect(quantityBytes(clusterOf('dev').storage.size)).toBeLessThanOrEqual(quantityBytes('100Gi'));
  });
});
