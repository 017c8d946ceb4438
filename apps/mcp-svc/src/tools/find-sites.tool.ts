import { NEAR_MISSES_BELOW, type AssemblySearchResponseView, type ScenarioListView, type ScenarioView, type SearchParcelsRequest, type SearchResponseView } from '@lp/contracts';
import { z } from 'zod';
import type { GatewayClient } from '../gateway/gateway.client.js';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { mapUrlFor } from './support/parcel-links.js';
import { regionInput, regionOutput, regionOutputOf, resolveRegion } from './support/region-resolver.js';
import { blockedMessage, coverageWarningLines, searchCoverageOf, searchOutcomeFields, unrankedLines } from './support/search-coverage.js';
import { nearMissesOf, nearMissLines } from './support/near-misses.js';
import { siteRequestOf } from './support/site-request.js';
import { bulletList, formatArea } from './support/text-format.js';
import { TOOL_LIMIT } from './support/tool-limit.js';

const resultSchema = z.object({
  parcel_id: z.string(),
  area_sqm: z.number(),
  gmina: z.string(),
  score: z.number().nullable().describe('0 to 100, relative within this result set'),
  components: z
    .array(
      z.object({
        signal: z.string(),
        value: z.number().nullable().describe("Raw value in the signal's unit; null: no value for this parcel"),
        contribution: z.number(),
        missing: z.boolean().optional().describe('true: this parcel has no value while others do; ranked as the worst (0 points)'),
        unranked: z.boolean().optional().describe('true: no result has a value; left out of the score'),
      }),
    )
    .describe('How the score was earned, per ranking signal'),
  unscreened: z.array(z.string()).describe('Criteria that could not be checked for this parcel (partial data): tell the user'),
  map_url: z.string(),
});

const outputSchema = z.object({
  scenario: z.object({ id: z.string(), title: z.string() }),
  region: regionOutput,
  parameters: z.record(z.string(), z.number()).describe('Effective parameter values (defaults with your overrides)'),
  weights: z.record(z.string(), z.number()).describe('Effective ranking weights'),
  ...searchOutcomeFields,
  results: z.array(resultSchema),
  assembled_sites: z
    .object({
      matched: z.number().int().describe('Sites of several neighbouring parcels that together reach the minimum area and meet the criteria'),
      min_total_area_sqm: z.number(),
    })
    .optional()
    .describe('With few single parcels large enough: how many sites of neighbouring parcels exist; find_assembled_sites lists them'),
});

