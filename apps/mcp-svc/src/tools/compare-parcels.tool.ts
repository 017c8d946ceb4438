import {
  COMPARE_GAP_REASONS,
  COMPARE_MAX_IDS,
  COMPARE_MIN_IDS,
  PARCEL_ID_EXAMPLE,
  PARCEL_ID_PATTERN,
  SCENARIO_ID_MESSAGE,
  SCENARIO_ID_PATTERN,
  type ComparisonRowView,
  type CompareParcelsRequest,
  type ParcelComparisonView,
} from '@lp/contracts';
import { z } from 'zod';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { mapUrlFor } from './support/parcel-links.js';
import { formatArea, formatDistance } from './support/text-format.js';

const COMPARE_PATH = '/v1/parcels/compare';

const optionalNumber = (description: string) => z.number().optional().describe(`${description}; absent: unknown, see gaps`);

const rowSchema = z.object({
  parcel_id: z.string(),
  gmina: z.string(),
  area_sqm: z.number(),
  zoning: z.string().describe('Zone symbol and category, "no plan", or "unknown"'),
  blocking_constraints: z.number().int(),
  restrictive_constraints: z.number().int(),
  slope_mean_pct: optionalNumber('Mean slope, %'),
  elevation_mean_m: optionalNumber('Mean elevation, m'),
  substation_m: optionalNumber('Metres to the nearest substation'),
  transit_stop_m: optionalNumber('Metres to the nearest transit stop'),
  school_m: optionalNumber('Metres to the nearest school'),
  water_m: optionalNumber('Metres to the nearest river, canal, lake or reservoir'),
  scenario_fit: z
    .object({ passes: z.boolean(), failed_criteria: z.array(z.string()), unverified_criteria: z.array(z.string()) })
    .optional()
    .describe('When a scenario was given; unverified criteria lack data and must be mentioned'),
  gaps: z.array(z.object({ column: z.string(), reason: z.enum(COMPARE_GAP_REASONS), note: z.string() })).describe('Cells that are unknown or uncertain, and why: tell the user'),
  map_url: z.string(),
});

const outputSchema = z.object({
  scenario: z.string().nullable(),
  rows: z.array(rowSchema).describe('One row per parcel, in the order asked'),
  best: z.record(z.string(), z.object({ value: z.number(), parcel_ids: z.array(z.string()) })).describe('Best value per comparable column (largest area, fewest constraints, flattest, closest)'),
  scenario_passes: z.array(z.string()).nullable().describe('Parcels passing the scenario; null without a scenario'),
  missing: z.array(z.string()).describe('Requested ids that are not parcels'),
});
type Comparison = z.output<typeof outputSchema>;

export const compareParcelsTool = defineTool({
  name: 'compare_parcels',
  title: 'Compare parcels side by side',
  description: [
    `Compares ${COMPARE_MIN_IDS} to ${COMPARE_MAX_IDS} parcels side by side, one table-ready row each: area, zoning, number of blocking and restrictive constraints, slope, elevation, and distances to the nearest substation, transit stop, school and water; with scenario, whether each parcel passes that scenario's hard criteria and which fail.`,
    'best names the parcel(s) with the best value per column. Use it after a search or when the user names several parcels; present it as a table.',
    'An absent cell is unknown (no data), not zero: its reason is in the row\'s gaps; tell the user. Unknown ids are listed in missing.',
  ].join(' '),
  scope: 'parcels:read',
  inputSchema: z.object({
    // Unlike the single-parcel tools, compare takes EGiB ids only, no parcel numbers in words.
    parcel_ids: z
      .array(z.string().trim().regex(PARCEL_ID_PATTERN, `each parcel id must be an EGiB id such as ${PARCEL_ID_EXAMPLE} (locate_parcel finds it)`))
      .min(COMPARE_MIN_IDS)
      .max(COMPARE_MAX_IDS)
      .describe(`${COMPARE_MIN_IDS} to ${COMPARE_MAX_IDS} EGiB parcel ids (from locate_parcel or a search), no repeats`),
    scenario: z.string().trim().regex(SCENARIO_ID_PATTERN, SCENARIO_ID_MESSAGE).optional().describe('Scenario id (list_scenarios) to judge each parcel against'),
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ parcel_ids, scenario }, ctx) {
    const request: CompareParcelsRequest = { parcel_ids: [...new Set(parcel_ids)], ...(scenario ? { scenario } : {}) };
    const comparison = await ctx.gateway.post<ParcelComparisonView>(COMPARE_PATH, request);
    const { scenario_passes, ...best } = comparison.best;
    const structured: Comparison = {
      scenario: comparison.scenario ?? null,
      rows: comparison.rows.map((row) => rowOf(row, mapUrlFor(ctx.appUrl, row.parcel_id))),
      best: Object.fromEntries(Object.entries(best).filter((entry): entry is [string, NonNullable<(typeof entry)[1]>] => entry[1] !== undefined)),
      scenario_passes: scenario_passes ?? null,
      missing: comparison.missing,
    };
    return { structuredContent: structured, text: render(structured) };
  },
});

