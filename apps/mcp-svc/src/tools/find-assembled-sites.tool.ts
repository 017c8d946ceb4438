import { ASSEMBLY_MAX_GAP_DEFAULT_M, type AssemblySearchResponseView, type ScenarioListView, type SearchParcelsRequest } from '@lp/contracts';
import { z } from 'zod';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { mapUrlFor } from './support/parcel-links.js';
import { regionInput, regionOutput, regionOutputOf, resolveRegion } from './support/region-resolver.js';
import { blockedMessage, coverageWarningLines, searchCoverageOf, searchOutcomeFields, unrankedLines } from './support/search-coverage.js';
import { siteRequestOf } from './support/site-request.js';
import { bulletList, formatArea } from './support/text-format.js';

const SITES_MAX = 20;

const siteSchema = z.object({
  total_area_sqm: z.number(),
  parcels: z.array(z.object({ parcel_id: z.string(), area_sqm: z.number(), map_url: z.string() })).describe('Member parcels, largest first: all must be acquired'),
  compactness: z.number().describe('Polsby-Popper 0 to 1: 1 a circle, about 0.26 a 10:1 strip'),
  gmina: z.string(),
  score: z.number().nullable(),
  why: z.array(z.string()),
  unscreened: z.array(z.string()).describe('Criteria not checked for some member (partial data): tell the user'),
  report: z
    .object({ tool: z.literal('site_report'), parcel_ids: z.array(z.string()), max_gap_m: z.number() })
    .describe("The site's due-diligence report (PDF): call site_report with these arguments"),
});

const { near_misses: _nearMisses, ...outcomeFields } = searchOutcomeFields;

const outputSchema = z.object({
  scenario: z.string().nullable().describe('The scenario whose criteria every member and the site meet; null: no scenario'),
  region: regionOutput,
  min_total_area_sqm: z.number(),
  candidates: z.number().int().describe('Parcels passing the per-parcel criteria, that sites were built from'),
  ...outcomeFields,
  results: z.array(siteSchema),
  note: z.string().optional(),
});

export const findAssembledSitesTool = defineTool({
  name: 'find_assembled_sites',
  title: 'Find sites made of several neighbouring parcels',
  description: [
    'Finds sites of several neighbouring parcels (Polish farmland is long narrow strips, so a 20 ha solar farm or a 5 ha warehouse is rarely one parcel) that together reach min_total_area_sqm.',
    'Use it when the user wants a large site, "several plots allowed", or when find_sites/search_parcels find nothing large enough.',
    'With a scenario (ids as in list_scenarios), every member meets the scenario\'s per-parcel criteria (zoning, exclusions, vacancy, land use) and the site meets the distance and slope criteria (a site is as near as its nearest member); min_total_area_sqm (the site\'s area) replaces the scenario\'s minimum parcel area.',
    'max_gap_m (0 to 50, default 5): parcels that far apart (a ditch, a field road) still join. max_parcels (2 to 30, default 10).',
    'Coverage as in find_sites: report every criterion not fully checked; blocked means no data, not "no site".',
  ].join(' '),
  scope: 'search:read',
  inputSchema: z.object({
    region: regionInput,
    scenario: z.string().trim().min(1).max(64).optional().describe('Scenario id from list_scenarios, e.g. solar_farm_site'),
    params: z.record(z.string(), z.number()).optional().describe('Scenario parameter overrides within their ranges'),
    min_total_area_sqm: z.number().min(1).max(5_000_000).describe('Smallest total area of the site, m² (20 ha = 200000)'),
    max_parcels: z.number().int().min(2).max(30).optional(),
    max_gap_m: z.number().min(0).max(50).optional(),
    limit: z.number().int().min(1).max(SITES_MAX).default(5).describe(`Sites to return, 1 to ${SITES_MAX}, default 5`),
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ region, scenario, params, min_total_area_sqm, max_parcels, max_gap_m, limit }, ctx) {
    const unit = await resolveRegion(ctx.gateway, region);
    const base: SearchParcelsRequest =
      scenario === undefined
        ? { region: unit.teryt }
        : await ctx.gateway.post<SearchParcelsRequest>(`/v1/scenarios/${encodeURIComponent(scenario)}/compile`, { region: unit.teryt, ...(params ? { params } : {}) });
    const body = siteRequestOf(
      base,
      { min_total_area_sqm, ...(max_parcels !== undefined ? { max_parcels } : {}), ...(max_gap_m !== undefined ? { max_gap_m } : {}) },
      limit,
    );
    const [response, catalogue] = await Promise.all([
      ctx.gateway.post<AssemblySearchResponseView>('/v1/search/assemblies', body),
      scenario === undefined ? undefined : ctx.gateway.get<ScenarioListView>('/v1/scenarios'),
    ]);
    const coverage = searchCoverageOf(response.coverage);
    const structured: z.output<typeof outputSchema> = {
      scenario: scenario ?? null,
      region: regionOutputOf(unit),
      min_total_area_sqm,
      candidates: response.candidates,
      count: response.count,
      matched: response.matched,
      blocked: response.blocked,
      unranked_signals: response.unranked_signals ?? [],
      coverage,
      results: response.results.map((site) => ({
        total_area_sqm: site.total_area_sqm,
        parcels: site.parcels.map((p) => ({ ...p, map_url: mapUrlFor(ctx.appUrl, p.parcel_id) })),
        compactness: site.compactness,
        gmina: site.gmina,
        score: site.score,
        why: site.why,
        unscreened: site.unscreened ?? [],
        report: { tool: 'site_report' as const, parcel_ids: site.parcels.map((p) => p.parcel_id), max_gap_m: max_gap_m ?? ASSEMBLY_MAX_GAP_DEFAULT_M },
      })),
      ...(response.note ? { note: response.note } : {}),
    };
    const title = catalogue?.scenarios.find((s) => s.id === scenario)?.title;
    const where = `${unit.name} (${unit.teryt})`;
    if (response.blocked) return { structuredContent: structured, text: blockedMessage(coverage, where), isError: true };
    const lines = [
      `${title ? `${title}: s` : 'S'}ites of at least ${formatArea(min_total_area_sqm)} in ${where}: ${response.count} shown of ${response.matched}, built from ${response.candidates} parcels passing the per-parcel criteria.`,
      ...bulletList(structured.results, (site) => `${formatArea(site.total_area_sqm)} in ${site.parcels.length} parcels (${site.parcels.map((p) => p.parcel_id).join(', ')}), ${site.gmina}${site.score === null ? '' : `, score ${site.score}`}; ${site.why.join('; ')} ${site.parcels[0]!.map_url}`),
      ...(response.note ? [response.note] : []),
      ...(structured.results.length > 0 ? ['For a due-diligence report (PDF) of a site, call site_report with its parcel ids (each result\'s report).'] : []),
      ...unrankedLines(structured.unranked_signals),
      ...coverageWarningLines(coverage),
    ];
    return { structuredContent: structured, text: lines.join('\n') };
  },
});
