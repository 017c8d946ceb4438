import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppError, SCOPES, isScope, type Scope } from '@lp/contracts';
import type { NatsRpcClient } from '@lp/messaging';
import type { Subscription } from '@nats-io/transport-node';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { NATS_RPC_CLIENT } from '../rpc/rpc.tokens.js';
import { generateApiKey, hashMatches, hashSecret, parseApiKey, type ApiKeyRecord, type ParsedKey } from './api-key.js';
import { ApiKeyRepository, type StoredApiKey } from './api-key.repository.js';
import { ExpiringSet } from './expiring-set.js';
import { apiKeyOfAuthorization } from './authorization-header.js';
import { keyLookups } from './key-metrics.js';

/** Published by whoever revokes a key, so that every gateway replica forgets it at once. */
export const KEY_REVOKED_SUBJECT = 'gateway.keys.revoked';

interface CachedKey {
  key: StoredApiKey;
  expiresAt: number;
}

/**
 * Verifies API keys with as few database lookups as is safe:
 * - a verified key is cached for API_KEY_CACHE_SECONDS, but only trusted while the revocation poll
 *   (every KEY_REVOCATION_POLL_MS, reading revoked_at in the database) has succeeded recently: a
 *   revocation takes effect within about one poll interval even when the NATS broadcast is lost,
 *   and when the database cannot be read the cache is not trusted at all;
 * - a rejected key is remembered (bounded, NEGATIVE_KEY_CACHE_SECONDS), so repeating it costs no lookup.
 */
@Injectable()
export class ApiKeyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ApiKeyService');
  private readonly cache = new Map<string, CachedKey>();
  private readonly rejected: ExpiringSet;
  private revocations?: Subscription;
  private poll?: NodeJS.Timeout;
  private revocationsCheckedAt: Date | null = null;
  private lastPollOkAt = 0;

  constructor(
    private readonly keys: ApiKeyRepository,
    @Inject(NATS_RPC_CLIENT) private readonly rpc: NatsRpcClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {
    this.rejected = new ExpiringSet(env.NEGATIVE_KEY_CACHE_SIZE, env.NEGATIVE_KEY_CACHE_SECONDS * 1000);
  }

  async onModuleInit(): Promise<void> {
    this.revocations = this.rpc.nats.subscribe(KEY_REVOKED_SUBJECT, {
      callback: (_error, message) => this.forget(message.string(), 'revocation message'),
    });
    await this.pollRevocations();
    this.poll = setInterval(() => void this.pollRevocations(), this.env.KEY_REVOCATION_POLL_MS);
    this.poll.unref();
  }

  onModuleDestroy(): void {
    this.revocations?.unsubscribe();
    clearInterval(this.poll);
  }

  /**
   * The key behind an Authorization header (Bearer, or Basic with the key as the password), or `unauthorized` saying what is wrong. `beforeLookup`
   * runs before a database lookup (and may refuse it, e.g. for a client over its failure budget).
   */
  async authenticate(authorization: string | undefined, beforeLookup: () => void = () => undefined): Promise<ApiKeyRecord> {
    const parsed = parseApiKey(apiKeyOfAuthorization(authorization));
    if (!parsed) throw new AppError('unauthorized', INVALID_KEY);
    // hashed once a request: the hash finds a custom key, keys the rejection cache and is compared
    const secretHash = hashSecret(parsed.secret);
    const secretHex = secretHash.toString('hex');
    const cacheKey = parsed.prefix ?? `#${secretHex}`;
    const rejectionKey = `${cacheKey}:${secretHex}`;
    const rejection = this.rejected.get(rejectionKey);
    if (rejection) throw new AppError('unauthorized', rejection);
    const stored = this.cached(cacheKey) ?? (await this.lookup(parsed, secretHash, cacheKey, beforeLookup));
    const failure = !stored || !hashMatches(secretHash, stored.secretHash) ? INVALID_KEY : stored.revokedAt ? 'The API key has been revoked.' : null;
    if (failure) {
      this.rejected.add(rejectionKey, failure);
      throw new AppError('unauthorized', failure);
    }
    return stored!;
  }

  private cached(cacheKey: string): StoredApiKey | undefined {
    const entry = this.cache.get(cacheKey);
    const now = Date.now();
    // Without a recent successful revocation poll, a cached key might have been revoked meanwhile.
    const revocationsKnown = now - this.lastPollOkAt <= 3 * this.env.KEY_REVOCATION_POLL_MS;
    return entry && entry.expiresAt > now && revocationsKnown ? entry.key : undefined;
  }

  private async lookup(parsed: ParsedKey, secretHash: Buffer, cacheKey: string, beforeLookup: () => void): Promise<StoredApiKey | null> {
    beforeLookup();
    keyLookups.inc();
    const key = parsed.prefix !== null ? await this.keys.findByPrefix(parsed.prefix) : await this.keys.findBySecretHash(secretHash);
    if (key && this.env.API_KEY_CACHE_SECONDS > 0) {
      this.cache.set(cacheKey, { key, expiresAt: Date.now() + this.env.API_KEY_CACHE_SECONDS * 1000 });
    } else {
      this.cache.delete(cacheKey);
    }
    return key;
  }

  private async pollRevocations(): Promise<void> {
    try {
      // Overlap the previous read: a revocation committed late still has its revoked_at in the past.
      const since = this.revocationsCheckedAt ? new Date(this.revocationsCheckedAt.getTime() - REVOCATION_OVERLAP_MS) : null;
      const { prefixes, checkedAt } = await this.keys.revokedSince(since);
      for (const prefix of prefixes) this.forget(prefix, 'revocation poll');
      this.revocationsCheckedAt = checkedAt;
      this.lastPollOkAt = Date.now();
    } catch (error) {
      this.logger.warn(`revocations could not be read (${error instanceof Error ? error.message : String(error)}); cached keys are not trusted until they can`);
    }
  }

  /** Drops a key from the caches, whatever the form it was presented in. */
  private forget(prefix: string, reason: string): void {
    let evicted = false;
    for (const [cacheKey, entry] of this.cache) {
      if (entry.key.prefix === prefix && !entry.key.revokedAt) {
        this.cache.delete(cacheKey);
        evicted = true;
      }
    }
    this.rejected.deleteWhere((rejectionKey) => rejectionKey.startsWith(`${prefix}:`));
    if (evicted) this.logger.log(`key ${prefix} revoked (${reason}); evicted from cache`);
  }
}

const INVALID_KEY = 'The API key is not valid.';
const REVOCATION_OVERLAP_MS = 60_000;

/** Validates a comma-separated scope list from the CLI. */
export function parseScopes(text: string): Scope[] {
  const scopes = text.split(',').map((scope) => scope.trim()).filter((scope) => scope.length > 0);
  const unknown = scopes.filter((scope) => !isScope(scope));
  if (scopes.length === 0 || unknown.length > 0) {
    throw new Error(`Unknown scope(s) ${unknown.join(', ') || '(none given)'}; allowed: ${SCOPES.join(', ')}`);
  }
  return [...new Set(scopes)] as Scope[];
}

export { generateApiKey };