function rowOf(row: ComparisonRowView, mapUrl: string): Comparison['rows'][number] {
  const optional = <K extends 'slope_mean_pct' | 'elevation_mean_m' | 'substation_m' | 'transit_stop_m' | 'school_m' | 'water_m'>(key: K) =>
    row[key] === undefined ? {} : { [key]: row[key] };
  return {
    parcel_id: row.parcel_id,
    gmina: row.gmina,
    area_sqm: row.area_sqm,
    zoning: zoningOf(row),
    blocking_constraints: row.blocking_constraints,
    restrictive_constraints: row.restrictive_constraints,
    ...optional('slope_mean_pct'),
    ...optional('elevation_mean_m'),
    ...optional('substation_m'),
    ...optional('transit_stop_m'),
    ...optional('school_m'),
    ...optional('water_m'),
    ...(row.scenario_fit
      ? { scenario_fit: { passes: row.scenario_fit.passes, failed_criteria: row.scenario_fit.failed_criteria, unverified_criteria: row.scenario_fit.unverified_criteria } }
      : {}),
    gaps: row.gaps.map(({ column, reason, note }) => ({ column, reason, note })),
    map_url: mapUrl,
  };
}

function zoningOf(row: ComparisonRowView): string {
  const zone = [row.zoning_symbol, row.zoning_category ? `(${row.zoning_category})` : undefined].filter(Boolean).join(' ');
  switch (row.zoning_source) {
    case 'local_plan':
      return `local plan ${zone}`.trim();
    case 'general_plan':
      return `no local plan; general plan ${zone}`.trim();
    case 'none':
      return 'no plan (WZ decision needed)';
    default:
      return 'unknown (no plan data)';
  }
}

function render(comparison: Comparison): string {
  const cell = (value: number | undefined, format: (n: number) => string) => (value === undefined ? '?' : format(value));
  const header = `| parcel | gmina | area | zoning | blocking | restrictive | slope % | substation | transit | school | water |${comparison.scenario ? ` ${comparison.scenario} |` : ''}`;
  const rows = comparison.rows.map(
    (row) =>
      `| ${row.parcel_id} | ${row.gmina} | ${formatArea(row.area_sqm)} | ${row.zoning} | ${row.blocking_constraints} | ${row.restrictive_constraints} | ${cell(row.slope_mean_pct, String)} | ` +
      `${cell(row.substation_m, formatDistance)} | ${cell(row.transit_stop_m, formatDistance)} | ${cell(row.school_m, formatDistance)} | ${cell(row.water_m, formatDistance)} |` +
      (comparison.scenario ? ` ${row.scenario_fit ? (row.scenario_fit.passes ? 'passes' : `fails: ${row.scenario_fit.failed_criteria.join(', ')}`) : '?'} |` : ''),
  );
  const best = Object.entries(comparison.best).map(([column, value]) => `${column}: ${value.parcel_ids.join(', ')}`);
  const gaps = comparison.rows.flatMap((row) => row.gaps.map((gap) => `- ${row.parcel_id} ${gap.column}: ${gap.note}`));
  return [
    header,
    `|${' --- |'.repeat(header.split('|').length - 2)}`,
    ...rows,
    ...(best.length > 0 ? [`Best: ${best.join('; ')}.`] : []),
    ...(comparison.missing.length > 0 ? [`Not found: ${comparison.missing.join(', ')}.`] : []),
    ...(gaps.length > 0 ? ['Unknown or uncertain cells (tell the user; "?" is unknown, not zero):', ...gaps] : []),
  ].join('\n');
}
