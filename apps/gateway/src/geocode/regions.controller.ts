import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { FindRegionsRequest, GeocodeSubjects, REGION_QUERY_MAX_LENGTH, REGIONS_LIMIT_DEFAULT, REGIONS_LIMIT_MAX, RegionView } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { queryNumber } from '../http/query-params.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** HTTP face of geocode-svc's regions: validates, forwards one NATS request, returns the reply. */
@ApiTags('Geocoding')
@Controller('v1/regions')
export class RegionsController {
  constructor(private readonly services: ServiceCaller) {}

  @Get()
  // search tools and clients name regions too: a search key must be able to resolve the region it searches
  @RequireScope(['parcels:read', 'search:read'])
  @ApiOperation({
    summary: 'Gminas, powiats and voivodeships by name, diacritics optional',
    description:
      'Autocomplete over every administrative unit of Poland: `krakow` finds Kraków, `zielona g` finds Zielona Góra (any word of ' +
      'the name may begin with a query word), inflected forms such as `krakowie` or `gdańska` are tried by their stem. A leading ' +
      '`gmina`/`gm.`, `powiat`/`pow.`, `województwo`/`woj.` or `miasto` restricts the level. Best first: exact names, then names ' +
      'starting with the query, then close spellings; among equals voivodeships, then powiats, then gminas. ' +
      'The body is a bare JSON array, as for GET /v1/parcels/autocomplete; an empty array means no unit matched. ' +
      '`unit_type` is the Polish TERYT type; same-named gminas differ in `unit_type` and `parent`. A `q` of 2, 4 or 7 digits is a TERYT ' +
      'code and finds exactly that unit (an addition; the tool server reads a region\'s layers this way).',
    operationId: 'findRegions',
  })
  @ApiQuery({ name: 'q', type: String, required: true, description: `1 to ${REGION_QUERY_MAX_LENGTH} characters of a unit name`, example: 'krakow' })
  @ApiQuery({ name: 'limit', type: Number, required: false, description: `1 to ${REGIONS_LIMIT_MAX}, default ${REGIONS_LIMIT_DEFAULT}` })
  @ApiOkResponse({ type: [RegionView], description: 'Matching units, best first (a bare array)' })
  @ApiV1Route(['parcels:read', 'search:read'], [400])
  find(@Query('q') q: unknown, @Query('limit') limit: unknown, @Req() request: FastifyRequest): Promise<RegionView[]> {
    const message = validateMessage(FindRegionsRequest, limit === undefined ? { q } : { q, limit: queryNumber(limit) });
    return this.services.call(request, GeocodeSubjects.regionsFind, message);
  }
}
