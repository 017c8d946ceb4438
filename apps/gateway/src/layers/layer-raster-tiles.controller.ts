import { Controller, Get, Headers, Param, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiResponse, ApiTags } from '@nestjs/swagger';
import { LayerRasterTileRequest, LayerSubjects } from '@lp/contracts';
import { TILE_MAX_ZOOM } from '@lp/geo';
import { validateMessage } from '@lp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { queryNumber } from '../http/query-params.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';
import { TILE_HEADERS, entityTags, sendTileBytes } from './tile-reply.js';

/** HTTP face of layer-svc's raster tiles: the image arrives base64-encoded over NATS and leaves as bytes. */
@ApiTags('Layers')
@Controller('v1/layers')
export class LayerRasterTilesController {
  constructor(private readonly services: ServiceCaller) {}

  @Get(':layer_id/tiles/:z/:x/:y.png')
  @RequireScope('layers:read')
  @RateLimitClass('tiles')
  @ApiOperation({
    summary: 'One raster tile (PNG) of a raster layer: the shaded relief, or the orthophotomap proxied',
    description:
      `XYZ tile in web mercator, 256 px (z 0 to ${TILE_MAX_ZOOM}). terrain_hillshade is drawn by GDAL from the elevation model the service ` +
      'holds (the sheets each terrain run loads, the same model terrain_stats and contours are computed from): gdalwarp resamples it onto the ' +
      'tile and a margin of 16 pixels (bilinear), gdaldem hillshade shades it (vertical exaggeration 4), transparent where there is no model; ' +
      'from zoom 10 (a lower zoom answers 204). ortho is the WMS of ORTHO_WMS_URL (GUGiK by default) asked for the same tile (image/jpeg): ' +
      'where this server cannot reach it the answer is 503 saying so, and GET /v1/layers shows ortho with raster_tiles_url null and unavailable. ' +
      'GDAL opens the tiles with its WMS driver (a TMS service description, key in GDAL_HTTP_HEADERS); QGIS as an XYZ layer. ' +
      'ETag follows the versions of the data drawn (the elevation model; ortho: the day); If-None-Match answers 304.',
    operationId: 'getLayerRasterTile',
  })
  @ApiParam({ name: 'layer_id', description: 'A layer whose served_via includes wms: terrain_hillshade or ortho', example: 'terrain_hillshade' })
  @ApiParam({ name: 'z', description: `Zoom, 0 to ${TILE_MAX_ZOOM}`, schema: { type: 'integer', minimum: 0, maximum: TILE_MAX_ZOOM } })
  @ApiParam({ name: 'x', description: 'Column, 0 to 2^z-1', schema: { type: 'integer', minimum: 0 } })
  @ApiParam({ name: 'y', description: 'Row from the north, 0 to 2^z-1', schema: { type: 'integer', minimum: 0 } })
  @ApiResponse({
    status: 200,
    description: 'The tile',
    headers: TILE_HEADERS,
    content: { 'image/png': { schema: { type: 'string', format: 'binary' } }, 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiResponse({ status: 204, description: 'No data in the tile (outside Poland or the elevation data, or below zoom 10 for the hillshade)', headers: TILE_HEADERS })
  @ApiResponse({ status: 304, description: 'Not modified: If-None-Match holds the current ETag', headers: TILE_HEADERS })
  @ApiV1Route('layers:read', [400, 404])
  async tile(
    @Param('layer_id') layerId: string,
    @Param('z') z: string,
    @Param('x') x: string,
    @Param('y') y: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const message = validateMessage(LayerRasterTileRequest, { layer_id: layerId, z: queryNumber(z), x: queryNumber(x), y: queryNumber(y), if_none_match: entityTags(ifNoneMatch) });
    const tile = await this.services.call(request, LayerSubjects.rasterTile, message);
    sendTileBytes(reply, tile, tile.content_type, tile.image_base64 === null ? null : Buffer.from(tile.image_base64, 'base64'));
  }
}
