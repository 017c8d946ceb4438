import { ASSEMBLY_MAX_GAP_MAX_M, PARCEL_ID_PATTERN, REPORT_LANGUAGE_DEFAULT, REPORT_LANGUAGES, SITE_REPORT_PARCELS_MAX, SITE_REPORT_PARCELS_MIN, type ReportLinkView, type SiteReportView } from '@lp/contracts';
import { z } from 'zod';
import { GatewayError } from '../gateway/gateway-error.js';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { mapUrlFor } from './support/parcel-links.js';

const outputSchema = z.object({
  parcel_ids: z.array(z.string()).describe('The members, largest first'),
  pdf_url: z.string().describe('Shareable link to the PDF report; opens without an API key until expires_at'),
  expires_at: z.string(),
  language: z.enum(REPORT_LANGUAGES),
  total_area_sqm: z.number().nullable().describe('null when this key may not read the JSON report'),
  summary: z.string().nullable().describe('The report summary in words; null when this key may not read the JSON report'),
  blocking: z.boolean().nullable().describe('Some blocking constraint area overlaps the site'),
  data_gaps: z
    .array(z.object({ layer: z.string(), status: z.enum(['partial', 'missing']), parcel_ids: z.array(z.string()).describe('The members it could not be checked for'), note: z.string() }))
    .describe('Layers without (full) data for some members: unknown there, not "none"; tell the user'),
  map_url: z.string().describe("The map at the site's largest member"),
});

export const siteReportTool = defineTool({
  name: 'site_report',
  title: 'Due-diligence report of an assembled site (shareable PDF)',
  description: [
    'Creates the due-diligence report of a site of several neighbouring parcels (a find_assembled_sites result: pass its parcels\' ids): each member\'s facts together, the constraints of the whole site, and what could not be checked for which member; returns a shareable PDF link and the summary.',
    `parcel_ids: ${SITE_REPORT_PARCELS_MIN} to ${SITE_REPORT_PARCELS_MAX} EGiB ids forming one site (each within max_gap_m, default 5, of another). language en or pl. Needs the reports:create scope.`,
  ].join(' '),
  scope: 'reports:create',
  inputSchema: z.object({
    parcel_ids: z.array(z.string().trim().regex(PARCEL_ID_PATTERN, 'an EGiB parcel id')).min(SITE_REPORT_PARCELS_MIN).max(SITE_REPORT_PARCELS_MAX).describe('The site\'s members, e.g. from find_assembled_sites'),
    max_gap_m: z.number().min(0).max(ASSEMBLY_MAX_GAP_MAX_M).optional().describe('The gap that joined the site, as given to find_assembled_sites'),
    language: z.enum(REPORT_LANGUAGES).default(REPORT_LANGUAGE_DEFAULT),
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ parcel_ids, max_gap_m, language }, ctx) {
    const body = { parcel_ids, language, ...(max_gap_m !== undefined ? { max_gap_m } : {}) };
    const link = await ctx.gateway.post<ReportLinkView>('/v1/sites/report/link', body);
    const report = await readIfAllowed(() => ctx.gateway.post<SiteReportView>('/v1/sites/report', body));
    const members = report?.site.parcels.map((p) => p.parcel_id) ?? parcel_ids;
    const structured: z.output<typeof outputSchema> = {
      parcel_ids: members,
      pdf_url: link.url,
      expires_at: link.expires_at,
      language,
      total_area_sqm: report?.site.total_area_sqm ?? null,
      summary: report?.summary ?? null,
      blocking: report?.blocking ?? null,
      data_gaps: (report?.coverage_gaps ?? []).flatMap((gap) => (gap.status === 'available' ? [] : [{ layer: gap.layer, status: gap.status, parcel_ids: gap.parcel_ids, note: gap.note }])),
      map_url: mapUrlFor(ctx.appUrl, members[0]!),
    };
    const lines = [
      `Report for the site of ${members.length} parcels (${members.join(', ')}) (PDF, ${language}): ${link.url} — valid until ${link.expires_at}.`,
      ...(structured.summary ? [structured.summary] : []),
      ...(structured.data_gaps.length > 0 ? ['Data gaps (tell the user; unknown is not "none"):', ...structured.data_gaps.map((g) => `- ${g.layer} (${g.status}) for ${g.parcel_ids.join(', ')}`)] : []),
    ];
    return { structuredContent: structured, text: lines.join('\n') };
  },
});

/** The JSON report needs parcels:read, the link reports:create; with the link alone the link is still the answer. */
async function readIfAllowed(read: () => Promise<SiteReportView>): Promise<SiteReportView | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof GatewayError && error.code === 'insufficient_scope') return null;
    throw error;
  }
}
