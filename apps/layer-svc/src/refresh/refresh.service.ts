import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { LAYER_CATALOGUE, type Cadence } from '@lp/contracts';
import { LagTolerantReads } from '@lp/db';
import { DataSource } from 'typeorm';
import { LAYER_SVC_ENV, type LayerSvcEnv } from '../config/layer-svc.env.js';
import { LayerSources } from './layer-sources.js';
import { OutboxPublisher } from './refresh-events.js';
import { RefreshPipeline, type RefreshResult } from './refresh-pipeline.js';
import { connect, type NatsConnection } from '@nats-io/transport-node';

const CADENCE_MS: Record<Cadence, number> = {
  daily: 24 * 3600_000,
  weekly: 7 * 24 * 3600_000,
  monthly: 30 * 24 * 3600_000,
  quarterly: 91 * 24 * 3600_000,
};

/**
 * Runs refreshes on request and by each layer's cadence, one at a time per process (the pipeline
 * also locks per layer across processes), and publishes the outbox of refresh events.
 */
@Injectable()
export class RefreshService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('RefreshService');
  private readonly pipeline: RefreshPipeline;
  private readonly sources: LayerSources;
  private outbox?: OutboxPublisher;
  private nats?: NatsConnection;
  private timers: NodeJS.Timeout[] = [];
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly db: DataSource,
    @Inject(LAYER_SVC_ENV) private readonly env: LayerSvcEnv,
    private readonly reads: LagTolerantReads,
  ) {
    this.pipeline = new RefreshPipeline(db, env.DATABASE_URL);
    this.sources = new LayerSources(env.LAYER_SOURCES_DIR);
  }

  async onApplicationBootstrap(): Promise<void> {
    // A connection of its own for events, so publishing never waits behind request traffic.
    this.nats = await connect({ servers: this.env.NATS_URL, name: 'layer-svc-events', maxReconnectAttempts: -1 });
    this.outbox = new OutboxPublisher(this.db, this.nats, this.env.NATS_STREAM_REPLICAS);
    void this.publishEvents();
    this.timers.push(setInterval(() => void this.publishEvents(), 10_000));
    if (this.env.REFRESH_SCHEDULER === 'on') {
      this.timers.push(setInterval(() => void this.runDueRefreshes(), this.env.REFRESH_CHECK_SECONDS * 1000));
      this.logger.log(`scheduler on: checking every ${this.env.REFRESH_CHECK_SECONDS} s for layers due by cadence in ${this.env.LAYER_SOURCES_DIR ?? '(no sources dir)'}`);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    await this.nats?.drain().catch(() => undefined);
  }

  refresh(layerId: string, source: string | undefined, allowShrink: boolean): Promise<RefreshResult> {
    const resolved = this.sources.resolve(layerId, source);
    return this.enqueue(async () => {
      const result = await this.pipeline.refresh(layerId, { source: resolved, allowShrink, progress: (message) => this.logger.log(message) });
      await this.publishEvents();
      // Whoever asked for the refresh reads the new version next: this instance's reads wait for the
      // replica to replay the swap without waiting to hear its own event.
      await this.reads.requirePrimaryPosition().catch(() => undefined);
      return result;
    });
  }

  /** Layers whose served version is older than their cadence and that have a configured source. */
  async runDueRefreshes(now = Date.now()): Promise<string[]> {
    const states: Array<{ layer_id: string; refreshed_at: Date | null }> = await this.pipelineState();
    const refreshedAt = new Map(states.map((row) => [row.layer_id, row.refreshed_at?.getTime() ?? 0]));
    const due = LAYER_CATALOGUE.filter((layer) => this.sources.configuredSource(layer.id) && now - (refreshedAt.get(layer.id) ?? 0) >= CADENCE_MS[layer.cadence]).map((layer) => layer.id);
    // admin_bounds first: gminas are assigned and coverage computed against it.
    due.sort((a, b) => Number(b === 'admin_bounds') - Number(a === 'admin_bounds'));
    for (const layerId of due) {
      await this.refresh(layerId, undefined, false).catch((error: unknown) => this.logger.error(`scheduled refresh of ${layerId} failed: ${error instanceof Error ? error.message : String(error)}`));
    }
    return due;
  }

  private pipelineState(): Promise<Array<{ layer_id: string; refreshed_at: Date | null }>> {
    return this.pipeline.states();
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async publishEvents(): Promise<void> {
    if (!this.outbox) return;
    try {
      await this.outbox.publishPending();
    } catch (error) {
      this.logger.warn(`could not publish refresh events yet: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
