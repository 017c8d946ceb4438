import type { INestMicroservice, LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import type { Server } from 'node:http';
import { ChunkingNatsServer } from './chunking-nats.server.js';
import { JsonLogger } from '@lp/runtime';
import { opsServerPort, startOpsServer, writeOpsPortFile, type ReadinessCheck } from '@lp/runtime';
import { RpcContextInterceptor } from './rpc-context.interceptor.js';
import { RpcErrorFilter } from './rpc-error.filter.js';
import { RpcValidationPipe } from './rpc-validation.pipe.js';

export interface ServiceOptions {
  /** App name; also the NATS queue group, so replicas share the load. */
  name: string;
  module: unknown;
  natsUrl: string;
  /** Internal port for /healthz, /readyz, /metrics (0 picks a free one). */
  opsPort: number;
  /** Address the ops port listens on (default loopback). */
  opsHost?: string;
  /** Where to write the ops port once bound (OPS_PORT_FILE). */
  opsPortFile?: string;
  logLevel?: LogLevel;
  /** Readiness checks beyond the NATS connection, built from the started app. */
  readiness?: (app: INestMicroservice) => Record<string, ReadinessCheck>;
}

export interface RunningService {
  app: INestMicroservice;
  opsPort: number;
  logger: JsonLogger;
  close(): Promise<void>;
}

/** Starts a NATS microservice with our validation, error mapping, request context and ops port. */
export async function bootstrapService(options: ServiceOptions): Promise<RunningService> {
  const logger = new JsonLogger(options.name, options.logLevel ?? 'log');
  const app = await NestFactory.createMicroservice(options.module as never, {
    strategy: new ChunkingNatsServer({
      servers: [options.natsUrl],
      queue: options.name,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
    }),
    logger,
    bufferLogs: false,
  });
  app.useGlobalPipes(new RpcValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  app.useGlobalInterceptors(new RpcContextInterceptor());
  await app.listen();

  let closing = false;
  const checks: Record<string, ReadinessCheck> = {
    shutdown: async () => {
      if (closing) throw new Error('shutting down');
    },
    nats: async () => {
      const nats = app.unwrap<NatsConnection>();
      if (nats.isClosed()) throw new Error('NATS connection closed');
      await nats.flush();
    },
    ...(options.readiness?.(app) ?? {}),
  };
  const ops: Server = await startOpsServer(options.opsPort, checks, options.opsHost);
  const opsPort = opsServerPort(ops);
  writeOpsPortFile(options.opsPortFile, opsPort);
  logger.event('log', 'service started', { queue: options.name, ops_port: opsPort });

  const close = async (): Promise<void> => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    // Leaves the queue group and answers what it holds (ChunkingNatsServer.close), then the modules stop.
    await app.close();
    await new Promise<void>((resolve) => ops.close(() => resolve()));
    logger.event('log', 'service stopped', { queue: options.name, shutdown_ms: Date.now() - started });
  };
  return { app, opsPort, logger, close };
}
