import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { AdminUnitRow } from './admin-unit-rows.js';
import { AdminUnitsRepository } from './admin-units.repository.js';

const KORNIK: AdminUnitRow = {
  teryt: '3021093',
  level: 'gmina',
  level_rank: 2,
  name: 'Kórnik',
  unit_type: 'gmina miejsko-wiejska',
  parent_teryt: '3021',
  parent_name: 'poznański',
  parent_label: 'powiat poznański, wielkopolskie',
  label: 'Kórnik — gmina miejsko-wiejska, powiat poznański, wielkopolskie',
  name_folded: 'kornik',
  core_folded: 'kornik',
} as AdminUnitRow;

describeSqlSnapshot({
  source: join(import.meta.dirname, 'admin-units.repository.ts'),
  cases: (db) => {
    const repository = new AdminUnitsRepository(db.as<DataSource>());
    return {
      servedVersion: () => repository.servedVersion(),
      lastBuild: () => repository.lastBuild(),
      replaceAll: () => repository.replaceAll(() => [KORNIK], 3),
    };
  },
});
