import { Logger } from '@nestjs/common';
import { AppError } from '@lp/contracts';
import { ConnectionState, ensureStreamReplicas } from '@lp/messaging';
import { JetStreamApiCodes, JetStreamApiError, jetstreamManager } from '@nats-io/jetstream';
import { Kvm, type KV } from '@nats-io/kv';
import type { NatsConnection } from '@nats-io/transport-node';
import { gcra, type GcraDecision } from './gcra.js';
import { bookAhead, Demand, extendLease, LEASE_MS, leases, spendLease, type Lease } from './rate-limit-lease.js';

const BUCKET = 'gateway_rate_limits';
/**
 * How long a batch keeps retrying its compare-and-set while other replicas write the same key. A
 * replica that just wrote knows the new revision and writes again at once, while one that lost must
 * read first: under a steady stream of the other's writes it can lose many times in a row. It
 * waits a random few milliseconds between attempts, so the other runs ahead and falls idle.
 */
const CONTENTION_LIMIT_MS = 2_000;
const CONTENTION_PAUSE_MS = 4;

/** The state kept changing for CONTENTION_LIMIT_MS: the requests are neither counted nor let through. */
class ContendedError extends Error {}

/**
 * The write lost its compare-and-set: the key's last revision is not the one read (another replica
 * wrote it, or the entry expired). Anything else (a timeout, a full or missing stream) is a failure
 * of the store, answered at once rather than retried as contention.
 */
function lostCompareAndSet(error: unknown): boolean {
  return error instanceof JetStreamApiError && (error.code === JetStreamApiCodes.StreamWrongLastSequence || error.code === JetStreamApiCodes.StreamWrongLastSequenceUnknown);
}

interface Waiter {
  limit: number;
  windowMs: number;
  cost: number;
  resolve(decision: GcraDecision): void;
  reject(error: unknown): void;
}

interface KnownState {
  revision: number;
  tat: number;
}

/** A busy key's units booked ahead by this replica and its recent demand (rate-limit-lease.ts). */
interface Leasing {
  lease?: Lease;
  demand: Demand;
  lastSeenMs: number;
}

/** Keys idle this long lose their leasing record once there are more than SWEEP_ABOVE of them. */
const LEASING_IDLE_MS = 4 * LEASE_MS;
const SWEEP_ABOVE = 256;

