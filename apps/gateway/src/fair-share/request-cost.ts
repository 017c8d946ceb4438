/**
 * What a request costs the services, estimated before it runs from its route and body. One unit is
 * about 10 ms of service time (CPU and database together); the figures follow what the classes
 * were measured to take (docs/fair-shares.md). Three tiers decide who is shed first when a
 * gateway is saturated: `heavy` work first, then `normal`; `critical` (lookups, tiles, cheap
 * reads) is never shed for load, so one key's expensive work cannot take another key's lookups down.
 */
export type CostTier = 'critical' | 'normal' | 'heavy';

export type CostClass =
  | 'lookup'
  | 'search_gmina'
  | 'search_regional'
  | 'search_national'
  | 'assembly_gmina'
  | 'assembly_regional'
  | 'assembly_national'
  | 'batch'
  | 'batch_large'
  | 'report'
  | 'export';

export interface RequestCost {
  costClass: CostClass;
  units: number;
  tier: CostTier;
}

/** A batch of more ids than this is its own heavy class (its answer runs to megabytes). */
export const LARGE_BATCH_IDS = 100;

const FIXED: Record<Exclude<CostClass, 'batch' | 'batch_large'>, Omit<RequestCost, 'costClass'>> = {
  lookup: { units: 1, tier: 'critical' },
  search_gmina: { units: 3, tier: 'critical' },
  search_regional: { units: 10, tier: 'normal' },
  search_national: { units: 40, tier: 'heavy' },
  assembly_gmina: { units: 10, tier: 'normal' },
  assembly_regional: { units: 60, tier: 'heavy' },
  assembly_national: { units: 200, tier: 'heavy' },
  report: { units: 20, tier: 'normal' },
  export: { units: 100, tier: 'heavy' },
};

function fixed(costClass: keyof typeof FIXED): RequestCost {
  return { costClass, ...FIXED[costClass] };
}

type Body = Record<string, unknown> | undefined;

/** How wide a search reaches: a gmina or a box, a powiat or voivodeship, or all of Poland. */
function reach(body: Body): 'gmina' | 'regional' | 'national' {
  const region = body?.['region'];
  if (typeof region === 'string' && region.length > 0) return /^\d{7}$/.test(region) ? 'gmina' : 'regional';
  if (body?.['bbox'] !== undefined || body?.['parcel_ids'] !== undefined) return 'gmina';
  return 'national';
}

/** A batch costs by the ids asked and the blocks each carries. */
function batchCost(body: Body): RequestCost {
  const ids = Array.isArray(body?.['parcel_ids']) ? (body['parcel_ids'] as unknown[]).length : 1;
  const blocks = Array.isArray(body?.['include']) ? (body['include'] as unknown[]).length : 0;
  const units = 1 + Math.ceil((ids * (1 + blocks)) / 25);
  return ids > LARGE_BATCH_IDS ? { costClass: 'batch_large', units, tier: 'heavy' } : { costClass: 'batch', units, tier: 'normal' };
}

/**
 * The cost of one request to `route` (Fastify's route pattern) with `body`; `rateClass` is the
 * route's rate class (reports are costed as such wherever they live).
 */
export function requestCost(route: string, rateClass: string, body: unknown): RequestCost {
  const fields = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  if (route.endsWith('/export')) return fixed('export');
  if (route === '/v1/search/assemblies') return fixed(`assembly_${reach(fields)}`);
  if (route === '/v1/search/parcels') return fixed(`search_${reach(fields)}`);
  // a query in words names its place in the text: costed as a regional search unless the region says more
  if (route === '/v1/search/natural-language') return fixed(fields?.['region'] === undefined ? 'search_regional' : `search_${reach(fields)}`);
  if (route === '/v1/parcels/batch' || route === '/v1/parcels/compare') return batchCost(fields);
  if (rateClass === 'reports') return fixed('report');
  return fixed('lookup');
}
