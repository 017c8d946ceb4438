import { Body, Controller, Get, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { CompileScenarioBody, CompileScenarioRequest, ScenarioListView, SearchParcelsRequest, SearchSubjects } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/**
 * HTTP face of search-svc's scenario catalogue: validates, forwards one NATS request, returns the
 * reply. Both routes are additions to the spec, which lists scenarios through the tool server only.
 */
@ApiTags('Search')
@Controller('v1/scenarios')
export class ScenariosController {
  constructor(private readonly services: ServiceCaller) {}

  @Get()
  @RequireScope('search:read')
  @ApiOperation({
    summary: 'Site-selection scenarios with hard criteria, parameters and ranking signals',
    description:
      'The twelve scenarios (one asset type each) with their effective values: each hard criterion in words and the structured ' +
      'filter it compiles to, each parameter with its default, range and unit, each ranking signal with its default weight. ' +
      'The same list as the list_scenarios tool; an addition to the spec.',
    operationId: 'listScenarios',
  })
  @ApiOkResponse({ type: ScenarioListView })
  @ApiV1Route('search:read', [])
  list(@Req() request: FastifyRequest): Promise<ScenarioListView> {
    return this.services.call(request, SearchSubjects.scenariosList, {});
  }

  @Post(':scenario_id/compile')
  @HttpCode(200)
  @RequireScope('search:read')
  @ApiOperation({
    summary: 'A scenario with parameter and weight overrides as a structured search request',
    description:
      'Returns the body to send to POST /v1/search/parcels: the same for the same input, no search is run. Parameters outside ' +
      'their range, unknown parameters and unknown signals answer 400 naming the allowed values. An addition to the spec.',
    operationId: 'compileScenario',
  })
  @ApiParam({ name: 'scenario_id', description: 'Scenario id (GET /v1/scenarios)', example: 'bess_storage' })
  @ApiBody({ type: CompileScenarioBody, required: false })
  @ApiOkResponse({ type: SearchParcelsRequest, description: 'The structured search request' })
  @ApiV1Route('search:read', [400, 404])
  compile(@Param('scenario_id') scenarioId: string, @Body() body: unknown, @Req() request: FastifyRequest): Promise<SearchParcelsRequest> {
    const overrides = validateMessage(CompileScenarioBody, body ?? {});
    const message = validateMessage(CompileScenarioRequest, { ...overrides, scenario: scenarioId });
    return this.services.call(request, SearchSubjects.scenariosCompile, message);
  }
}
