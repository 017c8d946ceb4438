import { Logger } from '@nestjs/common';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { gcra, type GcraDecision } from './gcra.js';

const BUCKET = 'gateway_rate_limits';
const MAX_ATTEMPTS = 8;

/**
 * Rate-limit state shared by every gateway replica: a JetStream key-value bucket holding one GCRA
 * arrival time per (key, class). Updates are compare-and-set on the entry's revision, so two
 * replicas counting the same key never lose a request. The last revision seen is remembered, so
 * the usual case costs one round-trip.
 */
export class RateLimitStore {
  private readonly known = new Map<string, { revision: number; tat: number }>();
  /** One update at a time per key in this process, so a replica never races itself. */
  private readonly queues = new Map<string, Promise<unknown>>();

  private readonly logger = new Logger('RateLimitStore');

  private constructor(private readonly kv: KV) {}

  static async open(nats: NatsConnection): Promise<RateLimitStore> {
    await jetstreamManager(nats); // fails fast with a clear error when JetStream is off
    const kv = await new Kvm(nats).create(BUCKET, {
      history: 1,
      // Entries outlive any window we use; idle keys then disappear on their own.
      ttl: 60 * 60 * 1000,
      storage: 'memory' as never,
      description: 'GCRA state per API key and rate class',
    });
    return new RateLimitStore(kv);
  }

  take(bucketKey: string, limit: number, windowMs: number): Promise<GcraDecision> {
    const previous = this.queues.get(bucketKey) ?? Promise.resolve();
    const next = previous.then(
      () => this.takeNow(bucketKey, limit, windowMs),
      () => this.takeNow(bucketKey, limit, windowMs),
    );
    this.queues.set(bucketKey, next);
    void next.finally(() => {
      if (this.queues.get(bucketKey) === next) this.queues.delete(bucketKey);
    }).catch(() => undefined);
    return next;
  }

  private async takeNow(bucketKey: string, limit: number, windowMs: number): Promise<GcraDecision> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const state = this.known.get(bucketKey) ?? (await this.read(bucketKey));
      const now = Date.now();
      const decision = gcra(now, state?.tat ?? null, limit, windowMs);
      if (!decision.allowed) return decision;
      const payload = String(decision.nextTat);
      try {
        const revision = state ? await this.kv.update(bucketKey, payload, state.revision) : await this.kv.create(bucketKey, payload);
        this.known.set(bucketKey, { revision, tat: decision.nextTat });
        return decision;
      } catch {
        // Another replica wrote first (or the entry expired): read the current state and retry.
        this.known.delete(bucketKey);
        const fresh = await this.read(bucketKey);
        if (fresh) this.known.set(bucketKey, fresh);
      }
    }
    // Replicas kept overwriting each other: let this one request through rather than fail it.
    this.logger.warn(`rate-limit state for ${bucketKey} kept changing under contention; request allowed`);
    return { allowed: true, nextTat: Date.now(), remaining: 0, retryAfterS: 0 };
  }

  private async read(bucketKey: string): Promise<{ revision: number; tat: number } | null> {
    const entry = await this.kv.get(bucketKey);
    if (!entry || entry.operation !== 'PUT') return null;
    return { revision: entry.revision, tat: Number(entry.string()) };
  }
}
