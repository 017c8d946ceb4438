import {
  LAND_TYPES,
  REPORT_LANGUAGE_DEFAULT,
  REPORT_LANGUAGES,
  SCENARIO_ID_MESSAGE,
  SCENARIO_ID_PATTERN,
  type CreateReportLinkBody,
  type ParcelReportView,
  type ReportLinkView,
} from '@lp/contracts';
import { z } from 'zod';
import { GatewayError } from '../gateway/gateway-error.js';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { coverageGapLines, coverageGapsField, coverageGapsOf } from './support/coverage-gaps.js';
import { mapUrlFor, parcelPath } from './support/parcel-links.js';
import { parcelIdInput } from './support/parcel-id-input.js';
import { formatPrice } from './support/text-format.js';

const outputSchema = z.object({
  parcel_id: z.string().describe('EGiB parcel id; the id as given when this key may not read the JSON report'),
  pdf_url: z.string().describe('Shareable link to the PDF report; opens without an API key until expires_at'),
  expires_at: z.string(),
  language: z.enum(REPORT_LANGUAGES),
  summary: z.string().nullable().describe('The report summary in words; null when this key may not read the JSON report'),
  scenario_fit: z
    .object({ scenario: z.string(), passes: z.boolean(), failed_criteria: z.array(z.string()), unverified_criteria: z.array(z.string()) })
    .nullable()
    .describe('When a scenario was given: whether the parcel passes its hard criteria'),
  market: z
    .object({
      median_price_per_sqm_pln: z.number().nullable(),
      comparables: z.number().nullable(),
      land_type_medians: z
        .array(z.object({ land_type: z.enum(LAND_TYPES), count: z.number().int(), median_price_per_sqm_pln: z.number() }))
        .describe('Land comparables split by what the land was sold as, each with its own median: quote these, not the median over all'),
    })
    .nullable(),
  data_gaps: coverageGapsField,
  map_url: z.string(),
});
type Report = z.output<typeof outputSchema>;

export const parcelReportTool = defineTool({
  name: 'parcel_report',
  title: 'Due-diligence report of a parcel (shareable PDF)',
  description: [
    'Creates the due-diligence report of one parcel (zoning, constraints, terrain, infrastructure, market prices, data sources and gaps, with a map) and returns a shareable link to the PDF plus the summary in words.',
    'Use it when the user wants a document to keep or share; for answers in the conversation get_parcel and the check_* tools are enough. The link opens without an API key and expires (expires_at): give the user the link and the expiry.',
    'scenario adds a scenario-fit section (passes, failed criteria); language en or pl (default en). Needs the reports:create scope.',
  ].join(' '),
  scope: 'reports:create',
  inputSchema: z.object({
    parcel_id: parcelIdInput,
    scenario: z.string().trim().regex(SCENARIO_ID_PATTERN, SCENARIO_ID_MESSAGE).optional().describe('Scenario id (list_scenarios) for the scenario-fit section'),
    language: z.enum(REPORT_LANGUAGES).default(REPORT_LANGUAGE_DEFAULT).describe('Language of the report: en or pl'),
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ parcel_id, scenario, language }, ctx) {
    const options = { ...(scenario ? { scenario } : {}), language } satisfies CreateReportLinkBody;
    const link = await ctx.gateway.post<ReportLinkView>(parcelPath(parcel_id, '/report/link'), options);
    const report = await readReportIfAllowed(() => ctx.gateway.get<ParcelReportView>(parcelPath(parcel_id, '/report'), options));
    // The input may be a parcel number in words; the report resolves it to the EGiB id.
    const resolvedId = report?.parcel.properties.parcel_id ?? parcel_id;
    const structured: Report = {
      parcel_id: resolvedId,
      pdf_url: link.url,
      expires_at: link.expires_at,
      language,
      summary: report?.summary ?? null,
      scenario_fit: report?.scenario_fit
        ? { scenario: report.scenario_fit.scenario, passes: report.scenario_fit.passes, failed_criteria: report.scenario_fit.failed_criteria, unverified_criteria: report.scenario_fit.unverified_criteria }
        : null,
      market: report
        ? { median_price_per_sqm_pln: report.market.median_price_per_sqm_pln ?? null, comparables: report.market.comparables ?? null, land_type_medians: report.market.land_type_medians ?? [] }
        : null,
      data_gaps: coverageGapsOf(report?.coverage_gaps ?? []),
      map_url: mapUrlFor(ctx.appUrl, resolvedId),
    };
    return { structuredContent: structured, text: render(structured) };
  },
});

/** The JSON report needs parcels:read, the link reports:create; with the link alone the link is still the answer. */
async function readReportIfAllowed(read: () => Promise<ParcelReportView>): Promise<ParcelReportView | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'insufficient_scope') return null;
    throw error;
  }
}

function render(report: Report): string {
  const fit = report.scenario_fit
    ? report.scenario_fit.passes
      ? `Scenario ${report.scenario_fit.scenario}: passes.`
      : `Scenario ${report.scenario_fit.scenario}: fails (${report.scenario_fit.failed_criteria.join(', ') || 'unverified criteria'}).`
    : undefined;
  const unverified = report.scenario_fit && report.scenario_fit.unverified_criteria.length > 0 ? `Could not be checked for lack of data: ${report.scenario_fit.unverified_criteria.join(', ')}.` : undefined;
  return [
    `Report for parcel ${report.parcel_id} (PDF, ${report.language}): ${report.pdf_url} — valid until ${report.expires_at}.`,
    ...(report.summary ? [report.summary] : []),
    ...(fit ? [fit] : []),
    ...(unverified ? [unverified] : []),
    ...(report.market && report.market.comparables !== null ? [marketLine(report.market)] : []),
    ...coverageGapLines(report.data_gaps),
  ].join('\n');
}

/** Farmland and building plots are never priced together: a median per land type where the comparables are split. */
function marketLine(market: NonNullable<Report['market']>): string {
  if (market.land_type_medians.length === 0) return `Market: ${market.comparables} comparables, median ${formatPrice(market.median_price_per_sqm_pln)}.`;
  return `Market: ${market.comparables} land comparables; by land type: ${market.land_type_medians.map((g) => `${g.land_type} median ${formatPrice(g.median_price_per_sqm_pln)} (${g.count})`).join('; ')}.`;
}
