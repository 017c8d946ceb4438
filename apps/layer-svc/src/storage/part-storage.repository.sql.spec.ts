import { describeSqlSnapshot } from '@lp/testing';
import { join } from 'node:path';
import type { QueryRunner } from 'typeorm';
import { PartStorageRepository, type PartScope } from './part-storage.repository.js';

const SERVED = 'f_parcels__10';
const TABLE = 'f_parcels__12';
const PART_TABLE = 'f_parcels__12_3064011';
const CODES: PartScope = { column: 'teryt', values: ['3064011', '3064011'] };
const FLOOD: PartScope = { column: 'kind', values: ['flood_risk_10pct', 'flood_risk_1pct'] };

describeSqlSnapshot({
  source: join(import.meta.dirname, 'part-storage.repository.ts'),
  rows: (sql) => {
    if (sql.includes('count(*) AS n')) return [{ n: '3' }];
    if (sql.includes('RETURNING stale.table_name')) return [[{ table_name: 'f_parcels__11_3064011' }], 1];
    return [];
  },
  cases: (db) => {
    const parts = new PartStorageRepository(db.as<QueryRunner>());
    return {
      gminasOf: () => parts.gminasOf('3064'),
      'units, the powiats of one voivodeship': () => parts.units('powiat', '30'),
      resumableRun: () => parts.resumableRun('parcels'),
      supersede: () => parts.supersede('parcels', 'parcels-12'),
      runParts: () => parts.runParts('parcels-12'),
      run: () => parts.run('parcels-12'),
      reopenRun: () => parts.reopenRun('parcels-12'),
      recordPart: () => parts.recordPart('parcels-12', { part: '3064011', source: '/data/3064011.gml', status: 'loaded', table: PART_TABLE, gminas: ['3064011'], loaded: 120, previous: 118, error: null }),
      markPublished: () => parts.markPublished('parcels-12', ['3064011']),
      tableExists: () => parts.tableExists(PART_TABLE),
      rowsOutside: () => parts.rowsOutside(PART_TABLE, CODES),
      deleteOutside: () => parts.deleteOutside(PART_TABLE, CODES),
      servedCountIn: () => parts.servedCountIn(SERVED, CODES),
      idsUsedOutside: () => parts.idsUsedOutside(PART_TABLE, SERVED, CODES),
      'compose, the served rows outside the parts and each part': () => parts.compose(TABLE, SERVED, CODES, [PART_TABLE, 'f_parcels__12_3064021']),
      'changedGminas, against the served version': () => parts.changedGminas(SERVED, TABLE, CODES),
      'rowsOutside, a part of kinds': () => parts.rowsOutside('f_env_layers__12_k_flood_risk', FLOOD),
      'compose, a part of kinds': () => parts.compose('f_env_layers__12', 'f_env_layers__10', FLOOD, ['f_env_layers__12_k_flood_risk']),
    };
  },
});
