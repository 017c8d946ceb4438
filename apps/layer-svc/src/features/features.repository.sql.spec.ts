import { findLayer } from '@lp/contracts';
import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { QueryRunner } from 'typeorm';
import { FeaturesRepository } from './features.repository.js';

const SUBSTATIONS = findLayer('power_substations')!;
const TABLE = 'f_power_substations__7';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'features.repository.ts'),
  rows: (sql) => (sql.includes('ST_SimplifyPreserveTopology') ? [{ feature: '{}' }] : []),
  cases: (db) => {
    const q = db.as<QueryRunner>();
    const repository = new FeaturesRepository();
    return {
      'page, a WGS84 box': () => repository.page(q, SUBSTATIONS, TABLE, { area: { srid: 4326, xmin: 16.8, ymin: 52.3, xmax: 17.1, ymax: 52.5 } }, 0, 101, 5_000_000),
      'page, an EPSG:2180 box written in EPSG:2180': () =>
        repository.page(q, SUBSTATIONS, TABLE, { area: { srid: 2180, xmin: 350_000, ymin: 480_000, xmax: 370_000, ymax: 500_000 } }, 0, 101, 5_000_000, 'EPSG:2180'),
      'page, no box, a CQL2 filter, after a cursor': () =>
        repository.page(q, SUBSTATIONS, TABLE, { area: null, filter: (first) => ({ sql: `(f.attrs->>'voltage_kv')::float8 >= $${first}`, params: [110] }) }, 4_200, 101, 5_000_000),
      byId: () => repository.byId(q, SUBSTATIONS, TABLE, 'sub-1'),
      'countUpTo, a WGS84 box': () => repository.countUpTo(q, TABLE, { srid: 4326, xmin: 14.1, ymin: 49.0, xmax: 24.2, ymax: 54.9 }, 50_001),
      simplifiedFeature: () => repository.simplifiedFeature(q, SUBSTATIONS, TABLE, 42, 5),
    };
  },
});
