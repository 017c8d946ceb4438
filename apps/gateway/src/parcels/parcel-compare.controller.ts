import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { COMPARE_MAX_IDS, COMPARE_MIN_IDS, CompareParcelsRequest, ParcelComparisonView, ParcelSubjects } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** POST /v1/parcels/compare: the compare_parcels tool over REST (an addition). */
@ApiTags('Parcels')
@Controller('v1/parcels')
export class ParcelCompareController {
  constructor(private readonly services: ServiceCaller) {}

  @Post('compare')
  @HttpCode(200)
  @RequireScope('parcels:read')
  @ApiOperation({
    summary: `Side-by-side comparison of ${COMPARE_MIN_IDS} to ${COMPARE_MAX_IDS} parcels, one table-ready row each (an addition)`,
    description:
      'Rows in the order asked: area, zoning, blocking and restrictive constraint counts, mean slope and elevation, distances to substation, transit stop, school and water, ' +
      'and scenario_fit when scenario is given. best holds the best value per column and who holds it. A cell the data cannot fill is absent and explained in gaps. ' +
      'Unknown ids are listed in missing.',
    operationId: 'compareParcels',
  })
  @ApiBody({ type: CompareParcelsRequest })
  @ApiOkResponse({ type: ParcelComparisonView })
  @ApiV1Route('parcels:read', [400])
  compare(@Body() body: unknown, @Req() request: FastifyRequest): Promise<ParcelComparisonView> {
    const message = validateMessage(CompareParcelsRequest, body);
    return this.services.call(request, ParcelSubjects.compare, message);
  }
}
