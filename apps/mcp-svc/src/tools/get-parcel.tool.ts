import type { ParcelFeatureView } from '@lp/contracts';
import { z } from 'zod';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { coverageGapLines, coverageGapsField, coverageGapsOf, mergeGaps } from './support/coverage-gaps.js';
import { mapUrlFor, parcelPath } from './support/parcel-links.js';
import { parcelIdInput } from './support/parcel-id-input.js';
import { formatArea, formatDistance } from './support/text-format.js';
import { zoningSummary } from './support/zoning-summary.js';

/**
 * Proximity kinds behind the spec's `nearest` fields. A substation is one of at least 110 kV, as
 * the spec reads "near a substation": a 15 kV transformer station next door says nothing about a
 * grid connection (`nearby` lists both).
 */
const NEAREST = { transit_stop_m: 'transit_stop', school_m: 'school', power_substation_m: 'hv_substation' } as const;

const distanceField = z
  .number()
  .nullable()
  .optional()
  .describe('Metres, straight line; null: none within 50 km; absent: no data for that layer here (see data_gaps)');

const outputSchema = z.object({
  parcel_id: z.string(),
  gmina: z.string(),
  teryt: z.string().describe('TERYT code of the gmina'),
  precinct: z.string().describe('Cadastral precinct (obręb)'),
  area_sqm: z.number(),
  land_use_classes: z.array(z.string()).describe('EGiB land-use and soil classes, e.g. "R IIIa" arable, "Ł IV" meadow, "B" built-up'),
  ownership: z
    .object({
      status: z.enum(['known', 'unknown']),
      registration_group: z.string().optional().describe('EGiB registration group 1-16 (Dz.U. 2021 poz. 1390), only when known'),
      label: z.string().optional().describe('The group in words, e.g. "Natural persons (private individuals)"'),
      generated: z.boolean().describe('True: generated demo data, not read from a land register; say so'),
    })
    .describe('Who owns the parcel, as its EGiB registration group; unknown is not "no owner" and not "private": say it is not known'),
  zoning: z.string().describe('Planning status in words: local plan zone, no plan (WZ decision needed), or unknown'),
  blocking_constraints: z
    .array(z.object({ name: z.string(), kind: z.string(), layer: z.string(), overlap_pct: z.number(), distance_m: z.number() }))
    .describe('Constraints that normally prevent development (check_constraints gives all severities)'),
  terrain: z.object({
    slope_mean_pct: z.number().optional().describe('Absent: no terrain data here (see data_gaps)'),
    elevation_m: z.number().optional().describe('Mean elevation; absent: no terrain data here'),
  }),
  nearest: z.object({ transit_stop_m: distanceField, school_m: distanceField, power_substation_m: distanceField.describe('Substation of at least 110 kV (HV/EHV); MV transformer stations are not counted (see nearby). Metres, straight line; null: none within 50 km; absent: no data') }),
  map_url: z.string(),
  data_gaps: coverageGapsField,
});
type ParcelEssentials = z.output<typeof outputSchema>;

export const getParcelTool = defineTool({
  name: 'get_parcel',
  title: 'Essential facts of one parcel',
  description: [
    'The essential facts of one parcel in one call: gmina, area, land-use classes, zoning summary, blocking constraints, slope and elevation, distances to the nearest transit stop, school and substation, and a map link.',
    'Start here for any question about a specific parcel; then use check_regulations, check_constraints, nearby or market_comparables for detail.',
    'parcel_id is the EGiB id (from locate_parcel or a search); a number with precinct or gmina in words also works ("34/1, obręb Chartowo, Poznań"). An unknown id returns an error with similar ids.',
    'data_gaps lists layers without data at this parcel: those facts are unknown, not absent; tell the user.',
  ].join(' '),
  scope: 'parcels:read',
  inputSchema: z.object({ parcel_id: parcelIdInput }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ parcel_id }, ctx) {
    const feature = await ctx.gateway.get<ParcelFeatureView>(parcelPath(parcel_id), { include: 'regulations,constraints,terrain,proximity' });
    const essentials = essentialsOf(feature, mapUrlFor(ctx.appUrl, feature.properties.parcel_id));
    return { structuredContent: essentials, text: render(essentials) };
  },
});

