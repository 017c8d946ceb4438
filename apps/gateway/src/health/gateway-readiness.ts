import type { INestApplication } from '@nestjs/common';
import { SERVICE_CONTEXTS, serviceStatusSubject } from '@lp/contracts';
import type { NatsRpcClient } from '@lp/messaging';
import type { ReadinessCheck } from '@lp/runtime';
import { randomUUID } from 'node:crypto';
import { NATS_RPC_CLIENT } from '../rpc/rpc.tokens.js';
import { pingKeyDatabase } from '../db/gateway-store.module.js';

/**
 * What the gateway's /readyz (on the ops port) checks: what it needs itself, the bus and its key
 * database. Services are not part of it: as a Kubernetes readiness probe, one service down (or
 * search-svc building its index) would take every gateway pod out of the Service and the whole API
 * with it, where the gateway answers 503 for that service's routes alone.
 */
export function gatewayReadiness(app: INestApplication): Record<string, ReadinessCheck> {
  const rpc = app.get<NatsRpcClient>(NATS_RPC_CLIENT);
  return {
    nats: async () => {
      await rpc.nats.flush();
    },
    database: pingKeyDatabase(app),
  };
}

/** The gateway's /statusz: every service answering on the bus (what `npm start` and operators watch). */
export function serviceStatus(app: INestApplication): Record<string, ReadinessCheck> {
  const rpc = app.get<NatsRpcClient>(NATS_RPC_CLIENT);
  const checks: Record<string, ReadinessCheck> = {};
  for (const context of SERVICE_CONTEXTS) {
    checks[`${context}-svc`] = async () => {
      await rpc.call(serviceStatusSubject(context), {}, { requestId: randomUUID(), timeoutMs: 1500 });
    };
  }
  return checks;
}
