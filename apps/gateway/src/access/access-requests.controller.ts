import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { AccessRequestRequest, AccessRequestView, ErrorEnvelopeView } from '@lp/contracts';
import { validateMessage } from '@lp/runtime';
import type { FastifyRequest } from 'fastify';
import { Public, RateLimitClass } from '../auth/route-policy.js';
import { ClientIpLimiter } from '../rate-limit/client-ip-limiter.js';
import { AccessRequestRepository } from './access-request.repository.js';

/** The private preview's "access on request": stored for operators (npm run keys -- requests / approve). */
@ApiTags('Access')
@Controller('v1/access-requests')
export class AccessRequestsController {
  constructor(
    @Inject(AccessRequestRepository) private readonly requests: AccessRequestRepository,
    @Inject(ClientIpLimiter) private readonly clients: ClientIpLimiter,
  ) {}

  @Post()
  @Public()
  @RateLimitClass('public')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Ask for access to the private preview (an addition; no key needed)',
    description:
      'Who you are, REST or tool server or both, regions and layers of interest. Stored for the operators, who answer with a key. ' +
      'Limited per client address (RATE_LIMIT_ACCESS_REQUESTS_PER_HOUR, besides the public-route limit).',
    operationId: 'requestAccess',
  })
  @ApiBody({ type: AccessRequestRequest })
  @ApiCreatedResponse({ type: AccessRequestView })
  @ApiResponse({ status: 400, description: 'invalid_request', type: ErrorEnvelopeView })
  @ApiResponse({ status: 429, description: 'rate_limited', type: ErrorEnvelopeView, headers: { 'Retry-After': { description: 'Seconds to wait', required: true, schema: { type: 'integer' } } } })
  async create(@Body() body: unknown, @Req() request: FastifyRequest): Promise<AccessRequestView> {
    const message = validateMessage(AccessRequestRequest, body);
    await this.clients.chargeAccessRequest(request.ip);
    return { id: await this.requests.insert(message), status: 'pending' };
  }
}