function ownershipOf(ownership: ParcelFeatureView['properties']['ownership'] | undefined): ParcelEssentials['ownership'] {
  if (!ownership || ownership.status !== 'known') return { status: 'unknown', generated: ownership?.source.generated ?? false };
  return { status: 'known', registration_group: ownership.registration_group, label: ownership.label_en, generated: ownership.source.generated };
}

function ownershipLine(ownership: ParcelEssentials['ownership']): string {
  if (ownership.status !== 'known') return 'unknown (the land register gives no registration group here; not "no owner").';
  return `EGiB registration group ${ownership.registration_group}, ${ownership.label}${ownership.generated ? ' (generated demo data, not a register extract)' : ''}.`;
}

export function essentialsOf(feature: ParcelFeatureView, mapUrl: string): ParcelEssentials {
  const { properties } = feature;
  const { regulations, constraints, terrain, proximity } = properties;
  const nearest: ParcelEssentials['nearest'] = {};
  for (const [field, kind] of Object.entries(NEAREST) as Array<[keyof typeof NEAREST, string]>) {
    const item = proximity?.items.find((candidate) => candidate.kind === kind);
    if (item) nearest[field] = item.distance_m;
    else if (proximity?.not_found.some((candidate) => candidate.kind === kind)) nearest[field] = null;
  }
  return {
    parcel_id: properties.parcel_id,
    gmina: properties.gmina,
    teryt: properties.teryt,
    precinct: properties.precinct_name ?? properties.precinct_id,
    area_sqm: properties.area_sqm,
    land_use_classes: properties.land_use_classes ?? [],
    ownership: ownershipOf(properties.ownership),
    zoning: regulations ? zoningSummary(regulations) : 'Unknown.',
    blocking_constraints: (constraints?.items ?? [])
      .filter((item) => item.severity === 'blocking')
      .map(({ name, kind, layer, overlap_pct, distance_m }) => ({ name, kind, layer, overlap_pct, distance_m })),
    terrain: {
      ...(terrain?.slope_mean_pct !== undefined ? { slope_mean_pct: terrain.slope_mean_pct } : {}),
      ...(terrain?.elevation_mean_m !== undefined ? { elevation_m: terrain.elevation_mean_m } : {}),
    },
    nearest,
    map_url: mapUrl,
    data_gaps: mergeGaps(
      coverageGapsOf(regulations?.coverage ?? []),
      coverageGapsOf(constraints?.coverage ?? []),
      coverageGapsOf(terrain?.coverage ?? []),
      coverageGapsOf(proximity?.coverage ?? []),
    ),
  };
}

function render(parcel: ParcelEssentials): string {
  const distance = (value: number | null | undefined): string => (value === undefined ? 'unknown (no data)' : value === null ? 'none within 50 km' : formatDistance(value));
  const terrain =
    parcel.terrain.slope_mean_pct === undefined ? 'terrain unknown (no data)' : `mean slope ${parcel.terrain.slope_mean_pct} %${parcel.terrain.elevation_m === undefined ? '' : `, elevation ${parcel.terrain.elevation_m} m`}`;
  return [
    `Parcel ${parcel.parcel_id} in ${parcel.gmina} (precinct ${parcel.precinct}), ${formatArea(parcel.area_sqm)}${parcel.land_use_classes.length > 0 ? `, land use ${parcel.land_use_classes.join(', ')}` : ''}.`,
    `Owner: ${ownershipLine(parcel.ownership)}`,
    `Zoning: ${parcel.zoning}`,
    parcel.blocking_constraints.length > 0
      ? `Blocking constraints: ${parcel.blocking_constraints.map((item) => `${item.name} (${item.overlap_pct > 0 ? `${item.overlap_pct} % overlap` : `${formatDistance(item.distance_m)} away`})`).join('; ')}.`
      : 'No blocking constraint found.',
    `Terrain: ${terrain}.`,
    `Nearest: transit stop ${distance(parcel.nearest.transit_stop_m)}, school ${distance(parcel.nearest.school_m)}, substation of 110 kV or more ${distance(parcel.nearest.power_substation_m)}.`,
    `Map: ${parcel.map_url}`,
    ...coverageGapLines(parcel.data_gaps),
  ].join('\n');
}
