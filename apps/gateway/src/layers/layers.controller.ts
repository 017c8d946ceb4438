import { Controller, Get, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LayerListView, LayerSubjects } from '@lp/contracts';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** HTTP face of layer-svc. */
@ApiTags('Layers')
@Controller('v1/layers')
export class LayersController {
  constructor(private readonly services: ServiceCaller) {}

  @Get()
  @RequireScope('layers:read')
  @ApiOperation({ summary: 'Every data layer with category, source, coverage and freshness', operationId: 'listLayers' })
  @ApiOkResponse({ type: LayerListView })
  @ApiV1Route('layers:read', [])
  list(@Req() request: FastifyRequest): Promise<LayerListView> {
    return this.services.call(request, LayerSubjects.list, {});
  }
}
