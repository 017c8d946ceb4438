import {
  LAND_TYPES,
  PROPERTY_TYPES,
  TRANSACTIONS_RADIUS_DEFAULT_M,
  TRANSACTIONS_RADIUS_MAX_M,
  defaultTransactionsSince,
  type TransactionListView,
} from '@lp/contracts';
import { z } from 'zod';
import { GatewayError } from '../gateway/gateway-error.js';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { parcelIdInput } from './support/parcel-id-input.js';
import { regionInput, regionOutput, regionOutputOf, resolveRegion } from './support/region-resolver.js';
import { bulletList, formatArea, formatDistance, formatPrice } from './support/text-format.js';

/** Enough comparables for a model to reason about; the median and count cover all of them. */
const TRANSACTIONS_SHOWN = 20;

const outputSchema = z.object({
  parcel_id: z.string().nullable(),
  region: regionOutput.nullable(),
  radius_m: z.number().nullable().describe('Metres around the parcel; null for a region'),
  property_type: z.enum(PROPERTY_TYPES).nullable().describe('null: every type'),
  since: z.string().describe('Earliest deed date counted, YYYY-MM-DD'),
  count: z.number().int().describe('Every matching transaction, not only those listed'),
  median_price_per_sqm_pln: z.number().nullable().describe('Over every matching transaction; null when there are none. Land of different uses mixed: use land_type_medians for land'),
  land_type_medians: z
    .array(z.object({ land_type: z.enum(LAND_TYPES), count: z.number().int(), median_price_per_sqm_pln: z.number() }))
    .describe('The land transactions split by what the land was sold as (agricultural, building, other), each with its own median: farmland and building plots differ a hundredfold'),
  transactions: z
    .array(
      z.object({
        date: z.string(),
        property_type: z.string(),
        price_pln: z.number(),
        area_sqm: z.number(),
        price_per_sqm_pln: z.number(),
        land_type: z.enum(LAND_TYPES).nullable().describe('Land only: agricultural, building or other'),
        distance_m: z.number().nullable().describe('From the parcel; null for a region search'),
      }),
    )
    .describe(`Newest first, at most ${TRANSACTIONS_SHOWN}`),
  coverage: z.object({
    status: z.enum(['available', 'partial', 'missing']),
    note: z.string().describe('missing: there is no transaction data here, so a count of 0 says nothing about the market; tell the user'),
  }),
});

export const marketComparablesTool = defineTool({
  name: 'market_comparables',
  title: 'Recent transactions and median price per m²',
  description: [
    'Notarised property transactions around a parcel (within radius_m) or in a region (gmina, powiat or voivodeship), newest first, with the median price per m² over all of them.',
    'Give parcel_id or region (a place name or TERYT code), not both. property_type: land, building or apartment (default all).',
    `radius_m: default ${TRANSACTIONS_RADIUS_DEFAULT_M}, at most ${TRANSACTIONS_RADIUS_MAX_M}; since: YYYY-MM-DD, default two years ago.`,
    'Use it to judge a price level; few comparables make the median unreliable, say so. coverage missing means no transaction data there: 0 transactions then does not mean no market.',
  ].join(' '),
  scope: 'market:read',
  inputSchema: z.object({
    parcel_id: parcelIdInput.optional().describe('Transactions around this parcel'),
    region: regionInput.optional().describe('Transactions in this gmina, powiat or voivodeship (name or TERYT code)'),
    property_type: z.enum(PROPERTY_TYPES).optional(),
    radius_m: z.number().int().min(1).max(TRANSACTIONS_RADIUS_MAX_M).default(TRANSACTIONS_RADIUS_DEFAULT_M).describe(`Metres around the parcel (default ${TRANSACTIONS_RADIUS_DEFAULT_M}); ignored for a region`),
    since: z.iso.date().optional().describe('Earliest deed date, YYYY-MM-DD; default two years ago'),
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ parcel_id, region, property_type, radius_m, since }, ctx) {
    if ((parcel_id === undefined) === (region === undefined)) throw new GatewayError('invalid_request', 400, 'Give exactly one of parcel_id and region');
    const unit = region === undefined ? undefined : await resolveRegion(ctx.gateway, region);
    const effectiveSince = since ?? defaultTransactionsSince(new Date());
    const list = await ctx.gateway.get<TransactionListView>('/v1/market/transactions', {
      ...(parcel_id !== undefined ? { parcel_id, radius_m } : { region: unit!.teryt }),
      property_type,
      since: effectiveSince,
      limit: TRANSACTIONS_SHOWN,
    });
    const structured: z.output<typeof outputSchema> = {
      parcel_id: parcel_id ?? null,
      region: unit ? regionOutputOf(unit) : null,
      radius_m: parcel_id !== undefined ? radius_m : null,
      property_type: property_type ?? null,
      since: effectiveSince,
      count: list.count,
      median_price_per_sqm_pln: list.median_price_per_sqm_pln,
      land_type_medians: list.land_type_medians ?? [],
      transactions: list.transactions.map(({ date, property_type: type, price_pln, area_sqm, price_per_sqm_pln, land_type, distance_m }) => ({
        date,
        property_type: type,
        price_pln,
        area_sqm,
        price_per_sqm_pln,
        land_type: land_type ?? null,
        distance_m: distance_m ?? null,
      })),
      coverage: { status: list.coverage.status, note: coverageNote(list.coverage.status) },
    };
    const where = parcel_id !== undefined ? `within ${formatDistance(radius_m)} of parcel ${parcel_id}` : `in ${unit!.name} (${unit!.teryt})`;
    const lines = [
      `${list.count} ${property_type ?? 'property'} transaction(s) ${where} since ${effectiveSince}; median ${formatPrice(list.median_price_per_sqm_pln)}.`,
      ...(structured.land_type_medians.length > 0
        ? [`Land by type (never priced together): ${structured.land_type_medians.map((g) => `${g.land_type} ${formatPrice(g.median_price_per_sqm_pln)} (${g.count})`).join('; ')}.`]
        : []),
      ...bulletList(structured.transactions, (t) => `${t.date} ${t.property_type}: ${t.price_pln} PLN for ${formatArea(t.area_sqm)} (${formatPrice(t.price_per_sqm_pln)})${t.distance_m === null ? '' : `, ${formatDistance(t.distance_m)} away`}`, 10),
      ...(list.coverage.status === 'available' ? [] : [`Coverage ${list.coverage.status} (tell the user): ${structured.coverage.note}`]),
    ];
    return { structuredContent: structured, text: lines.join('\n') };
  },
});

function coverageNote(status: 'available' | 'partial' | 'missing'): string {
  if (status === 'available') return 'Transaction data covers this area.';
  if (status === 'partial') return 'Transaction data covers only part of this area: the count and median may be incomplete.';
  return 'There is no transaction data here: the count and median say nothing about the market.';
}
