import type { GeocodeCandidateView, ParcelFeatureView } from '@lp/contracts';
import { z } from 'zod';
import { GatewayError } from '../gateway/gateway-error.js';
import type { GatewayClient } from '../gateway/gateway.client.js';
import { READ_ONLY_TOOL, defineTool, type ToolContext } from './tool-definition.js';
import { mapUrlFor, parcelPath } from './support/parcel-links.js';
import { bulletList, formatArea, formatDistance } from './support/text-format.js';

/** The spec: the best match plus up to 5 alternatives. */
const MAX_ALTERNATIVES = 5;

const bestSchema = z.object({
  parcel_id: z.string().describe('EGiB id: pass it to the other parcel tools'),
  number: z.string().describe('Parcel number within its precinct'),
  precinct: z.string().describe('Cadastral precinct (obręb) name or id'),
  gmina: z.string(),
  teryt: z.string(),
  area_sqm: z.number(),
  distance_m: z.number().nullable().describe('From the given point or address point to the parcel; 0 inside it; null when located by parcel number'),
  address: z.string().nullable().describe('The matched address, when located by address'),
  map_url: z.string(),
});

const alternativeSchema = z.object({
  label: z.string().describe('The address or parcel, in words'),
  parcel_id: z.string().nullable().describe('The parcel at that address; null when none contains the address point'),
  map_url: z.string().nullable(),
});

const outputSchema = z.object({
  matched_by: z.enum(['address', 'point', 'parcel']),
  best: bestSchema,
  alternatives: z.array(alternativeSchema).max(MAX_ALTERNATIVES).describe('Other plausible matches, best first: ask the user when the best one may be wrong'),
});
type Located = z.output<typeof outputSchema>;

export const locateParcelTool = defineTool({
  name: 'locate_parcel',
  title: 'Locate a parcel from an address, a point or a parcel number',
  description: [
    'Turns what a person knows into a parcel id: an address ("ul. Głogowska 12, Poznań"), WGS84 coordinates (lat and lng), or a parcel reference (a full EGiB id such as "306401_1.0007.AR_1.34/1", or a number with precinct or gmina in words such as "34/1, obręb Chartowo, Poznań").',
    'Give exactly one of address, parcel, or lat with lng. Returns the best match and up to 5 alternatives; when the alternatives are close, confirm with the user.',
    'A point outside every parcel falls back to the nearest parcel within 200 m. An unknown or ambiguous parcel reference returns an error listing candidates. Use the returned parcel_id with get_parcel and the other parcel tools.',
  ].join(' '),
  scope: 'parcels:read',
  inputSchema: z.object({
    address: z.string().trim().min(1).max(200).optional().describe('Free-text address in Poland'),
    lat: z.number().min(-90).max(90).optional().describe('Latitude, WGS84 (with lng)'),
    lng: z.number().min(-180).max(180).optional().describe('Longitude, WGS84 (with lat)'),
    parcel: z.string().trim().min(1).max(200).optional().describe('Full parcel id, or a parcel number with precinct or gmina in words'),
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ address, lat, lng, parcel }, ctx) {
    const ways = [address !== undefined, parcel !== undefined, lat !== undefined || lng !== undefined].filter(Boolean).length;
    if (ways !== 1 || (lat === undefined) !== (lng === undefined)) {
      throw new GatewayError('invalid_request', 400, 'Give exactly one of: address, parcel, or both lat and lng');
    }
    const located = parcel !== undefined ? await byParcel(ctx, parcel) : address !== undefined ? await byAddress(ctx, address) : await byPoint(ctx, lat!, lng!);
    return { structuredContent: located, text: render(located) };
  },
});

async function byParcel(ctx: ToolContext, reference: string): Promise<Located> {
  const feature = await ctx.gateway.get<ParcelFeatureView>(parcelPath(reference));
  return { matched_by: 'parcel', best: bestOf(ctx, feature, null, null), alternatives: [] };
}

async function byPoint(ctx: ToolContext, lat: number, lng: number): Promise<Located> {
  const feature = await parcelAt(ctx.gateway, lat, lng, `No parcel lies within 200 m of ${lat}, ${lng}. Check the coordinates (lat and lng in WGS84, not swapped) with the user`);
  return { matched_by: 'point', best: bestOf(ctx, feature, feature.properties.distance_m ?? 0, null), alternatives: [] };
}

async function byAddress(ctx: ToolContext, address: string): Promise<Located> {
  const candidates = await ctx.gateway.get<GeocodeCandidateView[]>('/v1/geocode', { q: address });
  const [first, ...rest] = candidates;
  if (!first) throw new GatewayError('not_found', 404, `No address in Poland matches "${address}". Ask the user for the street, house number and locality, or for the parcel number`);
  // The parcel containing the address point, else the nearest one to it (within 200 m).
  const feature = first.parcel_id
    ? await ctx.gateway.get<ParcelFeatureView>(parcelPath(first.parcel_id))
    : await parcelAt(ctx.gateway, first.lat, first.lng, `The address ${first.label} was found, but no parcel lies within 200 m of it`);
  return {
    matched_by: 'address',
    best: bestOf(ctx, feature, first.parcel_id ? 0 : (feature.properties.distance_m ?? 0), first.label),
    alternatives: rest.slice(0, MAX_ALTERNATIVES).map((candidate) => ({
      label: candidate.label,
      parcel_id: candidate.parcel_id,
      map_url: candidate.parcel_id ? mapUrlFor(ctx.appUrl, candidate.parcel_id) : null,
    })),
  };
}

async function parcelAt(gateway: GatewayClient, lat: number, lng: number, notFound: string): Promise<ParcelFeatureView> {
  try {
    return await gateway.get<ParcelFeatureView>('/v1/parcels/at', { lat, lng });
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'not_found') throw new GatewayError('not_found', 404, notFound, [], undefined, error.requestId);
    throw error;
  }
}

function bestOf(ctx: ToolContext, feature: ParcelFeatureView, distanceM: number | null, address: string | null): Located['best'] {
  const { properties } = feature;
  return {
    parcel_id: properties.parcel_id,
    number: properties.number,
    precinct: properties.precinct_name ?? properties.precinct_id,
    gmina: properties.gmina,
    teryt: properties.teryt,
    area_sqm: properties.area_sqm,
    distance_m: distanceM,
    address,
    map_url: mapUrlFor(ctx.appUrl, properties.parcel_id),
  };
}

function render(located: Located): string {
  const { best } = located;
  const via = located.matched_by === 'address' ? ` for ${best.address}` : located.matched_by === 'point' ? ` (${best.distance_m ? `${formatDistance(best.distance_m)} from the point` : 'contains the point'})` : '';
  const lines = [`Best match${via}: parcel ${best.parcel_id} (number ${best.number}, precinct ${best.precinct}, ${best.gmina}), ${formatArea(best.area_sqm)}. ${best.map_url}`];
  if (located.matched_by === 'address' && best.distance_m) lines.push(`No parcel contains the address point; this is the nearest, ${formatDistance(best.distance_m)} away.`);
  if (located.alternatives.length > 0) {
    lines.push('Alternatives:', ...bulletList(located.alternatives, (alternative) => `${alternative.label}${alternative.parcel_id ? ` → ${alternative.parcel_id}` : ' (no parcel)'}`));
  }
  return lines.join('\n');
}
