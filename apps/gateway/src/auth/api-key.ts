import type { Scope } from '@lp/contracts';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Key format: `lp_<prefix>_<secret>`. The prefix (10 base-32 chars) is public and finds the row;
 * the secret (32 bytes, base64url) is only ever stored as a SHA-256 hash. Keys are random and
 * long, so a fast hash is enough: there is nothing to brute-force.
 */
export const KEY_PATTERN = /^lp_([a-z0-9]{8,16})_([A-Za-z0-9_-]{20,100})$/;

export interface ApiKeyRecord {
  id: string;
  prefix: string;
  name: string;
  scopes: Scope[];
  rateLimitPerMinute: number | null;
  createdAt: string;
  revokedAt: string | null;
}

/**
 * A presented key: ours (`lp_<prefix>_<secret>`, found by its public prefix) or one chosen by an
 * operator (DEMO_API_KEY), which is its own secret and is found by the hash of that secret. No
 * lookup value is derived from a secret in a way that could be logged or shown.
 */
export type ParsedKey = { prefix: string; secret: string } | { prefix: null; secret: string };

/** Keys chosen by an operator need not have our format: 16-200 URL-safe characters. */
const CUSTOM_KEY_PATTERN = /^[A-Za-z0-9._~+/=-]{16,200}$/;

export function parseApiKey(key: string): ParsedKey | null {
  const match = KEY_PATTERN.exec(key);
  if (match) return { prefix: match[1]!, secret: match[2]! };
  if (CUSTOM_KEY_PATTERN.test(key)) return { prefix: null, secret: key };
  return null;
}

export function generateApiKey(): { key: string; prefix: string; secretHash: Buffer } {
  const prefix = randomPrefix();
  const secret = randomBytes(32).toString('base64url');
  return { key: `lp_${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) };
}

/**
 * A key from a fixed text (the demo key): our format keeps its prefix; any other 16-200 URL-safe
 * characters get a random prefix (`x...`), which only names the row in listings and logs.
 */
export function apiKeyFromText(text: string): { prefix: string; secretHash: Buffer; custom: boolean } | null {
  const parsed = parseApiKey(text);
  if (!parsed) return null;
  return { prefix: parsed.prefix ?? `x${randomPrefix()}`, secretHash: hashSecret(parsed.secret), custom: parsed.prefix === null };
}

function randomPrefix(): string {
  return toBase32(randomBytes(10)).slice(0, 10);
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}

export function secretMatches(secret: string, storedHash: Buffer): boolean {
  return hashMatches(hashSecret(secret), storedHash);
}

/** A presented secret's hash (hashSecret) against the stored one, in constant time. */
export function hashMatches(candidateHash: Buffer, storedHash: Buffer): boolean {
  return candidateHash.length === storedHash.length && timingSafeEqual(candidateHash, storedHash);
}

function toBase32(bytes: Buffer): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}
