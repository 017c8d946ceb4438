import { Controller, Get } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { HealthView } from '@lp/contracts';
import { Public } from '../auth/route-policy.js';

/**
 * Liveness only. Readiness (which names our dependencies) and Prometheus metrics are served on the
 * ops port (OPS_PORT, 127.0.0.1), never on the public one.
 */
@ApiExcludeController()
@Public()
@Controller()
export class HealthController {
  @Get('healthz')
  healthz(): HealthView {
    return { status: 'ok', checks: {} };
  }
}
