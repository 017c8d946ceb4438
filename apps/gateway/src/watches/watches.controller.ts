import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  AppError,
  CreatedWatchView,
  CreateWatchBody,
  CreateWatchRequest,
  DeletedWatchView,
  ListWatchEventsRequest,
  ListWatchesRequest,
  WATCH_EVENTS_LIMIT_DEFAULT,
  WATCH_EVENTS_LIMIT_MAX,
  WATCH_ID_EXAMPLE,
  WatchByIdRequest,
  WatchEventPageView,
  WatchesSubjects,
  WatchListView,
  WatchView,
} from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from '../auth/auth.guard.js';
import { RequireScope } from '../auth/route-policy.js';
import { queryNumber } from '../http/query-params.js';
import { ApiV1Route } from '../openapi/api-docs.decorators.js';
import { ServiceCaller } from '../rpc/service-caller.js';

/** The key a watch belongs to: set here from the verified key, never taken from the caller. */
function ownerOf(request: FastifyRequest): string {
  const key = (request as AuthenticatedRequest).apiKey;
  if (!key) throw new AppError('internal', 'A watch route ran without a verified key.');
  return key.id;
}

/** HTTP face of watches-svc: validates, forwards one NATS request with the key as owner, returns the reply. */
@ApiTags('Watches')
@Controller('v1/watches')
export class WatchesController {
  constructor(private readonly services: ServiceCaller) {}

  @Post()
  @HttpCode(201)
  @RequireScope('watches:write')
  @ApiOperation({
    summary: 'Watch a search, a scenario, a sentence or parcels, and be told when the land changes',
    description:
      'Exactly one of search, scenario, query or parcel_ids. A scenario is compiled and a sentence interpreted once, so the watch means ' +
      "later what it meant now. After each layer refresh that touches the watch's regions, changes become events: a parcel entered or " +
      "left the results (with the deciding criterion), a watched parcel's facts changed, or a criterion went from unknown to known " +
      '(coverage). Events are in GET /v1/watches/{id}/events and, with webhook_url, POSTed signed with HMAC-SHA256 over ' +
      '"<timestamp>.<body>" using webhook_secret, which is shown only in this answer. Webhook URLs to private, loopback or link-local ' +
      'addresses are refused. A key may hold a limited number of watches (400 past it).',
    operationId: 'createWatch',
  })
  @ApiBody({ type: CreateWatchBody })
  @ApiCreatedResponse({ type: CreatedWatchView })
  @ApiV1Route('watches:write', [400, 422])
  create(@Body() body: unknown, @Req() request: FastifyRequest): Promise<CreatedWatchView> {
    const fields = validateMessage(CreateWatchBody, body ?? {});
    const message = validateMessage(CreateWatchRequest, { ...fields, owner: ownerOf(request) });
    return this.services.call(request, WatchesSubjects.create, message);
  }

  @Get()
  @RequireScope('watches:read')
  @ApiOperation({ summary: "This key's watches, oldest first", operationId: 'listWatches' })
  @ApiOkResponse({ type: WatchListView })
  @ApiV1Route('watches:read', [])
  list(@Req() request: FastifyRequest): Promise<WatchListView> {
    const message = validateMessage(ListWatchesRequest, { owner: ownerOf(request) });
    return this.services.call(request, WatchesSubjects.list, message);
  }

  @Get(':id')
  @RequireScope('watches:read')
  @ApiOperation({ summary: 'One watch of this key, with its webhook delivery state', operationId: 'getWatch' })
  @ApiParam({ name: 'id', example: WATCH_ID_EXAMPLE })
  @ApiOkResponse({ type: WatchView })
  @ApiV1Route('watches:read', [400, 404])
  get(@Param('id') id: string, @Req() request: FastifyRequest): Promise<WatchView> {
    const message = validateMessage(WatchByIdRequest, { owner: ownerOf(request), id });
    return this.services.call(request, WatchesSubjects.get, message);
  }

  @Delete(':id')
  @RequireScope('watches:write')
  @ApiOperation({ summary: 'Stop a watch; its events go with it', operationId: 'deleteWatch' })
  @ApiParam({ name: 'id', example: WATCH_ID_EXAMPLE })
  @ApiOkResponse({ type: DeletedWatchView })
  @ApiV1Route('watches:write', [400, 404])
  delete(@Param('id') id: string, @Req() request: FastifyRequest): Promise<DeletedWatchView> {
    const message = validateMessage(WatchByIdRequest, { owner: ownerOf(request), id });
    return this.services.call(request, WatchesSubjects.delete, message);
  }

  @Get(':id/events')
  @RequireScope('watches:read')
  @ApiOperation({
    summary: "A watch's events, oldest first (the pull feed)",
    description:
      'Pass next_cursor back as cursor for the next page; null means no more for now. Event ids are stable: a webhook delivered twice carries the same id.',
    operationId: 'listWatchEvents',
  })
  @ApiParam({ name: 'id', example: WATCH_ID_EXAMPLE })
  @ApiQuery({ name: 'cursor', type: String, required: false, description: 'next_cursor of the previous page' })
  @ApiQuery({ name: 'limit', type: Number, required: false, description: `1 to ${WATCH_EVENTS_LIMIT_MAX}, default ${WATCH_EVENTS_LIMIT_DEFAULT}` })
  @ApiOkResponse({ type: WatchEventPageView })
  @ApiV1Route('watches:read', [400, 404])
  events(@Param('id') id: string, @Query() query: Record<string, unknown>, @Req() request: FastifyRequest): Promise<WatchEventPageView> {
    const message = validateMessage(ListWatchEventsRequest, {
      owner: ownerOf(request),
      id,
      ...(query['cursor'] === undefined ? {} : { cursor: query['cursor'] }),
      ...(query['limit'] === undefined ? {} : { limit: queryNumber(query['limit']) }),
    });
    return this.services.call(request, WatchesSubjects.eventsList, message);
  }
}
