import { Controller, Get, Headers, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { LayerSubjects, LayerTileRequest, LayerTilesetRequest, TileJsonView } from '@lp/contracts';
import { TILE_MAX_ZOOM } from '@lp/geo';
import { validateMessage } from '@lp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { ApiTileRoute, entityTags, noCacheRequested, sendTile } from './tile-reply.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { queryNumber } from '../http/query-params.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';
import { publicBaseUrl } from '../http/public-base-url.js';

/** HTTP face of layer-svc's vector tiles: bytes arrive raw after the JSON reply over NATS and leave as MVT. */
@ApiTags('Layers')
@Controller('v1/layers')
export class LayerTilesController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get(':layer_id/tiles/:z/:x/:y.mvt')
  @RequireScope('layers:read')
  @RateLimitClass('tiles')
  @ApiOperation({
    summary: 'One Mapbox vector tile of a layer served as tiles',
    description:
      `XYZ tile in web mercator (z 0 to ${TILE_MAX_ZOOM}, x and y 0 to 2^z-1), one layer named after the layer id, extent 4096, buffer 64. ` +
      'Features carry id (the feature id of GET /features), kind, name, teryt and a few key attributes (tiles.json lists them). ' +
      'A tile with no feature, outside Poland or below the layer minzoom answers 204 with no body. A tile holds at most 20000 features; ' +
      'denser tiles keep the largest ones. Responses carry ETag (layer version and tile) and Cache-Control: public, max-age=300; ' +
      'If-None-Match with the ETag answers 304. Recent tiles are answered from memory (checked against the served version first); ' +
      'Cache-Control: no-cache makes the tile afresh.',
    operationId: 'getLayerTile',
  })
  @ApiParam({ name: 'layer_id', description: 'A layer whose served_via includes tiles', example: 'parcels' })
  @ApiTileRoute('no feature there, outside Poland, or below the layer minzoom')
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
    const message = validateMessage(LayerTileRequest, {
      layer_id: layerId,
      z: queryNumber(z),
      x: queryNumber(x),
      y: queryNumber(y),
      if_none_match: entityTags(ifNoneMatch),
      no_cache: noCacheRequested(request),
    });
    sendTile(reply, await this.services.call(request, LayerSubjects.tile, message));
  }

  @Get(':layer_id/tiles.json')
  @RequireScope('layers:read')
  @RateLimitClass('tiles')
  @ApiOperation({
    summary: 'TileJSON 3.0.0 of a layer served as vector tiles',
    description: 'Tile URL template, zoom range, bounds of the served data and the fields of the tiles. Tile requests need the same Authorization header.',
    operationId: 'getLayerTileJson',
  })
  @ApiParam({ name: 'layer_id', description: 'A layer whose served_via includes tiles', example: 'parcels' })
  @ApiOkResponse({ type: TileJsonView })
  @ApiV1Route('layers:read', [400, 404])
  async tileset(@Param('layer_id') layerId: string, @Req() request: FastifyRequest): Promise<TileJsonView> {
    const message = validateMessage(LayerTilesetRequest, { layer_id: layerId });
    const tileset = await this.services.call(request, LayerSubjects.tileset, message);
    const base = publicBaseUrl(this.env, request);
    return { ...tileset, tiles: tileset.tiles.map((path) => `${base}${path}`) };
  }
}
