import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { GEOCODE_LIMIT_DEFAULT, GEOCODE_LIMIT_MAX, GEOCODE_QUERY_MAX_LENGTH, GeocodeAddressRequest, GeocodeCandidateView, GeocodeSubjects } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { queryNumber } from '../http/query-params.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** HTTP face of geocode-svc's address search: validates, forwards one NATS request, returns the reply. */
@ApiTags('Geocoding')
@Controller('v1/geocode')
export class GeocodeController {
  constructor(private readonly services: ServiceCaller) {}

  @Get()
  @RequireScope('parcels:read')
  @ApiOperation({
    summary: 'Free-text address to address points, each with the parcel containing it',
    description:
      'Searches the address register: street, house number, postcode and locality in any order (`12 Głogowska Poznań` = ' +
      '`Głogowska 12, Poznań`), diacritics optional (`Glogowska`), street types written, abbreviated or left out ' +
      '(`ul.`/`ulica`, `al.`/`aleja`, `os.`/`osiedle`, `pl.`/`plac`), house numbers like `12`, `12a` or `12/3`, postcodes ' +
      '`60-101` or `60101`. Every name word must begin a word of the street, the locality or the gmina; close spellings are ' +
      'tried only when no street has every word. Best first: the whole street name, whole words, the exact house number and ' +
      'the postcode score highest (`score` 100, `exact` true), then nearby numbers and partial names. `parcel_id` is the parcel ' +
      'containing the point, null when none does. The body is a bare JSON array; an empty array means no such address.',
    operationId: 'geocode',
  })
  @ApiQuery({ name: 'q', type: String, required: true, description: `Address, 1 to ${GEOCODE_QUERY_MAX_LENGTH} characters`, example: 'Głogowska 12, 60-101 Poznań' })
  @ApiQuery({ name: 'limit', type: Number, required: false, description: `1 to ${GEOCODE_LIMIT_MAX}, default ${GEOCODE_LIMIT_DEFAULT}` })
  @ApiOkResponse({ type: [GeocodeCandidateView], description: 'Up to 15 candidates, best first (a bare array)' })
  @ApiV1Route('parcels:read', [400])
  geocode(@Query('q') q: unknown, @Query('limit') limit: unknown, @Req() request: FastifyRequest): Promise<GeocodeCandidateView[]> {
    const message = validateMessage(GeocodeAddressRequest, limit === undefined ? { q } : { q, limit: queryNumber(limit) });
    return this.services.call(request, GeocodeSubjects.addressesSearch, message);
  }
}
