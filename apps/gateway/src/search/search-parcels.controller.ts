import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, SearchParcelsRequest, SearchResponseView, SearchSubjects } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

const DESCRIPTION =
  'Hard filters (all must pass) over a region (TERYT of 2, 4 or 7 digits), a bbox, or all of Poland, with optional ranking. ' +
  'Every criterion gets a `coverage` entry with its mode and status: a `requires` criterion whose layer has no data in the ' +
  'region answers `blocked: true` with no results (never an empty list that looks like "no match"); where it has data in only ' +
  'some gminas, only parcels there are returned and the note says which were left out. A `screens` criterion without data ' +
  'leaves results unscreened on it, listed per result in `unscreened`, with a note to pass on to the user. With `rank_by`, ' +
  '`score` is 0 to 100 relative to the matched parcels (min-max per signal, direction-aware), and `components` add up to it; ' +
  'without it `score` is null and results come in parcel-id order. Ties break by parcel id; the same request on the same data ' +
  `gives the same answer. limit: 1 to ${SEARCH_LIMIT_MAX}, default ${SEARCH_LIMIT_DEFAULT}; \`matched\` counts every match. ` +
  'Unknown layers, kinds, attributes or signals answer 400 naming the allowed values. 503 while the search index of the searched ' +
  'gminas is first being built. ' +
  'Zoning is proven by the binding instrument only: a local-plan (MPZP) zone; where no local plan applies, a zone of a general ' +
  'plan (plan ogólny) in force (status in_force; adopted, public_consultation and in_preparation are not binding); the study ' +
  'never. A parcel inside a local plan whose zones are not in our data has unknown zoning: never returned, and the zoning ' +
  'coverage is `partial` (naming those plans) or `missing` (blocked) when no parcel searched can be proven. Industrial is the ' +
  'local-plan P, PU, P/U (and U/P) only; `zoning.buildable` adds general-plan zones in force that allow building. ' +
  '`land_use {kinds, exclude_kinds}` (agricultural, arable, grassland, orchard, forest) is proven by the EGiB land-use classes ' +
  'of the parcel, or land cover where it has none: criteria `land_use` (requires) and `land_use:exclude` (screens).';

/** HTTP face of search-svc's structured search: validates, forwards one NATS request, returns the reply. */
@ApiTags('Search')
@Controller('v1/search/parcels')
export class SearchParcelsController {
  constructor(private readonly services: ServiceCaller) {}

  @Post()
  @HttpCode(200)
  @RequireScope('search:read')
  @RateLimitClass('search')
  @ApiOperation({ summary: 'Structured parcel search with coverage and ranking', description: DESCRIPTION, operationId: 'searchParcels' })
  @ApiBody({ type: SearchParcelsRequest })
  @ApiOkResponse({ type: SearchResponseView })
  @ApiV1Route('search:read', [400])
  run(@Body() body: unknown, @Req() request: FastifyRequest): Promise<SearchResponseView> {
    return this.services.call(request, SearchSubjects.parcelsRun, validateMessage(SearchParcelsRequest, body ?? {}));
  }
}
