import { Logger } from '@nestjs/common';
import { AppError } from '@lp/contracts';
import { ConnectionState, ensureStreamReplicas } from '@lp/messaging';
import { jetstreamManager } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { gcra, type GcraDecision } from './gcra.js';

const BUCKET = 'gateway_rate_limits';
const MAX_ATTEMPTS = 8;

interface Waiter {
  limit: number;
  windowMs: number;
  resolve(decision: GcraDecision): void;
  reject(error: unknown): void;
}

interface KnownState {
  revision: number;
  tat: number;
}

/**
 * Rate-limit state shared by every gateway replica: a JetStream key-value bucket holding one GCRA
 * arrival time per (key, class). Writes are compare-and-set on the entry's revision, so replicas
 * counting the same key never lose a request.
 *
 * Requests for one key that arrive while a write is in flight are decided together: the GCRA steps
 * are applied one after another in memory and written back in one compare-and-set. The decisions
 * are exactly those of handling the requests one by one, at one round-trip per batch instead of
 * one per request.
 *
 * When the connection to NATS drops, requests being counted are refused at once (503) and so are
 * new ones until it is back: nats.js would keep the bucket's reads and writes waiting for their
 * timeout although their answers are lost. On reconnect the bucket is opened again (a restarted
 * server lost it: it is kept in memory) before anything is counted.
 */
export class RateLimitStore {
  private readonly logger = new Logger('RateLimitStore');
  private readonly known = new Map<string, KnownState>();
  private readonly waiting = new Map<string, Waiter[]>();

  private reopening: Promise<void> | undefined;
  private readonly connection: ConnectionState;

  private constructor(
    private readonly nats: NatsConnection,
    private kv: KV,
    private readonly replicas: number,
  ) {
    this.connection = ConnectionState.of(nats);
    this.connection.listen({ reconnect: () => this.reopen() });
  }

  /** `replicas`: NATS_STREAM_REPLICAS, the bucket's copies on a NATS cluster. */
  static async open(nats: NatsConnection, replicas: number): Promise<RateLimitStore> {
    await jetstreamManager(nats); // fails fast with a clear error when JetStream is off
    return new RateLimitStore(nats, await openBucket(nats, replicas), replicas);
  }

  /**
   * Opens the bucket again (created when missing): it is kept in memory, so a restarted NATS
   * server comes back without it, and counting resumes without a gateway restart. A newer reopen
   * (the next reconnect) replaces one still under way, whose answer may never come.
   */
  private reopen(): void {
    this.known.clear();
    const attempt: Promise<void> = openBucket(this.nats, this.replicas)
      .then((kv) => {
        if (this.reopening === attempt) this.kv = kv;
      })
      .catch((error: unknown) => this.logger.warn(`rate-limit bucket could not be opened yet: ${error instanceof Error ? error.message : String(error)}`))
      .finally(() => {
        if (this.reopening === attempt) this.reopening = undefined;
      });
    this.reopening = attempt;
  }

  take(bucketKey: string, limit: number, windowMs: number): Promise<GcraDecision> {
    return new Promise<GcraDecision>((resolve, reject) => {
      const queue = this.waiting.get(bucketKey);
      if (queue) {
        queue.push({ limit, windowMs, resolve, reject });
        return;
      }
      this.waiting.set(bucketKey, [{ limit, windowMs, resolve, reject }]);
      void this.drain(bucketKey);
    });
  }

  /** Decides batches for one key until nobody waits; only one drain runs per key. */
  private async drain(bucketKey: string): Promise<void> {
    for (;;) {
      const batch = this.waiting.get(bucketKey) ?? [];
      if (batch.length === 0) {
        this.waiting.delete(bucketKey);
        return;
      }
      this.waiting.set(bucketKey, []);
      try {
        const decisions = await this.whileConnected(() => this.decideBatch(bucketKey, batch));
        batch.forEach((waiter, index) => waiter.resolve(decisions[index]!));
      } catch (error) {
        // The bucket cannot be read or written (NATS or JetStream down): the request cannot be
        // counted, so it is refused as unavailable (503, retry later), neither let through nor a 500.
        this.logger.warn(`rate-limit store unavailable: ${error instanceof Error ? error.message : String(error)}`);
        // While the connection is down a reopen could not be answered; the reconnect reopens.
        if (!this.connection.down && !this.reopening) this.reopen();
        const unavailable = new AppError('service_unavailable', 'The rate-limit store is not available right now; retry in a few seconds.');
        batch.forEach((waiter) => waiter.reject(unavailable));
      }
    }
  }

  /**
   * The operation's outcome, or a failure as soon as the connection drops; while it is down the
   * operation is not started (what it sent would be discarded, and it would wait for its timeout).
   */
  private whileConnected<T>(operation: () => Promise<T>): Promise<T> {
    if (this.connection.down) return Promise.reject(new Error('the connection to NATS is down'));
    const running = operation();
    running.catch(() => undefined); // its late failure, once the drop has answered, is not an unhandled rejection
    return Promise.race([running, this.connection.dropped]);
  }

  private async decideBatch(bucketKey: string, batch: Waiter[]): Promise<GcraDecision[]> {
    if (this.reopening) await this.reopening;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const state = this.known.get(bucketKey) ?? (await this.read(bucketKey));
      const now = Date.now();
      let tat = state?.tat ?? null;
      const decisions = batch.map((waiter) => {
        const decision = gcra(now, tat, waiter.limit, waiter.windowMs);
        if (decision.allowed) tat = decision.nextTat;
        return decision;
      });
      if (tat === (state?.tat ?? null)) return decisions; // all refused: nothing to write
      try {
        const payload = String(tat);
        const revision = state ? await this.kv.update(bucketKey, payload, state.revision) : await this.kv.create(bucketKey, payload);
        this.known.set(bucketKey, { revision, tat: tat! });
        return decisions;
      } catch {
        // Another replica wrote first (or the entry expired): read the current state and retry.
        this.known.delete(bucketKey);
        const fresh = await this.read(bucketKey);
        if (fresh) this.known.set(bucketKey, fresh);
      }
    }
    // Replicas kept overwriting each other: let these requests through rather than fail them.
    this.logger.warn(`rate-limit state for ${bucketKey} kept changing under contention; ${batch.length} request(s) allowed`);
    return batch.map(() => ({ allowed: true, nextTat: Date.now(), remaining: 0, retryAfterS: 0 }));
  }

  private async read(bucketKey: string): Promise<KnownState | null> {
    const entry = await this.kv.get(bucketKey);
    if (!entry || entry.operation !== 'PUT') return null;
    return { revision: entry.revision, tat: Number(entry.string()) };
  }
}

/** Opens the bucket, created when missing; one made with fewer copies is raised to `replicas`. */
async function openBucket(nats: NatsConnection, replicas: number): Promise<KV> {
  const kv = await new Kvm(nats).create(BUCKET, {
    history: 1,
    replicas,
    // Entries outlive any window we use; idle keys then disappear on their own.
    ttl: 60 * 60 * 1000,
    storage: 'memory' as never,
    description: 'GCRA state per API key and rate class',
  });
  // A bucket is the stream KV_<bucket>.
  await ensureStreamReplicas(await jetstreamManager(nats), `KV_${BUCKET}`, replicas);
  return kv;
}
