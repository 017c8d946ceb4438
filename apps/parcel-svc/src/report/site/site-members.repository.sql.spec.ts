import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { SiteMembersRepository } from './site-members.repository.js';

const MEMBERS = ['302109_2.0001.12/3', '302109_2.0001.13'];

describeSqlSnapshot({
  source: join(import.meta.dirname, 'site-members.repository.ts'),
  rows: () => [{ geometry: { type: 'Polygon', coordinates: [] }, compactness: 0.5 }],
  cases: (db) => {
    const repository = new SiteMembersRepository(db.as<DataSource>());
    return { placement: () => repository.placement(MEMBERS, 20), outline: () => repository.outline(MEMBERS, 20) };
  },
});
