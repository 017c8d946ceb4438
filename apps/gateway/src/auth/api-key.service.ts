import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { AppError, SCOPES, isScope, type Scope } from '@lp/contracts';
import type { NatsRpcClient } from '@lp/messaging';
import type { Subscription } from '@nats-io/transport-node';
import { GATEWAY_ENV, type GatewayEnv } from '../config/gateway.env.js';
import { NATS_RPC_CLIENT } from '../rpc/rpc.tokens.js';
import { generateApiKey, parseApiKey, secretMatches, type ApiKeyRecord } from './api-key.js';
import { ApiKeyRepository, type StoredApiKey } from './api-key.repository.js';

/** Published by whoever revokes a key, so that every gateway replica forgets it at once. */
export const KEY_REVOKED_SUBJECT = 'gateway.keys.revoked';

interface CachedKey {
  key: StoredApiKey;
  expiresAt: number;
}

@Injectable()
export class ApiKeyService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ApiKeyService');
  private readonly cache = new Map<string, CachedKey>();
  private revocations?: Subscription;

  constructor(
    private readonly keys: ApiKeyRepository,
    @Inject(NATS_RPC_CLIENT) private readonly rpc: NatsRpcClient,
    @Inject(GATEWAY_ENV) private readonly env: GatewayEnv,
  ) {}

  onModuleInit(): void {
    this.revocations = this.rpc.nats.subscribe(KEY_REVOKED_SUBJECT, {
      callback: (_error, message) => {
        const prefix = message.string();
        this.cache.delete(prefix);
        this.logger.log(`key ${prefix} revoked; evicted from cache`);
      },
    });
  }

  onModuleDestroy(): void {
    this.revocations?.unsubscribe();
  }

  /** The key behind an Authorization header, or `unauthorized` saying what is wrong. */
  async authenticate(authorization: string | undefined): Promise<ApiKeyRecord> {
    if (!authorization) throw new AppError('unauthorized', 'Missing API key: send the header Authorization: Bearer <API_KEY>.');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (!match) throw new AppError('unauthorized', 'Malformed Authorization header: expected "Bearer <API_KEY>".');
    const parsed = parseApiKey(match[1]!);
    if (!parsed) throw new AppError('unauthorized', 'The API key is not valid.');
    const stored = await this.lookup(parsed.prefix);
    if (!stored || !secretMatches(parsed.secret, stored.secretHash)) throw new AppError('unauthorized', 'The API key is not valid.');
    if (stored.revokedAt) throw new AppError('unauthorized', 'The API key has been revoked.');
    return stored;
  }

  private async lookup(prefix: string): Promise<StoredApiKey | null> {
    const now = Date.now();
    const cached = this.cache.get(prefix);
    if (cached && cached.expiresAt > now) return cached.key;
    const key = await this.keys.findByPrefix(prefix);
    if (key && this.env.API_KEY_CACHE_SECONDS > 0) {
      this.cache.set(prefix, { key, expiresAt: now + this.env.API_KEY_CACHE_SECONDS * 1000 });
    } else {
      this.cache.delete(prefix);
    }
    return key;
  }
}

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
