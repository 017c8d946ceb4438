import { Controller, Get, Header, Param, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { GetParcelRequest, PARCEL_ID_EXAMPLE, ParcelFeatureView, ParcelSubjects } from '@lp/contracts';
import { validateMessage } from '@lp/messaging';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { ApiOkMedia, ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

export const GEOJSON = 'application/geo+json';

@ApiTags('Parcels')
@Controller('v1/parcels')
export class ParcelsController {
  constructor(private readonly services: ServiceCaller) {}

  @Get(':parcel_id')
  @RequireScope('parcels:read')
  @Header('content-type', GEOJSON)
  @ApiOperation({ summary: 'One parcel as a GeoJSON feature', operationId: 'getParcel' })
  @ApiParam({ name: 'parcel_id', description: `EGiB parcel id; URL-encode '/' (${PARCEL_ID_EXAMPLE} becomes ${encodeURIComponent(PARCEL_ID_EXAMPLE)})`, example: PARCEL_ID_EXAMPLE })
  @ApiOkMedia(GEOJSON, ParcelFeatureView, 'The parcel, geometry in WGS84')
  @ApiV1Route('parcels:read', [400, 404])
  get(@Param('parcel_id') parcelId: string, @Req() request: FastifyRequest): Promise<ParcelFeatureView> {
    const message = validateMessage(GetParcelRequest, { parcel_id: parcelId });
    return this.services.call<ParcelFeatureView>(request, ParcelSubjects.get, message);
  }
}
