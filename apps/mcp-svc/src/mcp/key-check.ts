import { createHash } from 'node:crypto';
import type { KeyVerdict } from '../gateway/gateway.client.js';

export interface KeyCheckOptions {
  /** How long a verdict of the gateway is reused; 0 asks the gateway on every request. */
  ttlMs: number;
  /** Most keys remembered; the oldest verdict is forgotten first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  verdict: Promise<KeyVerdict>;
  expiresAt: number;
}

/**
 * Whether the gateway accepts a caller's key, asked once per key and remembered briefly, so a
 * misconfigured agent is refused at `initialize` (not at its first tool call) and a flood of
 * requests with one bad key costs the gateway one check per TTL. The gateway stays the judge:
 * every tool call is authenticated there again, so a key revoked meanwhile fails at its next call.
 */
export class KeyCheck {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly probe: (authorization: string, clientAddress?: string) => Promise<KeyVerdict>,
    private readonly options: KeyCheckOptions,
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The verdict on a key, asked for `clientAddress` (the gateway counts failed lookups per client).
   * Remembered by key alone: a key refused for one client is refused for every other without asking.
   */
  verdict(authorization: string, clientAddress?: string): Promise<KeyVerdict> {
    // Keys are remembered by digest only: no raw key stays in this process's memory.
    const id = createHash('sha256').update(authorization).digest('base64url');
    const cached = this.entries.get(id);
    if (cached && cached.expiresAt > this.now()) return cached.verdict;
    this.entries.delete(id);
    const verdict = this.probe(authorization, clientAddress);
    if (this.options.ttlMs > 0) {
      // Concurrent requests with the same key share one probe.
      this.entries.set(id, { verdict, expiresAt: this.now() + this.options.ttlMs });
      // No answer from the gateway says nothing about the key: ask again next time.
      void verdict.then((value) => value === 'unknown' && this.entries.get(id)?.verdict === verdict && this.entries.delete(id));
      if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    }
    return verdict;
  }
}
