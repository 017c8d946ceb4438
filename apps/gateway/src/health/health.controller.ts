import { Controller, Get, Header, Inject, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SERVICE_CONTEXTS, serviceStatusSubject, type HealthView } from '@lp/contracts';
import { metricsRegistry, runChecks, type NatsRpcClient } from '@lp/messaging';
import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { Public } from '../auth/route-policy.js';
import { NATS_RPC_CLIENT } from '../rpc/rpc.tokens.js';

/** Liveness, readiness (bus, database and every service answering) and Prometheus metrics. */
@ApiExcludeController()
@Public()
@Controller()
export class HealthController {
  constructor(
    @Inject(NATS_RPC_CLIENT) private readonly rpc: NatsRpcClient,
    private readonly db: DataSource,
  ) {}

  @Get('healthz')
  healthz(): HealthView {
    return { status: 'ok', checks: {} };
  }

  @Get('readyz')
  async readyz(@Res() reply: FastifyReply): Promise<void> {
    const checks: Record<string, () => Promise<void>> = {
      nats: async () => {
        await this.rpc.nats.flush();
      },
      database: async () => {
        await this.db.query('SELECT 1');
      },
    };
    for (const context of SERVICE_CONTEXTS) {
      checks[`${context}-svc`] = async () => {
        await this.rpc.call(serviceStatusSubject(context), {}, { requestId: randomUUID(), timeoutMs: 1500 });
      };
    }
    const view = await runChecks(checks);
    void reply.status(view.status === 'ok' ? 200 : 503).send(view);
  }

  @Get('metrics')
  @Header('content-type', metricsRegistry.contentType)
  metrics(): Promise<string> {
    return metricsRegistry.metrics();
  }
}