/**
 * Rate-limit state shared by every gateway replica: a JetStream key-value bucket holding one GCRA
 * arrival time per (key, class). Writes are compare-and-set on the entry's revision, so replicas
 * counting the same key never lose a request.
 *
 * Requests for one key that arrive while a write is in flight are decided together: the GCRA steps
 * are applied one after another in memory and written back in one compare-and-set. The decisions
 * are exactly those of handling the requests one by one, at one round-trip per batch instead of
 * one per request. A replica serving a busy key books its next requests ahead in that same write
 * and spends them without a round-trip (rate-limit-lease.ts): never more than the limit, at the
 * cost of a few units lost when a lease ends unspent.
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
  private readonly leasing = new Map<string, Leasing>();

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
    this.leasing.clear();
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

  /** One request, or `cost` units of a cost budget (never booked ahead: leases hold single requests). */
  take(bucketKey: string, limit: number, windowMs: number, cost = 1): Promise<GcraDecision> {
    if (cost === 1 && leases(limit, windowMs)) {
      const now = Date.now();
      const record = this.leasingOf(bucketKey, now);
      record.demand.seen(now);
      const fromLease = spendLease(record.lease, now, limit, windowMs);
      if (fromLease) return Promise.resolve(fromLease);
    }
    return new Promise<GcraDecision>((resolve, reject) => {
      const queue = this.waiting.get(bucketKey);
      if (queue) {
        queue.push({ limit, windowMs, cost, resolve, reject });
        return;
      }
      this.waiting.set(bucketKey, [{ limit, windowMs, cost, resolve, reject }]);
      void this.drain(bucketKey);
    });
  }

  private leasingOf(bucketKey: string, now: number): Leasing {
    let record = this.leasing.get(bucketKey);
    if (!record) {
      if (this.leasing.size >= SWEEP_ABOVE) {
        for (const [key, other] of this.leasing) if (now - other.lastSeenMs > LEASING_IDLE_MS) this.leasing.delete(key);
      }
      record = { demand: new Demand(), lastSeenMs: now };
      this.leasing.set(bucketKey, record);
    }
    record.lastSeenMs = now;
    return record;
  }

  /** Answers the waiters the key's lease can, in order; the others are returned, still waiting. */
  private servedFromLease(bucketKey: string, waiters: Waiter[]): Waiter[] {
    const lease = this.leasing.get(bucketKey)?.lease;
    if (!lease) return waiters;
    const now = Date.now();
    return waiters.filter((waiter) => {
      const decision = waiter.cost === 1 ? spendLease(lease, now, waiter.limit, waiter.windowMs) : undefined;
      if (decision) waiter.resolve(decision);
      return !decision;
    });
  }

  /** Decides batches for one key until nobody waits; only one drain runs per key. */
  private async drain(bucketKey: string): Promise<void> {
    for (;;) {
      const queued = this.waiting.get(bucketKey) ?? [];
      if (queued.length === 0) {
        this.waiting.delete(bucketKey);
        return;
      }
      this.waiting.set(bucketKey, []);
      // requests that queued while the write booking a lease was under way are answered from it
      const batch = this.servedFromLease(bucketKey, queued);
      if (batch.length === 0) continue;
      try {
        const decisions = await this.whileConnected(() => this.decideBatch(bucketKey, batch));
        batch.forEach((waiter, index) => waiter.resolve(decisions[index]!));
      } catch (error) {
        // The bucket cannot be read or written (NATS or JetStream down): the request cannot be
        // counted, so it is refused as unavailable (503, retry later), neither let through nor a 500.
        this.logger.warn(`rate-limit store unavailable: ${error instanceof Error ? error.message : String(error)}`);
        // While the connection is down a reopen could not be answered; the reconnect reopens.
        if (!(error instanceof ContendedError) && !this.connection.down && !this.reopening) this.reopen();
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
    const giveUpAt = Date.now() + CONTENTION_LIMIT_MS;
    for (let attempt = 1; ; attempt++) {
      const state = this.known.get(bucketKey) ?? (await this.read(bucketKey));
      const now = Date.now();
      let tat = state?.tat ?? null;
      const decisions = batch.map((waiter) => {
        const decision = gcra(now, tat, waiter.limit, waiter.windowMs, waiter.cost);
        if (decision.allowed) tat = decision.nextTat;
        return decision;
      });
      // a busy key whose requests were all let through books its next ones in the same write
      const { limit, windowMs } = batch[batch.length - 1]!;
      const single = batch.every((waiter) => waiter.cost === 1);
      const record = single && leases(limit, windowMs) && decisions.every((d) => d.allowed) ? this.leasing.get(bucketKey) : undefined;
      const booked = record ? bookAhead(now, tat, limit, windowMs, record.demand.wanted(now)) : { units: 0, tat };
      tat = booked.tat;
      if (tat === (state?.tat ?? null)) return decisions; // all refused: nothing to write
      try {
        const payload = String(tat);
        const revision = state ? await this.kv.update(bucketKey, payload, state.revision) : await this.kv.create(bucketKey, payload);
        this.known.set(bucketKey, { revision, tat: tat! });
        if (record && booked.units > 0) record.lease = extendLease(record.lease, { units: booked.units, tat: tat!, expiresAt: now + LEASE_MS, limit, windowMs }, now);
        return decisions;
      } catch (error) {
        this.known.delete(bucketKey);
        if (!lostCompareAndSet(error)) throw error;
        // Another replica wrote first (or the entry expired): read the current state and retry,
        // after a pause, so that the state read is written back before it changes again.
        if (Date.now() >= giveUpAt) break;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, CONTENTION_PAUSE_MS)));
        const fresh = await this.read(bucketKey);
        if (fresh) this.known.set(bucketKey, fresh);
      }
    }
    // Letting them through uncounted would break the limit; refusing them as spent would be untrue.
    throw new ContendedError(`rate-limit state for ${bucketKey} kept changing for ${CONTENTION_LIMIT_MS} ms under other replicas' writes`);
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
