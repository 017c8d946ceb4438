import { Controller, Get, Query, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  ListTransactionsRequest,
  MarketSubjects,
  PARCEL_ID_EXAMPLE,
  PROPERTY_TYPES,
  TRANSACTIONS_LIMIT_DEFAULT,
  TRANSACTIONS_LIMIT_MAX,
  TRANSACTIONS_RADIUS_DEFAULT_M,
  TRANSACTIONS_RADIUS_MAX_M,
  TransactionListView,
} from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { RequireScope } from '../auth/route-policy.js';
import { queryNumber } from '../http/query-params.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** HTTP face of market-svc: validates, forwards one NATS request, returns the reply. No rules here. */
@ApiTags('Market')
@Controller('v1/market')
export class MarketController {
  constructor(private readonly services: ServiceCaller) {}

  @Get('transactions')
  @RequireScope('market:read')
  @ApiOperation({
    summary: 'Notarised transactions around a parcel or in a region, newest first, with the median price per m2',
    description:
      'Exactly one of parcel_id (transactions within radius_m of the parcel, each with distance_m) and region (TERYT code; ' +
      'transactions in that voivodeship, powiat or gmina). count and median_price_per_sqm_pln cover every matching transaction, ' +
      'not only those returned. coverage tells whether the transactions layer has data in the parcel\'s gmina or the region: ' +
      'with status missing a count of 0 means no data, not no transactions.',
    operationId: 'listTransactions',
  })
  @ApiQuery({ name: 'parcel_id', type: String, required: false, description: 'EGiB parcel id; alternative to region', example: PARCEL_ID_EXAMPLE })
  @ApiQuery({ name: 'region', type: String, required: false, description: 'TERYT code of 2, 4 or 7 digits; alternative to parcel_id', example: '3064011' })
  @ApiQuery({ name: 'radius_m', type: Number, required: false, description: `Metres around the parcel, 1 to ${TRANSACTIONS_RADIUS_MAX_M}, default ${TRANSACTIONS_RADIUS_DEFAULT_M}` })
  @ApiQuery({ name: 'property_type', enum: PROPERTY_TYPES, required: false, description: 'Only this property type' })
  @ApiQuery({ name: 'since', type: String, required: false, description: 'Earliest deed date, YYYY-MM-DD, not in the future; default two years before today (UTC)' })
  @ApiQuery({ name: 'limit', type: Number, required: false, description: `1 to ${TRANSACTIONS_LIMIT_MAX}, default ${TRANSACTIONS_LIMIT_DEFAULT}` })
  @ApiOkResponse({ type: TransactionListView })
  @ApiV1Route('market:read', [400, 404])
  list(@Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<TransactionListView> {
    const message = validateMessage(ListTransactionsRequest, {
      ...query,
      ...(query['radius_m'] === undefined ? {} : { radius_m: queryNumber(query['radius_m']) }),
      ...(query['limit'] === undefined ? {} : { limit: queryNumber(query['limit']) }),
    });
    return this.services.call(request, MarketSubjects.transactionsList, message);
  }
}
