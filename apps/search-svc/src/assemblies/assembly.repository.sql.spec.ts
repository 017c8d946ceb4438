import { SqlParams } from '@lp/db';
import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import type { MatchedSelect } from '../engine/search-query.js';
import { AssemblyRepository } from './assembly.repository.js';

/** 5 ha of at most 10 parcels. */
const LIMITS = { minTotalArea: 50_000, maxParcels: 10 };

/** The matched rows are the search query builder's SQL (printed in engine/sql/); a stand-in here. */
function matched(params: SqlParams): MatchedSelect {
  const sql = `SELECT i.parcel_id, i.parcel_key, i.teryt, i.gmina_name, i.area_sqm, i.slope_pct, g.geom FROM search.parcel_index i JOIN search.parcel_geometry g USING (parcel_id) WHERE i.teryt = ${params.add('3021093')}`;
  return { sql } as unknown as MatchedSelect;
}

/** Two candidates of 3 ha, neighbours, as the candidates-and-pairs statement sends them (keys 7 and 9, big-endian int4 and float8). */
function twoNeighbours(): object {
  const keys = Buffer.alloc(8);
  keys.writeInt32BE(7, 0);
  keys.writeInt32BE(9, 4);
  const areas = Buffer.alloc(16);
  areas.writeDoubleBE(30_000, 0);
  areas.writeDoubleBE(30_000, 8);
  const pairs = Buffer.alloc(8);
  pairs.writeInt32BE(7, 0);
  pairs.writeInt32BE(9, 4);
  return { count: 2, keys, areas, pairs };
}

/** Set by the case that shows what a failing statement leaves behind: the picked rows' fetch fails. */
let pickedRowsFail = false;

describeSqlSnapshot({
  source: join(import.meta.dirname, 'assembly.repository.ts'),
  rows: (sql, params) => {
    if (pickedRowsFail && sql.includes('m.parcel_key = ANY')) throw new Error('the stand-in fails this statement');
    if (sql.includes('search.parcel_adjacency')) return [twoNeighbours()];
    if (sql.includes('FROM search.parcel_keys')) return [{ parcel_key: 7, parcel_id: '302109_2.0001.1' }, { parcel_key: 9, parcel_id: '302109_2.0001.2' }];
    if (sql.includes('m.parcel_key = ANY')) {
      const asked = params.at(-1) as number[];
      return [{ parcel_id: '302109_2.0001.1', parcel_key: 7 }, { parcel_id: '302109_2.0001.2', parcel_key: 9 }].filter((row) => asked.includes(row.parcel_key));
    }
    if (sql.includes('AS digest')) return [{ digest: 'd41d8cd98f00b204e9800998ecf8427e' }];
    if (sql.includes('AS missing')) return [{ missing: 0 }];
    return [];
  },
  cases: (db) => {
    const repository = new AssemblyRepository(db.as<DataSource>());
    return {
      'candidates (none in a cluster large enough, so counted)': () => {
        const params = new SqlParams();
        return repository.candidates(matched(params), params, 20, LIMITS);
      },
      adjacencyBuilt: () => repository.adjacencyBuilt(['3021093', '3064011']),
      'candidatesByAdjacency (two neighbours of 3 ha picked, their rows fetched)': () => {
        const params = new SqlParams();
        return repository.candidatesByAdjacency(matched(params), params, ['3021093'], 5, LIMITS);
      },
      'candidatesByAdjacency, the cap inside a component (the ids of its members asked for, to break the tie)': () => {
        const params = new SqlParams();
        return repository.candidatesByAdjacency(matched(params), params, ['3021093'], 5, LIMITS, 1);
      },
      'candidatesByAdjacency, a statement failing (the transaction rolled back)': async () => {
        const params = new SqlParams();
        pickedRowsFail = true;
        try {
          await repository.candidatesByAdjacency(matched(params), params, ['3021093'], 5, LIMITS);
          throw new Error('the stand-in should have failed the fetch of the picked rows');
        } catch (error) {
          if (!(error instanceof Error) || !error.message.includes('the stand-in fails')) throw error;
        } finally {
          pickedRowsFail = false;
        }
      },
      'candidatesFromGraph (the graph found in memory, over the builds it was read from)': async () => {
        const params = new SqlParams();
        const graph = { keys: [7, 9], areas: [30_000, 30_000], from: [0], to: [1] };
        const found = await repository.candidatesFromGraph(graph, 'd41d8cd98f00b204e9800998ecf8427e', matched(params), params, LIMITS);
        if (found?.rows.length !== 2) throw new Error('both candidates should be picked');
      },
      'candidatesFromGraph, a build committed since (nothing picked: the caller assembles in PostgreSQL)': async () => {
        const params = new SqlParams();
        const graph = { keys: [7, 9], areas: [30_000, 30_000], from: [0], to: [1] };
        if ((await repository.candidatesFromGraph(graph, 'an older fingerprint', matched(params), params, LIMITS)) !== undefined) throw new Error('a changed build must not be picked from');
      },
      outlines: () => repository.outlines([['302109_2.0001.1', '302109_2.0001.2'], ['302109_2.0001.7']], 20),
    };
  },
});
