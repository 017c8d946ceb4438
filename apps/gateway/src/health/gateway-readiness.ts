import type { INestApplication } from '@nestjs/common';
import { SERVICE_CONTEXTS, serviceStatusSubject } from '@lp/contracts';
import type { NatsRpcClient, ReadinessCheck } from '@lp/messaging';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { NATS_RPC_CLIENT } from '../rpc/rpc.tokens.js';

/** What the gateway's /readyz (on the ops port) checks: the bus, the database and every service answering. */
export function gatewayReadiness(app: INestApplication): Record<string, ReadinessCheck> {
  const rpc = app.get<NatsRpcClient>(NATS_RPC_CLIENT);
  const db = app.get(DataSource);
  const checks: Record<string, ReadinessCheck> = {
    nats: async () => {
      await rpc.nats.flush();
    },
    database: async () => {
      await db.query('SELECT 1');
    },
  };
  for (const context of SERVICE_CONTEXTS) {
    checks[`${context}-svc`] = async () => {
      await rpc.call(serviceStatusSubject(context), {}, { requestId: randomUUID(), timeoutMs: 1500 });
    };
  }
  return checks;
}
