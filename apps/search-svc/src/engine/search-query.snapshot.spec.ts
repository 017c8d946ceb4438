import { describe, it } from '@jest/globals';
import { assertSearchRequest, searchCriteriaOf, SearchParcelsRequest } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import { expectSqlSnapshot, printStatement } from '@lp/testing/sql';
import { join } from 'node:path';
import { planCoverage } from './criterion-coverage.js';
import { buildPageQuery, buildSearchQuery } from './search-query.js';
import { scopeOf } from './search-scope.js';
import type { GminaEvidence } from './zoning-evidence-coverage.js';

/**
 * The SQL the search query builder writes for typical requests, committed under sql/ so that any
 * change to what a search runs shows up as an SQL diff in review. Two gminas, every layer with data
 * in both, every parcel's zoning and land use provable. When a change is meant, regenerate with
 * LP_UPDATE_SQL_SNAPSHOTS=1 and read the diff.
 */
const GMINAS = [
  { teryt: '3021093', name: 'Kórnik' },
  { teryt: '3064011', name: 'Poznań' },
];

const TYPICAL: Record<string, SearchParcelsRequest> = {
  'area-in-region': { region: '3021093', filters: { area_sqm: { min: 10_000 } }, limit: 20 },
  'solar-farm-national': {
    filters: { area_sqm: { min: 20_000 }, slope_pct: { max: 5 }, near: [{ layer: 'power_substations', within_m: 10_000, where: { voltage_kv_gte: 110 } }], exclude: [{ layer: 'env_layers', kinds: ['natura2000'] }] },
    rank_by: [{ signal: 'grid_distance_km', weight: 3 }, { signal: 'slope_pct', weight: 1 }],
    limit: 50,
  },
  'zoning-and-land-use-in-bbox': {
    bbox: '16.80,52.30,17.10,52.50',
    filters: { zoning: { categories: ['industrial', 'industrial_services'] }, land_use: { kinds: ['arable', 'grassland'] } },
    limit: 10,
  },
  'at-least-far-from': { region: '3064011', filters: { far: [{ layer: 'buildings', beyond_m: 500 }], area_sqm: { min: 5000 } }, limit: 20 },
  'price-estimate-in-region': { region: '3021093', filters: { price_estimate_pln: { max: 250_000 }, area_sqm: { min: 1000 } }, limit: 20 },
  'near-any-transit-screened': {
    region: '3064011',
    filters: { near_any: [{ any_of: [{ layer: 'transport_stops', within_m: 800 }, { layer: 'roads', within_m: 200 }] }] },
    rank_by: [{ signal: 'transit_distance_m', weight: 2 }],
    limit: 25,
  },
};

/** A gmina beside the searched ones where no layer has data: a far or exclude criterion's reach touches it. */
const BESIDE = { teryt: '3021042', name: 'Mosina' };

function evidence(): GminaEvidence {
  return { parcels: 100, zoning_unknown_local: 0, zoning_unknown_general: 0, plan_boundaries_missing: false, land_use_unknown: 0, ownership_unknown: 0, missing_plans: [] };
}

/** The page statements of requests matched in memory (ColumnSearch): candidates by key, count and ranges as parameters. */
const FROM_MEMORY = ['area-in-region', 'solar-farm-national'];

function printedSql(typical: SearchParcelsRequest, fromMemory = false): string {
  // checked as the service checks every request: a snapshot of a request nobody may send is worthless
  const request = validateMessage(SearchParcelsRequest, structuredClone(typical));
  assertSearchRequest(request);
  const criteria = searchCriteriaOf(request);
  const layers = [...new Set(criteria.flatMap((criterion) => criterion.layers))];
  const table = new Map(layers.map((layer) => [layer, new Map(GMINAS.map((g) => [g.teryt, 'available' as const]))]));
  const reach = new Map(criteria.flatMap((c) => (c.reachM === undefined ? [] : [[c.reachM, [...GMINAS, BESIDE]] as const])));
  const plans = planCoverage(criteria, { gminas: GMINAS, table, evidence: new Map(GMINAS.map((g) => [g.teryt, evidence()])), filters: request.filters ?? {}, reach });
  const scopeGminas = GMINAS.map((g) => g.teryt);
  const input = { request, scope: scopeOf(request), scopeGminas, allowed: scopeGminas, plans, limit: request.limit ?? 50 };
  const ranges = (request.rank_by ?? []).map((_, k) => ({ min: k, max: 10 + k }));
  const query = fromMemory ? buildPageQuery(input, { matched: 123_456, ranges, keys: [17, 4, 99], digest: 'd' }) : buildSearchQuery(input);
  return `-- ${JSON.stringify(typical)}\n${printStatement(query.sql, query.values)}`;
}

describe('SQL of the search query builder', () => {
  for (const [name, request] of Object.entries(TYPICAL)) {
    it(`matches the committed sql/${name}.sql`, () => {
      expectSqlSnapshot(join(import.meta.dirname, 'sql', `${name}.sql`), printedSql(request));
    });
  }
  for (const name of FROM_MEMORY) {
    it(`matches the committed sql/${name}.page.sql`, () => {
      expectSqlSnapshot(join(import.meta.dirname, 'sql', `${name}.page.sql`), printedSql(TYPICAL[name]!, true));
    });
  }
});
