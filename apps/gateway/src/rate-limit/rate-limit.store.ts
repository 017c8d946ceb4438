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

  async take(bucketKey: string, limit: number, windowMs: number): Promise<GcraDecision> {
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
    throw new Error(`rate-limit state for ${bucketKey} kept changing under contention`);
  }

  private async read(bucketKey: string): Promise<{ revision: number; tat: number } | null> {
    const entry = await this.kv.get(bucketKey);
    if (!entry || entry.operation !== 'PUT') return null;
    return { revision: entry.revision, tat: Number(entry.string()) };
  }
}
