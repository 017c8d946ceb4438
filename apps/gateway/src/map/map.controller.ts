import { Controller, Get, Headers, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BasemapTileRequest, LayerSubjects } from '@lp/contracts';
import { TILE_MAX_ZOOM } from '@lp/geo';
import { validateMessage } from '@lp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { publicBaseUrl } from '../http/public-base-url.js';
import { queryNumber } from '../http/query-params.js';
import { ApiTileRoute, entityTags, sendTile } from '../layers/tile-reply.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';
import { mapStyle } from './map-style.js';
import { OverlayTilesetsService } from './overlay-tilesets.service.js';

/** The map's style and its base-map tiles: a map of Poland from our own data, for any MapLibre client. */
@ApiTags('Layers')
@Controller('v1')
export class MapController {
  constructor(
    private readonly services: ServiceCaller,
    private readonly overlayTilesets: OverlayTilesetsService,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('map/style.json')
  @RequireScope('layers:read')
  @RateLimitClass('tiles')
  @ApiOperation({
    summary: 'MapLibre style of the map (an addition): base map and switchable overlays from our own tiles',
    description:
      'Style spec v8. Sources: `basemap` (GET /v1/basemap/tiles) and one per layer served as tiles, with its tile URLs, zooms and bounds ' +
      'written in (the TileJSON of GET /v1/layers/{layer_id}/tiles.json; `url` to it only when that could not be read), so a map asks for no ' +
      'TileJSON and its first load costs one request of the tile budget beside its tiles. No glyphs or sprites: ' +
      'MapLibre GL JS 5.11+ draws labels with the browser fonts. metadata["landparcel:overlays"] lists the overlays with their style layers ' +
      'and legend colours. Every URL needs the same Authorization header (MapLibre: transformRequest).',
    operationId: 'getMapStyle',
  })
  @ApiOkResponse({ description: 'MapLibre style JSON', schema: { type: 'object', additionalProperties: true } })
  @ApiV1Route('layers:read', [])
  async style(@Req() request: FastifyRequest): Promise<Record<string, unknown>> {
    return mapStyle(publicBaseUrl(this.env, request), await this.overlayTilesets.tilesets(request));
  }

  @Get('basemap/tiles/:z/:x/:y.mvt')
  @RequireScope('layers:read')
  @RateLimitClass('tiles')
  @ApiOperation({
    summary: 'One base-map vector tile (an addition): land cover, waterways, admin bounds, place labels, roads, buildings',
    description:
      `XYZ tile in web mercator (z 0 to ${TILE_MAX_ZOOM}), extent 4096. Source layers: land_cover (z8+), waterways (z7+), admin_bounds, ` +
      'places (one label point per administrative unit: name, kind, teryt; below z9 also kind city, the cities with powiat rights), roads (z6+), buildings (z13+); low zooms carry only the kinds a ' +
      'map of that scale draws (voivodeships and motorways for all of Poland). 204 outside Poland; ETag over every layer version, ' +
      'Cache-Control: public, max-age=300, 304 on If-None-Match.',
    operationId: 'getBasemapTile',
  })
  @ApiTileRoute('nothing of the base map there (outside Poland)')
  @ApiV1Route('layers:read', [400])
  async basemapTile(
    @Param('z') z: string,
    @Param('x') x: string,
    @Param('y') y: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const message = validateMessage(BasemapTileRequest, { z: queryNumber(z), x: queryNumber(x), y: queryNumber(y), if_none_match: entityTags(ifNoneMatch) });
    sendTile(reply, await this.services.call(request, LayerSubjects.basemap, message));
  }
}
