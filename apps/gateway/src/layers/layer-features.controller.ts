import { Controller, Get, Header, Inject, Param, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ErrorEnvelopeView, FEATURES_DEFAULT_LIMIT, FEATURES_MAX_LIMIT, LayerFeaturePageView, LayerFeaturesRequest, LayerSubjects } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { publicBaseUrl } from '../http/public-base-url.js';
import { pageLinks } from '../ogc/page-links.js';
import { queryNumber } from '../http/query-params.js';
import { ApiOkMedia, ApiV1Route } from '../openapi/api-docs.decorators.js';
import { GEOJSON } from '../http/media-types.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** HTTP face of layer-svc's feature pages: validates, forwards one NATS request, returns the page. */
@ApiTags('Layers')
@Controller('v1/layers')
export class LayerFeaturesController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get(':layer_id/features')
  @RequireScope('layers:read')
  @Header('content-type', GEOJSON)
  @ApiOperation({
    summary: 'Features of a layer inside a bounding box, one page at a time',
    description:
      `Features whose geometry intersects bbox, as a GeoJSON FeatureCollection in WGS84 (7 decimals). ` +
      'bbox is minLng,minLat,maxLng,maxLat and must overlap Poland; any size is allowed (all of Poland pages through the whole layer). ' +
      `limit is 1 to ${FEATURES_MAX_LIMIT} (default ${FEATURES_DEFAULT_LIMIT}); a page also ends early when its features reach about 768 KB of JSON. ` +
      'Pass next_cursor back as cursor with the same bbox until it is null, or follow the rel=next link (GDAL does). A cursor belongs to the layer version it was read from: ' +
      'if the layer is refreshed meanwhile the next page answers 409 stale_cursor, and the listing starts again without cursor, so no feature is skipped or repeated. ' +
      'Layers served only as tiles or WMS answer 400 saying how they are served.',
    operationId: 'listLayerFeatures',
  })
  @ApiParam({ name: 'layer_id', description: 'Layer id from GET /v1/layers, e.g. power_substations', example: 'parcels' })
  @ApiQuery({ name: 'bbox', type: String, required: true, description: 'minLng,minLat,maxLng,maxLat in WGS84, overlapping Poland, any size', example: '16.85,52.37,16.97,52.44' })
  @ApiQuery({
    name: 'limit',
    required: false,
    description: `Features per page, 1 to ${FEATURES_MAX_LIMIT}, default ${FEATURES_DEFAULT_LIMIT}`,
    schema: { type: 'integer', minimum: 1, maximum: FEATURES_MAX_LIMIT, default: FEATURES_DEFAULT_LIMIT },
  })
  @ApiQuery({ name: 'cursor', type: String, required: false, description: 'next_cursor of the previous page (with the same bbox)' })
  @ApiOkMedia(GEOJSON, LayerFeaturePageView, 'A page of features, geometry in WGS84')
  @ApiResponse({ status: 409, description: 'stale_cursor: the layer was refreshed since the cursor was issued; start again without cursor', type: ErrorEnvelopeView })
  @ApiV1Route('layers:read', [400, 404])
  async list(
    @Param('layer_id') layerId: string,
    @Query('bbox') bbox: unknown,
    @Query('limit') limit: unknown,
    @Query('cursor') cursor: unknown,
    @Req() request: FastifyRequest,
  ): Promise<LayerFeaturePageView> {
    const message = validateMessage(LayerFeaturesRequest, { layer_id: layerId, bbox, limit: queryNumber(limit), cursor });
    const page = await this.services.call(request, LayerSubjects.features, message);
    return { ...page, links: pageLinks(publicBaseUrl(this.env, request), request.url, page.next_cursor, GEOJSON) };
  }
}