export const findSitesTool = defineTool({
  name: 'find_sites',
  title: 'Find sites for a scenario in a region',
  description: [
    'Runs a site-selection scenario (one asset type: solar_farm_site, wind_farm_site, bess_storage, agrivoltaics_site, biogas_plant, data_center_site, urban_residential_development, housing_estate_site, retail_park_site, logistics_warehouse, brownfield_redevelopment, public_land_opportunity) over a region and returns ranked parcels with how each score was earned.',
    'Prefer it over search_parcels whenever the goal matches a scenario: it applies every hard criterion of the scenario. Call list_scenarios first for the ids, the criteria, the tunable parameters (default, min, max, unit) and the ranking signals.',
    'params overrides parameters within their ranges (e.g. {"substation_km": 5, "min_capacity_mw": 20}); weights re-weights signals 0 to 100 (e.g. {"grid_capacity_mw": 70}; 0 drops a signal). Out-of-range values return an error naming the range.',
    'region is required: a place name or TERYT code; an ambiguous name returns an error listing the candidates (ask the user or call resolve_region).',
    `limit: 1 to ${TOOL_LIMIT.max}, default ${TOOL_LIMIT.default}.`,
    'Coverage: a criterion with status missing or partial was not (fully) checked and you must tell the user; blocked means a required criterion has no data in the region, so nothing can be returned (not the same as no match): suggest another region.',
  ].join(' '),
  scope: 'search:read',
  inputSchema: z.object({
    scenario: z.string().trim().min(1).max(64).describe('Scenario id from list_scenarios, e.g. bess_storage'),
    region: regionInput,
    params: z.record(z.string(), z.number()).optional().describe('Parameter overrides within their ranges, e.g. {"substation_km": 5}'),
    weights: z.record(z.string(), z.number().int().min(0).max(100)).optional().describe('Signal weight overrides 0 to 100, e.g. {"grid_capacity_mw": 70}'),
    limit: TOOL_LIMIT.schema,
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ scenario, region, params, weights, limit }, ctx) {
    const unit = await resolveRegion(ctx.gateway, region);
    const [request, catalogue] = await Promise.all([
      ctx.gateway.post<SearchParcelsRequest>(`/v1/scenarios/${encodeURIComponent(scenario)}/compile`, { region: unit.teryt, limit, ...(params ? { params } : {}), ...(weights ? { weights } : {}) }),
      ctx.gateway.get<ScenarioListView>('/v1/scenarios'),
    ]);
    // the scenario goes along so near misses come in its own parameters (substation_km 10 → 15)
    const response = await ctx.gateway.post<SearchResponseView>('/v1/search/parcels', { ...request, scenario: { id: scenario, ...(params ? { params } : {}) } });
    const assembled = await offerAssemblies(ctx.gateway, request, response);
    const definition = catalogue.scenarios.find((candidate) => candidate.id === scenario);
    const labelOf = criterionLabels(definition);
    const coverage = searchCoverageOf(response.coverage);
    const structured: z.output<typeof outputSchema> = {
      scenario: { id: scenario, title: definition?.title ?? scenario },
      region: regionOutputOf(unit),
      parameters: Object.fromEntries((definition?.parameters ?? []).map((parameter) => [parameter.id, params?.[parameter.id] ?? parameter.default])),
      weights: Object.fromEntries((request.rank_by ?? []).map((rank) => [rank.signal, rank.weight])),
      count: response.count,
      matched: response.matched,
      blocked: response.blocked,
      unranked_signals: response.unranked_signals ?? [],
      near_misses: nearMissesOf(response.near_misses),
      results: response.results.map((result) => ({
        parcel_id: result.parcel_id,
        area_sqm: result.area_sqm,
        gmina: result.gmina,
        score: result.score,
        components: result.components,
        unscreened: result.unscreened ?? [],
        map_url: mapUrlFor(ctx.appUrl, result.parcel_id),
      })),
      coverage,
      ...(assembled ? { assembled_sites: assembled } : {}),
    };
    const where = `${unit.name} (${unit.teryt})`;
    if (response.blocked) return { structuredContent: structured, text: blockedMessage(coverage, where, labelOf), isError: true };
    const lines = [
      `${structured.scenario.title} in ${where}: ${response.count} shown of ${response.matched} parcels passing every criterion.`,
      ...bulletList(structured.results, (item) => {
        const earned = item.components.map((component) => `${component.signal} ${component.contribution}${component.missing ? ' (no value)' : ''}`).join(', ');
        const unscreened = item.unscreened.length > 0 ? ` (not checked: ${item.unscreened.join(', ')})` : '';
        return `${item.parcel_id}, ${item.gmina}, ${formatArea(item.area_sqm)}, score ${item.score ?? '-'}${earned ? ` [${earned}]` : ''}${unscreened} ${item.map_url}`;
      }),
      ...unrankedLines(structured.unranked_signals),
      ...nearMissLines(structured.near_misses, labelOf),
      ...(assembled && assembled.matched > 0
        ? [`Single parcels are few, but ${assembled.matched} sites of several neighbouring parcels reach ${formatArea(assembled.min_total_area_sqm)} and meet the criteria: call find_assembled_sites with this scenario and region to list them.`]
        : []),
      ...coverageWarningLines(coverage, labelOf),
    ];
    return { structuredContent: structured, text: lines.join('\n') };
  },
});

/** "near:grid_capacity" → "near:grid_capacity (Grid capacity available)", from the scenario's criteria. */
function criterionLabels(scenario: ScenarioView | undefined): (criterion: string) => string {
  const labels = new Map<string, string>();
  for (const criterion of scenario?.criteria ?? []) for (const id of criterion.criterion_ids) if (!labels.has(id)) labels.set(id, criterion.label);
  return (criterion) => (labels.has(criterion) ? `${criterion} (${labels.get(criterion)})` : criterion);
}

/**
 * Few single parcels large enough: the same scenario as sites of neighbouring parcels (its minimum
 * parcel area becomes the site's), counted so the model can offer them; undefined when not asked.
 */
async function offerAssemblies(
  gateway: GatewayClient,
  request: SearchParcelsRequest,
  response: SearchResponseView,
): Promise<{ matched: number; min_total_area_sqm: number } | undefined> {
  const minArea = request.filters?.area_sqm?.min;
  if (response.blocked || response.matched >= NEAR_MISSES_BELOW || minArea === undefined) return undefined;
  const sites = await gateway.post<AssemblySearchResponseView>('/v1/search/assemblies', siteRequestOf(request, { min_total_area_sqm: minArea }, 1));
  return { matched: sites.matched, min_total_area_sqm: minArea };
}
