import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { ReportMapRepository } from './report-map.repository.js';

const SUBJECT = '302109_2.0001.12/3';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'report-map.repository.ts'),
  // the extent, then the subject parcel, so that the map goes on to its constraint areas
  rows: (sql) => {
    if (sql.includes('ST_Extent')) return [{ min_x: 360_000, min_y: 490_000, max_x: 360_200, max_y: 490_150 }];
    if (sql.includes('AS number')) return [{ parcel_id: SUBJECT, number: '12/3', geojson: '{"type":"Polygon","coordinates":[]}', label_x: 360_100, label_y: 490_075 }];
    return [];
  },
  cases: (db) => {
    const repository = new ReportMapRepository(db.as<DataSource>());
    return {
      // mapOf is mapOfSite of one parcel: the same three statements
      'mapOfSite, two members (extent, parcels, constraint areas)': () => repository.mapOfSite([SUBJECT, '302109_2.0001.13']),
    };
  },
});
