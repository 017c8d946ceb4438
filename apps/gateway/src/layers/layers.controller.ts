import { Controller, Get, Inject, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LayerListView, LayerSubjects, type LayerView } from '@lp/contracts';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { publicBaseUrl } from '../http/public-base-url.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** HTTP face of layer-svc. */
@ApiTags('Layers')
@Controller('v1/layers')
export class LayersController {
  constructor(
    private readonly services: ServiceCaller,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  @Get()
  @RequireScope('layers:read')
  @ApiOperation({ summary: 'Every data layer with category, source, coverage and freshness', operationId: 'listLayers' })
  @ApiOkResponse({ type: LayerListView })
  @ApiV1Route('layers:read', [])
  async list(@Req() request: FastifyRequest): Promise<LayerListView> {
    const reply = await this.services.call(request, LayerSubjects.list, {});
    const base = publicBaseUrl(this.env, request);
    return { layers: reply.layers.map((layer) => withAbsoluteTileUrls(layer, base)) };
  }
}

/**
 * layer-svc knows paths, not where clients reach the gateway; every other link in our answers (TileJSON,
 * OGC links, report links) is absolute, so the tile templates are made absolute the same way.
 */
function withAbsoluteTileUrls(layer: LayerView, base: string): LayerView {
  const absolute = (path: string | null | undefined): string | null | undefined => (typeof path === 'string' && path.startsWith('/') ? `${base}${path}` : path);
  return {
    ...layer,
    tiles_url: absolute(layer.tiles_url) ?? null,
    ...(layer.raster_tiles_url !== undefined ? { raster_tiles_url: absolute(layer.raster_tiles_url) } : {}),
  };
}
