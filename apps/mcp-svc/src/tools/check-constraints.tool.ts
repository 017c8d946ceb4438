import { CONSTRAINTS_BUFFER_DEFAULT_M, CONSTRAINTS_BUFFER_MAX_M, type ConstraintsView } from '@lp/contracts';
import { z } from 'zod';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { coverageGapLines, coverageGapsField, coverageGapsOf } from './support/coverage-gaps.js';
import { mapUrlFor, parcelPath } from './support/parcel-links.js';
import { parcelIdInput } from './support/parcel-id-input.js';
import { bulletList, formatDistance } from './support/text-format.js';

const outputSchema = z.object({
  parcel_id: z.string(),
  blocking: z.boolean().describe('true when at least one constraint normally prevents development'),
  buffer_m: z.number().describe('Metres around the parcel that were searched'),
  items: z
    .array(
      z.object({
        severity: z.enum(['blocking', 'restrictive', 'informational']),
        topic: z.string().describe('natura2000, flood_risk, heritage, mining, aviation, groundwater, wind_setback, ...'),
        name: z.string(),
        kind: z.string(),
        layer: z.string(),
        overlap_pct: z.number().describe('Share of the parcel inside the area; 0 when only within the buffer'),
        distance_m: z.number().describe('0 when overlapping'),
      }),
    )
    .describe('Blocking first, then restrictive, then informational'),
  topics_checked: z.array(z.string()),
  map_url: z.string(),
  data_gaps: coverageGapsField,
});

export const checkConstraintsTool = defineTool({
  name: 'check_constraints',
  title: 'Environmental and legal constraints on a parcel',
  description: [
    'Environmental and legal constraints on one parcel or within buffer_m around it: Natura 2000, national and landscape parks, reserves, flood-risk zones, wetlands, heritage protection, mining areas, aviation obstacle surfaces, groundwater protection, wind-turbine setbacks.',
    'Each item has a severity (blocking: normally prevents development; restrictive: allowed under conditions; informational), the share of the parcel it overlaps or its distance.',
    `buffer_m: 0 to ${CONSTRAINTS_BUFFER_MAX_M}, default ${CONSTRAINTS_BUFFER_DEFAULT_M}.`,
    'An empty list means "none found" only for layers with data here; data_gaps lists the constraint layers without data at this parcel: those risks are unknown, tell the user.',
  ].join(' '),
  scope: 'parcels:read',
  inputSchema: z.object({
    parcel_id: parcelIdInput,
    buffer_m: z.number().int().min(0).max(CONSTRAINTS_BUFFER_MAX_M).default(CONSTRAINTS_BUFFER_DEFAULT_M).describe(`Metres around the parcel to look at, 0 to ${CONSTRAINTS_BUFFER_MAX_M} (default ${CONSTRAINTS_BUFFER_DEFAULT_M})`),
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ parcel_id, buffer_m }, ctx) {
    const view = await ctx.gateway.get<ConstraintsView>(parcelPath(parcel_id, '/constraints'), { buffer_m });
    const gaps = coverageGapsOf(view.coverage);
    const structured: z.output<typeof outputSchema> = {
      parcel_id,
      blocking: view.blocking,
      buffer_m: view.buffer_m,
      items: view.items.map(({ severity, topic, name, kind, layer, overlap_pct, distance_m }) => ({ severity, topic, name, kind, layer, overlap_pct, distance_m })),
      topics_checked: view.topics_checked,
      map_url: mapUrlFor(ctx.appUrl, parcel_id),
      data_gaps: gaps,
    };
    const head =
      view.items.length === 0
        ? `No constraint found on parcel ${parcel_id} or within ${view.buffer_m} m (for the layers with data here).`
        : `Parcel ${parcel_id}: ${view.blocking ? 'BLOCKED by at least one constraint' : 'no blocking constraint'}; ${view.items.length} constraint(s) within ${view.buffer_m} m:`;
    const lines = bulletList(structured.items, (item) => `${item.severity}: ${item.name} (${item.topic}), ${item.overlap_pct > 0 ? `${item.overlap_pct} % of the parcel` : `${formatDistance(item.distance_m)} away`}`, 15);
    return { structuredContent: structured, text: [head, ...lines, ...coverageGapLines(gaps)].join('\n') };
  },
});
