import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ASSEMBLY_LIMIT_DEFAULT, AssemblySearchRequest, AssemblySearchResponseView, SEARCH_LIMIT_MAX, SearchSubjects } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

const DESCRIPTION =
  'An addition to the spec. Sites of several neighbouring parcels (long narrow strips, a field split by a ditch) that together ' +
  'reach `assembly.min_total_area_sqm`. The request is a structured search (region or bbox, filters, rank_by) plus `assembly`. ' +
  'Every member parcel passes the per-parcel filters (zoning, land use, vacancy, exclusions, far, area_sqm as a bound per member); ' +
  '`near` with a reach, `near_any` and `slope_pct` are judged on the site: it is as near as its nearest member, its slope the ' +
  'area-weighted mean (a `near` with `within_m: 0`, "lies in", is each member\'s). ' +
  'Parcels at most `max_gap_m` apart (0 to 50, default 5) join; a site has at most `max_parcels` (2 to 30, default 10); ' +
  '`min_compactness` bounds its Polsby-Popper compactness. Coverage exactly as in search: a `requires` criterion without data ' +
  `answers \`blocked: true\`; partial coverage keeps results to the gminas that can prove it. limit: sites, 1 to ${SEARCH_LIMIT_MAX}, ` +
  `default ${ASSEMBLY_LIMIT_DEFAULT}. Scores use the search's 0 to 100 rule over site values (area summed, distances the nearest member, ` +
  'others area-weighted).';

/** HTTP face of search-svc's site assembly. */
@ApiTags('Search')
@Controller('v1/search/assemblies')
export class SearchAssembliesController {
  constructor(private readonly services: ServiceCaller) {}

  @Post()
  @HttpCode(200)
  @RequireScope('search:read')
  @RateLimitClass('search')
  @ApiOperation({ summary: 'Sites assembled from neighbouring parcels', description: DESCRIPTION, operationId: 'searchAssemblies' })
  @ApiBody({ type: AssemblySearchRequest })
  @ApiOkResponse({ type: AssemblySearchResponseView })
  @ApiV1Route('search:read', [400])
  run(@Body() body: unknown, @Req() request: FastifyRequest): Promise<AssemblySearchResponseView> {
    return this.services.call(request, SearchSubjects.assembliesRun, validateMessage(AssemblySearchRequest, body ?? {}));
  }
}
