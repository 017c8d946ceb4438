import { Controller, Get, Headers, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { LayerSubjects, LayerTileRequest, LayerTilesetRequest, type TileJsonView } from '@lp/contracts';
import { TILE_MAX_ZOOM } from '@lp/geo';
import { validateMessage } from '@lp/runtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimitClass, RequireScope } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { publicBaseUrl } from '../http/public-base-url.js';
import { queryNumber } from '../http/query-params.js';
import { ApiTileRoute, entityTags, noCacheRequested, sendTile } from '../layers/tile-reply.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';
import { WEB_MERCATOR_QUAD, checkTileMatrixSet, tileMatrixSetsDocument, tilesetDocument, tilesetsDocument, webMercatorQuadDocument } from './ogc-tiles-documents.js';

const COLLECTION_PARAM = { name: 'collectionId', description: 'A layer served as vector tiles (its collection links rel tilesets-vector)', example: 'power_substations' };
const TMS_PARAM = { name: 'tileMatrixSetId', description: `The tile matrix set: ${WEB_MERCATOR_QUAD} only`, schema: { type: 'string', enum: [WEB_MERCATOR_QUAD] } };
const JSON_OBJECT = { content: { 'application/json': { schema: { type: 'object' } } } } as const;

/**
 * OGC API - Tiles over the layers' vector tiles, so QGIS and GDAL find them from the collections:
 * the tile matrix set, a tileset per collection served as tiles, and tiles by the OGC template
 * (tileMatrix/tileRow/tileCol), cut by the same layer-svc service as /v1/layers/{id}/tiles.
 */
@ApiTags('OGC API - Tiles')
@Controller('v1/ogc')
export class OgcTilesController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get('tileMatrixSets')
  @RequireScope('layers:read')
  @ApiOperation({ summary: 'The tile matrix sets our tiles are cut in (WebMercatorQuad)', operationId: 'listOgcTileMatrixSets' })
  @ApiOkResponse({ description: 'tileMatrixSets with links to their definitions', ...JSON_OBJECT })
  @ApiV1Route('layers:read', [])
  tileMatrixSets(@Req() request: FastifyRequest): Record<string, unknown> {
    return tileMatrixSetsDocument(publicBaseUrl(this.env, request));
  }

  @Get('tileMatrixSets/:tileMatrixSetId')
  @RequireScope('layers:read')
  @ApiOperation({ summary: 'A tile matrix set definition (OGC TMS 2.0 JSON)', description: `Zooms 0 to ${TILE_MAX_ZOOM} of web mercator, 256-pixel tiles.`, operationId: 'getOgcTileMatrixSet' })
  @ApiParam(TMS_PARAM)
  @ApiOkResponse({ description: 'The tile matrix set', ...JSON_OBJECT })
  @ApiV1Route('layers:read', [404])
  tileMatrixSet(@Param('tileMatrixSetId') id: string, @Req() request: FastifyRequest): Record<string, unknown> {
    checkTileMatrixSet(id);
    return webMercatorQuadDocument(publicBaseUrl(this.env, request));
  }

  @Get('collections/:collectionId/tiles')
  @RequireScope('layers:read')
  @RateLimitClass('tiles')
  @ApiOperation({ summary: 'The vector tilesets of a collection', operationId: 'listOgcCollectionTilesets' })
  @ApiParam(COLLECTION_PARAM)
  @ApiOkResponse({ description: 'tilesets, each with its tile matrix set and tile URL template', ...JSON_OBJECT })
  @ApiV1Route('layers:read', [400, 404])
  async tilesets(@Param('collectionId') collectionId: string, @Req() request: FastifyRequest): Promise<Record<string, unknown>> {
    return tilesetsDocument(publicBaseUrl(this.env, request), collectionId, await this.tileJson(request, collectionId));
  }

  @Get('collections/:collectionId/tiles/:tileMatrixSetId')
  @RequireScope('layers:read')
  @RateLimitClass('tiles')
  @ApiOperation({
    summary: 'Tileset metadata of a collection: tile URL template, zoom limits, the layer inside the tiles and its fields',
    operationId: 'getOgcCollectionTileset',
  })
  @ApiParam(COLLECTION_PARAM)
  @ApiParam(TMS_PARAM)
  @ApiOkResponse({ description: 'The tileset (OGC API - Tiles tileset metadata)', ...JSON_OBJECT })
  @ApiV1Route('layers:read', [400, 404])
  async tileset(@Param('collectionId') collectionId: string, @Param('tileMatrixSetId') id: string, @Req() request: FastifyRequest): Promise<Record<string, unknown>> {
    checkTileMatrixSet(id);
    return tilesetDocument(publicBaseUrl(this.env, request), collectionId, await this.tileJson(request, collectionId));
  }

  @Get('collections/:collectionId/tiles/:tileMatrixSetId/:z/:y/:x')
  @RequireScope('layers:read')
  @RateLimitClass('tiles')
  @ApiOperation({
    summary: 'One vector tile of a collection, OGC order: tileMatrix (zoom) / tileRow (y) / tileCol (x)',
    description: 'The same tile as /v1/layers/{id}/tiles/{z}/{x}/{y}.mvt: 204 when empty, ETag and 304, tile rate limit.',
    operationId: 'getOgcCollectionTile',
  })
  @ApiParam(COLLECTION_PARAM)
  @ApiParam(TMS_PARAM)
  @ApiTileRoute('no feature there, outside Poland, or below the layer minzoom')
  @ApiV1Route('layers:read', [400, 404])
  async tile(
    @Param('collectionId') collectionId: string,
    @Param('tileMatrixSetId') id: string,
    @Param('z') z: string,
    @Param('y') y: string,
    @Param('x') x: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    checkTileMatrixSet(id);
    const message = validateMessage(LayerTileRequest, { layer_id: collectionId, z: queryNumber(z), x: queryNumber(x), y: queryNumber(y), if_none_match: entityTags(ifNoneMatch), no_cache: noCacheRequested(request) });
    sendTile(reply, await this.services.call(request, LayerSubjects.tile, message));
  }

  private tileJson(request: FastifyRequest, collectionId: string): Promise<TileJsonView> {
    return this.services.call(request, LayerSubjects.tileset, validateMessage(LayerTilesetRequest, { layer_id: collectionId }));
  }
}
