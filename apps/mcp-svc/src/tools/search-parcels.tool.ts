import { NL_QUERY_MAX_LENGTH, type NaturalLanguageSearchView } from '@lp/contracts';
import { z } from 'zod';
import { READ_ONLY_TOOL, defineTool } from './tool-definition.js';
import { mapUrlFor } from './support/parcel-links.js';
import { regionInput, regionOutput, resolveRegion } from './support/region-resolver.js';
import { blockedMessage, coverageWarningLines, searchCoverageOf, searchOutcomeFields, unrankedLines } from './support/search-coverage.js';
import { nearMissesOf, nearMissLines } from './support/near-misses.js';
import { bulletList, formatArea } from './support/text-format.js';
import { TOOL_LIMIT } from './support/tool-limit.js';

const resultSchema = z.object({
  parcel_id: z.string(),
  area_sqm: z.number(),
  gmina: z.string(),
  score: z.number().nullable().describe('0 to 100, relative within this result set; null when nothing ranks the results'),
  why: z.array(z.string()).describe('Why the parcel matched, in the language of the query'),
  map_url: z.string().describe('Link to the parcel on the map'),
});

const outputSchema = z.object({
  interpretation: z.object({
    region: regionOutput.nullable().describe('The unit searched; null: all of Poland'),
    scenario: z.string().nullable().describe('The scenario the query matched (its criteria were added); null when none'),
    filters: z.array(z.string()).describe('Every filter and the ranking, in words'),
    assumptions: z.array(z.string()).describe('Defaults and assumptions used, in words: tell the user the important ones'),
    not_understood: z.array(z.string()).describe('Words of the query that were ignored'),
    complete: z
      .boolean()
      .describe('False when part of the query was not understood or could not be searched: the results do not honour the whole query; tell the user what was left out (the first assumption says it)'),
  }),
  ...searchOutcomeFields,
  results: z.array(resultSchema),
  sites: z
    .array(
      z.object({
        total_area_sqm: z.number(),
        parcel_ids: z.array(z.string()).describe('Member parcels, largest first: all must be acquired'),
        gmina: z.string(),
        why: z.array(z.string()),
        map_url: z.string().describe('The largest member on the map'),
      }),
    )
    .optional()
    .describe('When the query allows a site of several neighbouring parcels ("20 ha in several plots"): the sites; results is then empty'),
});

export const searchParcelsTool = defineTool({
  name: 'search_parcels',
  title: 'Search parcels from a plain-language query',
  description: [
    'Finds land parcels in Poland from a plain-language query in English or Polish, e.g. "flat vacant plots of at least 1 ha near a bus stop in Poznań" or "działki budowlane koło Gniezna".',
    'The query is interpreted without guessing: the result says which region, scenario, filters and assumptions were used and which words were ignored; report the assumptions to the user.',
    'Prefer find_sites when the goal matches a site-selection scenario (solar farm, wind farm, battery storage, data centre, housing estate, warehouse, ...; see list_scenarios): it applies the scenario\'s full criteria and lets you tune its parameters and weights.',
    'region (a place name or TERYT code) overrides any place in the query; without a place all of Poland is searched. An ambiguous place name returns an error listing the candidates: ask the user or call resolve_region.',
    `limit: 1 to ${TOOL_LIMIT.max}, default ${TOOL_LIMIT.default}.`,
    'Coverage: some layers have data only in parts of Poland. A coverage entry with status missing or partial means results were not checked on that criterion; you must tell the user. A blocked search means a required criterion has no data in the region: nothing is returned, which is not the same as "no parcel matches".',
  ].join(' '),
  scope: 'search:read',
  inputSchema: z.object({
    query: z.string().trim().min(1).max(NL_QUERY_MAX_LENGTH).describe('What to find, in English or Polish: place, asset type, area, zoning, distances, exclusions'),
    region: regionInput.optional().describe('Place name or TERYT code; overrides any place named in the query'),
    limit: TOOL_LIMIT.schema,
  }),
  outputSchema,
  annotations: READ_ONLY_TOOL,
  async run({ query, region, limit }, ctx) {
    const unit = region === undefined ? undefined : await resolveRegion(ctx.gateway, region);
    const response = await ctx.gateway.post<NaturalLanguageSearchView>('/v1/search/natural-language', { query, limit, ...(unit ? { region: unit.teryt } : {}) });
    const { interpretation } = response;
    const coverage = searchCoverageOf(response.coverage);
    const structured: z.output<typeof outputSchema> = {
      interpretation: {
        region: interpretation.region,
        scenario: interpretation.scenario,
        filters: interpretation.filters,
        assumptions: interpretation.assumptions,
        not_understood: interpretation.not_understood,
        complete: interpretation.complete,
      },
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
        why: result.why,
        map_url: mapUrlFor(ctx.appUrl, result.parcel_id),
      })),
      coverage,
      ...(response.sites
        ? {
            sites: response.sites.map((site) => ({
              total_area_sqm: site.total_area_sqm,
              parcel_ids: site.parcels.map((p) => p.parcel_id),
              gmina: site.gmina,
              why: site.why,
              map_url: mapUrlFor(ctx.appUrl, site.parcels[0]!.parcel_id),
            })),
          }
        : {}),
    };
    const where = interpretation.region ? `${interpretation.region.name} (${interpretation.region.teryt})` : 'all of Poland';
    if (response.blocked) return { structuredContent: structured, text: blockedMessage(coverage, where), isError: true };
    return { structuredContent: structured, text: renderSearch(structured, where) };
  },
});

function renderSearch(result: z.output<typeof outputSchema>, where: string): string {
  const { interpretation } = result;
  const lines = [
    // An agent reads the first line first: a partial reading must not look like a complete answer.
    ...(interpretation.complete ? [] : ['PARTIAL ANSWER: part of the query was not understood or could not be searched, so these results do not honour the whole query. Tell the user what was left out (see the assumptions and ignored words).']),
    result.sites
      ? `Searched ${where}${interpretation.scenario ? ` as scenario ${interpretation.scenario}` : ''} for sites of several parcels.`
      : `Searched ${where}${interpretation.scenario ? ` as scenario ${interpretation.scenario}` : ''}: ${result.count} shown of ${result.matched} matching parcels.`,
    ...(interpretation.filters.length > 0 ? [`Filters: ${interpretation.filters.join('; ')}.`] : []),
    ...(interpretation.assumptions.length > 0 ? [`Assumptions: ${interpretation.assumptions.join(' ')}`] : []),
    ...(interpretation.not_understood.length > 0 ? [`Ignored words: ${interpretation.not_understood.join(', ')}.`] : []),
    ...(result.sites ? [`Sites of several neighbouring parcels (${result.sites.length} shown of ${result.matched}):`, ...bulletList(result.sites, (site) => `${formatArea(site.total_area_sqm)} in ${site.parcel_ids.length} parcels (${site.parcel_ids.join(', ')}), ${site.gmina}; ${site.why.join('; ')} ${site.map_url}`)] : []),
    ...bulletList(result.results, (item) => `${item.parcel_id}, ${item.gmina}, ${formatArea(item.area_sqm)}${item.score === null ? '' : `, score ${item.score}`}${item.why.length > 0 ? ` — ${item.why.join('; ')}` : ''} ${item.map_url}`),
    ...unrankedLines(result.unranked_signals),
    ...nearMissLines(result.near_misses),
    ...coverageWarningLines(result.coverage),
  ];
  return lines.join('\n');
}
