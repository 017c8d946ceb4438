import { findLayer } from '@lp/contracts';
import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { QueryRunner } from 'typeorm';
import { LayerStorageRepository } from './layer-storage.repository.js';

const SUBSTATIONS = findLayer('power_substations')!;
const ENV = findLayer('env_layers')!;
const TABLE = 'f_power_substations__12';
const RUN = { runId: 'run-12', fetchedAt: new Date('2026-01-02T03:04:05Z'), sourceUrl: 'https://example.org/substations.gpkg' };

describeSqlSnapshot({
  source: join(import.meta.dirname, 'layer-storage.repository.ts'),
  rows: (sql) => {
    if (sql.includes('nextval')) return [{ seq: '12' }];
    // a source that wrote the voltage as text, so the copy converts it
    if (sql.includes('information_schema.columns')) return [{ column_name: 'id', data_type: 'character varying' }, { column_name: 'voltage_kv', data_type: 'character varying' }];
    if (sql.includes('count(*) AS n FROM')) return [{ n: '3' }];
    // a refresh run by another role hands the tables to the schema's owner
    if (sql.includes('pg_get_userbyid')) return [{ owner: 'layer_svc', me: 'postgres' }];
    if (sql.includes('RETURNING version')) return [[{ version: 8 }], 1];
    return [];
  },
  cases: (db) => {
    const storage = new LayerStorageRepository(db.as<QueryRunner>());
    return {
      'setLocalLockTimeout (each swap attempt)': () => storage.setLocalLockTimeout(300),
      'viewLockHolders (a swap that gave up names the readers)': () => storage.viewLockHolders('power_substations'),
      'dropTablesWithoutWaiting (a retired version a reader still holds stays)': () => storage.dropTablesWithoutWaiting('f_power_substations__9'),
      tryLock: () => storage.tryLock('power_substations'),
      unlock: () => storage.unlock('power_substations'),
      nextRunSeq: () => storage.nextRunSeq(),
      state: () => storage.state('power_substations'),
      recordRunStart: () => storage.recordRunStart({ runId: RUN.runId, seq: 12, layerId: 'power_substations', sourceUrl: RUN.sourceUrl }),
      recordRunEnd: () => storage.recordRunEnd({ runId: RUN.runId, status: 'succeeded', loaded: 3, previous: 2, error: null, steps: { load: 1200, validate: 40 } }),
      createVersionTable: () => storage.createVersionTable(TABLE),
      dropTables: () => storage.dropTables('f_power_substations__10'),
      dropStage: () => storage.dropStage('stage_power_substations_12'),
      'copyFromStage (stage columns, the copy, the count)': () => storage.copyFromStage(SUBSTATIONS, 'stage_power_substations_12', TABLE, RUN),
      assignGminas: () => storage.assignGminas(TABLE),
      validate: () => storage.validate(SUBSTATIONS, TABLE),
      indexVersionTable: () => storage.indexVersionTable(SUBSTATIONS, TABLE),
      'affectedGminas, against the previous version': () => storage.affectedGminas('f_power_substations__10', TABLE),
      'affectedGminas, the first version': () => storage.affectedGminas(null, TABLE),
      'swap, a polygon layer with its subdivided view, run by another role': () =>
        storage.swap(ENV, 'f_env_layers__4', { runId: 'run-4', featureCount: 120, coverageGminas: null, sourceUrl: RUN.sourceUrl, sourceNote: null }),
      recomputeCoverage: () => storage.recomputeCoverage('power_substations', ['3021093', '3064011']),
      layersWithCoverage: () => storage.layersWithCoverage(),
      enqueueEvent: () => storage.enqueueEvent('layer.refreshed', { layer: 'power_substations', version: 8 }),
      tablesToRetire: () => storage.tablesToRetire('power_substations', [TABLE, 'f_power_substations__10']),
    };
  },
});
