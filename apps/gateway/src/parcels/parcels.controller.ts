import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AUTOCOMPLETE_MAX,
  BATCH_MAX_IDS,
  GetParcelRequest,
  NEAREST_PARCEL_MAX_M,
  PARCEL_ID_EXAMPLE,
  ParcelAtRequest,
  ParcelAutocompleteRequest,
  ParcelBatchRequest,
  ParcelBatchView,
  ParcelFeatureView,
  ParcelSubjects,
  ParcelSuggestionView,
} from '@lp/contracts';
import { validateMessage } from '@lp/messaging';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { queryNumber } from '../http/query-params.js';
import { ApiOkMedia, ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

export const GEOJSON = 'application/geo+json';

/** HTTP face of parcel-svc: validates, forwards one NATS request, returns the reply. No rules here. */
@ApiTags('Parcels')
@Controller('v1/parcels')
export class ParcelsController {
  constructor(private readonly services: ServiceCaller) {}

  @Get('at')
  @RequireScope('parcels:read')
  @Header('content-type', GEOJSON)
  @ApiOperation({
    summary: `The parcel at a point: containing it, else the nearest within ${NEAREST_PARCEL_MAX_M} m`,
    description: 'properties.distance_m is 0 when the point lies inside the parcel.',
    operationId: 'getParcelAt',
  })
  @ApiQuery({ name: 'lng', type: Number, required: true, description: 'Longitude, WGS84' })
  @ApiQuery({ name: 'lat', type: Number, required: true, description: 'Latitude, WGS84' })
  @ApiOkMedia(GEOJSON, ParcelFeatureView, 'The parcel, geometry in WGS84')
  @ApiV1Route('parcels:read', [400, 404])
  at(@Query('lng') lng: unknown, @Query('lat') lat: unknown, @Req() request: FastifyRequest): Promise<ParcelFeatureView> {
    const message = validateMessage(ParcelAtRequest, { lng: queryNumber(lng), lat: queryNumber(lat) });
    return this.services.call(request, ParcelSubjects.at, message);
  }

  @Get('autocomplete')
  @RequireScope('parcels:read')
  @ApiOperation({ summary: `Parcel ids starting with or containing the text, at most ${AUTOCOMPLETE_MAX}`, operationId: 'autocompleteParcels' })
  @ApiQuery({ name: 'q', type: String, required: true, description: 'At least 2 characters of a parcel id' })
  @ApiOkResponse({ type: [ParcelSuggestionView], description: 'Prefix matches first, then substring matches' })
  @ApiV1Route('parcels:read', [400])
  autocomplete(@Query('q') q: unknown, @Req() request: FastifyRequest): Promise<ParcelSuggestionView[]> {
    const message = validateMessage(ParcelAutocompleteRequest, { q });
    return this.services.call(request, ParcelSubjects.autocomplete, message);
  }

  @Post('batch')
  @HttpCode(200)
  @RequireScope('parcels:read')
  @ApiOperation({ summary: `Up to ${BATCH_MAX_IDS} parcels in one call; unknown ids are listed in missing`, operationId: 'getParcelBatch' })
  @ApiBody({ type: ParcelBatchRequest })
  @ApiOkResponse({ type: ParcelBatchView })
  @ApiV1Route('parcels:read', [400, 413])
  batch(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ParcelBatchView> {
    const message = validateMessage(ParcelBatchRequest, body);
    return this.services.call(request, ParcelSubjects.batch, message);
  }

  @Get(':parcel_id')
  @RequireScope('parcels:read')
  @Header('content-type', GEOJSON)
  @ApiOperation({ summary: 'One parcel as a GeoJSON feature', operationId: 'getParcel' })
  @ApiParam({
    name: 'parcel_id',
    description: `EGiB parcel id; URL-encode '/' (${PARCEL_ID_EXAMPLE} becomes ${encodeURIComponent(PARCEL_ID_EXAMPLE)})`,
    example: PARCEL_ID_EXAMPLE,
  })
  @ApiOkMedia(GEOJSON, ParcelFeatureView, 'The parcel, geometry in WGS84')
  @ApiV1Route('parcels:read', [400, 404])
  get(@Param('parcel_id') parcelId: string, @Req() request: FastifyRequest): Promise<ParcelFeatureView> {
    const message = validateMessage(GetParcelRequest, { parcel_id: parcelId });
    return this.services.call(request, ParcelSubjects.get, message);
  }
}
