import { PROXIMITY_KINDS, type ProximityView } from '@lp/contracts';
import { z } from 'zod';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { coverageGapLines, coverageGapsField, coverageGapsOf } from './support/coverage-gaps.js';
import { mapUrlFor, parcelPath } from './support/parcel-links.js';
import { parcelIdInput } from './support/parcel-id-input.js';
import { formatDistance } from './support/text-format.js';

const KIND_IDS = PROXIMITY_KINDS.map((kind) => kind.id) as [string, ...string[]];

const outputSchema = z.object({
  parcel_id: z.string(),
  nearest: z
    .array(
      z.object({
        kind: z.string(),
        name: z.string().nullable(),
        distance_m: z.number().describe('Straight line from the parcel boundary; 0 when touching or inside'),
        attributes: z.record(z.string(), z.unknown()).describe('What matters for the kind, e.g. voltage_kv of a substation, available_mw of a grid node'),
      }),
    )
    .describe('Nearest feature per kind'),
  none_within: z.array(z.object({ kind: z.string(), searched_within_m: z.number() })).describe('Kinds with data here but nothing within the search radius'),
  map_url: z.string(),
  data_gaps: coverageGapsField,
});

export const nearbyTool = defineTool({
  name: 'nearby',
  title: 'Distances from a parcel to the nearest infrastructure',
  description: [
    'Straight-line distance from one parcel to the nearest feature of each kind of infrastructure, with the attributes that matter (substation voltage, available grid capacity in MW, stop departures, road numbers, ...).',
    `Kinds: ${PROXIMITY_KINDS.map((kind) => `${kind.id} (${kind.label})`).join(', ')}. Default: all kinds.`,
    'Distances are straight lines, not road distances. none_within lists kinds with nothing within 50 km; data_gaps lists kinds whose layer has no data around the parcel: unknown, not absent, tell the user.',
  ].join(' '),
  scope: 'parcels:read',
  inputSchema: z.object({
    parcel_id: parcelIdInput,
    kinds: z.array(z.enum(KIND_IDS)).min(1).max(KIND_IDS.length).optional().describe('Which kinds to report; default all'),
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ parcel_id, kinds }, ctx) {
    const view = await ctx.gateway.get<ProximityView>(parcelPath(parcel_id, '/proximity'), kinds ? { kinds: [...new Set(kinds)].join(',') } : undefined);
    const gaps = coverageGapsOf(view.coverage);
    const structured: z.output<typeof outputSchema> = {
      parcel_id,
      nearest: view.items.map(({ kind, name, distance_m, attributes }) => ({ kind, name, distance_m, attributes })),
      none_within: view.not_found.map(({ kind, searched_within_m }) => ({ kind, searched_within_m })),
      map_url: mapUrlFor(ctx.appUrl, parcel_id),
      data_gaps: gaps,
    };
    const lines = [
      `Nearest to parcel ${parcel_id}:`,
      ...structured.nearest.map((item) => `- ${item.kind}: ${formatDistance(item.distance_m)}${item.name ? ` (${item.name})` : ''}${attributesText(item.attributes)}`),
      ...structured.none_within.map((item) => `- ${item.kind}: none within ${formatDistance(item.searched_within_m)}`),
      ...coverageGapLines(gaps),
    ];
    return { structuredContent: structured, text: lines.join('\n') };
  },
});

function attributesText(attributes: Record<string, unknown>): string {
  const shown = Object.entries(attributes).filter(([, value]) => value !== null && value !== undefined && typeof value !== 'object');
  return shown.length > 0 ? `, ${shown.map(([name, value]) => `${name} ${String(value)}`).join(', ')}` : '';
}
