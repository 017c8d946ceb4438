import { SqlParams } from '@lp/db';
import { describeSqlSnapshot } from '@lp/testing';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { MatchedSelect } from '../engine/search-query.js';
import { AssemblyRepository } from './assembly.repository.js';

/** The matched rows are the search query builder's SQL (printed in engine/sql/); a stand-in here. */
function matched(params: SqlParams): MatchedSelect {
  const sql = `SELECT i.parcel_id, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = ${params.add('3021093')}`;
  return { sql } as unknown as MatchedSelect;
}

describeSqlSnapshot({
  source: join(import.meta.dirname, 'assembly.repository.ts'),
  cases: (db) => {
    const repository = new AssemblyRepository(db.as<DataSource>());
    return {
      'candidates (none in a cluster large enough, so counted)': () => {
        const params = new SqlParams();
        return repository.candidates(matched(params), params, 20, 50_000);
      },
      outlines: () => repository.outlines([['302109_2.0001.1', '302109_2.0001.2'], ['302109_2.0001.7']], 20),
    };
  },
});
