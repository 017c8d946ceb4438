import { ZONING_EVIDENCE_SOURCES, type RegulationsView } from '@lp/contracts';
import { z } from 'zod';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { coverageGapLines, coverageGapsField, coverageGapsOf } from './support/coverage-gaps.js';
import { mapUrlFor, parcelPath } from './support/parcel-links.js';
import { parcelIdInput } from './support/parcel-id-input.js';
import { zoningSummary } from './support/zoning-summary.js';

const mpzpSchema = z.object({
  plan_name: z.string(),
  adopted_on: z.string().nullable(),
  legal_status: z.string().optional().describe('in_force, or partially_repealed (its document says which part); absent when unknown'),
  symbol: z.string().describe('Raw zone symbol as written in the plan'),
  category: z.string().describe('Normalised category, e.g. single_family_residential, industrial, commercial_services'),
  label: z.string().nullable(),
  max_height_m: z.number().nullable(),
  max_building_coverage_pct: z.number().nullable(),
  min_biologically_active_pct: z.number().nullable(),
  document_url: z.string().nullable(),
  overlap_pct: z.number().describe('Share of the parcel in this zone'),
  other_zones: z.array(z.object({ symbol: z.string(), category: z.string(), overlap_pct: z.number() })),
});

const outputSchema = z.object({
  parcel_id: z.string(),
  summary: z.string().describe('The planning status in words'),
  mpzp: mpzpSchema.nullable().optional().describe('Local plan zone; null: no local plan applies (WZ decision needed); absent: unknown, see data_gaps'),
  plan_ogolny: z
    .object({
      status: z.string(),
      binding: z.boolean().optional().describe('In force: only then does it decide zoning where no local plan applies; otherwise information only'),
      zone_symbol: z.string(),
      zone_label: z.string().nullable(),
      allows_building: z.boolean().nullable(),
      document_url: z.string().nullable(),
    })
    .nullable()
    .optional()
    .describe('General plan zone; null: none yet; absent: not in our data'),
  zoning_source: z
    .enum(ZONING_EVIDENCE_SOURCES)
    .optional()
    .describe('Which instrument decides the zoning, as search counts it: mpzp, plan_ogolny (in force, no local plan), unknown (plan zones missing), none'),
  studium: z.object({ designation: z.string(), category: z.string().nullable() }).nullable().optional().describe('Legacy study designation; null: none; absent: not in our data'),
  pre_emption: z.array(z.object({ holder: z.string(), basis: z.string(), reason: z.string() })).describe('Statutory pre-emption rights on a sale'),
  map_url: z.string(),
  data_gaps: coverageGapsField,
});

export const checkRegulationsTool = defineTool({
  name: 'check_regulations',
  title: 'Zoning and planning status of a parcel',
  description: [
    'Zoning and planning status of one parcel: the local plan (MPZP) zone with its raw symbol, normalised category and building limits (height, coverage, biologically active share), the general plan (plan ogólny) zone, the legacy study designation, and statutory pre-emption rights on a sale (e.g. KOWR for agricultural land).',
    'Use it to answer "what may be built here" and "can the sale be pre-empted". mpzp null means no local plan applies (a WZ building-conditions decision would be needed); mpzp absent means our data does not hold the plan here (see data_gaps) and the status is unknown: say so, do not read it as "no plan".',
  ].join(' '),
  scope: 'parcels:read',
  inputSchema: z.object({ parcel_id: parcelIdInput }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ parcel_id }, ctx) {
    const view = await ctx.gateway.get<RegulationsView>(parcelPath(parcel_id, '/regulations'));
    const gaps = coverageGapsOf(view.coverage);
    const structured: z.output<typeof outputSchema> = {
      parcel_id,
      summary: zoningSummary(view),
      ...('mpzp' in view ? { mpzp: view.mpzp === null || view.mpzp === undefined ? null : stripPlanId(view.mpzp) } : {}),
      ...('plan_ogolny' in view
        ? {
            plan_ogolny: view.plan_ogolny
              ? {
                  status: view.plan_ogolny.status,
                  ...(view.plan_ogolny.binding === undefined ? {} : { binding: view.plan_ogolny.binding }),
                  zone_symbol: view.plan_ogolny.zone_symbol,
                  zone_label: view.plan_ogolny.zone_label,
                  allows_building: view.plan_ogolny.allows_building,
                  document_url: view.plan_ogolny.document_url,
                }
              : null,
          }
        : {}),
      ...(view.zoning_source ? { zoning_source: view.zoning_source } : {}),
      ...('studium' in view ? { studium: view.studium ? { designation: view.studium.designation, category: view.studium.category } : null } : {}),
      pre_emption: view.pre_emption.map(({ holder, basis, reason }) => ({ holder, basis, reason })),
      map_url: mapUrlFor(ctx.appUrl, parcel_id),
      data_gaps: gaps,
    };
    const preEmption =
      view.pre_emption.length > 0 ? `Pre-emption rights: ${view.pre_emption.map((right) => `${right.holder} (${right.reason})`).join('; ')}.` : 'No statutory pre-emption right found.';
    const document = view.mpzp?.document_url ? `Plan document: ${view.mpzp.document_url}` : undefined;
    return { structuredContent: structured, text: [`Parcel ${parcel_id}: ${structured.summary}`, preEmption, ...(document ? [document] : []), ...coverageGapLines(gaps)].join('\n') };
  },
});

function stripPlanId(mpzp: NonNullable<RegulationsView['mpzp']>): z.output<typeof mpzpSchema> {
  const { plan_name, adopted_on, legal_status, symbol, category, label, max_height_m, max_building_coverage_pct, min_biologically_active_pct, document_url, overlap_pct, other_zones } = mpzp;
  return { plan_name, adopted_on, ...(legal_status ? { legal_status } : {}), symbol, category, label, max_height_m, max_building_coverage_pct, min_biologically_active_pct, document_url, overlap_pct, other_zones };
}
