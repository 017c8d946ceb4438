import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { apiKeyFromText, generateApiKey, parseApiKey, secretMatches } from './api-key.js';
import { parseScopes } from './api-key.service.js';

describe('api keys', () => {
  it('generates keys with a public prefix and a secret that only matches its own hash', () => {
    const first = generateApiKey();
    const second = generateApiKey();
    expect(first.key).toMatch(/^lp_[a-z2-7]{10}_[A-Za-z0-9_-]{43}$/);
    expect(first.prefix).not.toBe(second.prefix);
    const parsed = parseApiKey(first.key)!;
    expect(parsed.prefix).toBe(first.prefix);
    expect(secretMatches(parsed.secret, first.secretHash)).toBe(true);
    expect(secretMatches(parsed.secret, second.secretHash)).toBe(false);
  });

  it('rejects text that is not a key', () => {
    expect(parseApiKey('Bearer x')).toBeNull();
    expect(parseApiKey('lp_short_x')).toBeNull();
    expect(apiKeyFromText('demo')).toBeNull();
    expect(apiKeyFromText('has spaces in it, so no')).toBeNull();
  });

  it('accepts an operator-chosen key of another format, found by its hash, with a random prefix not derived from it', () => {
    const text = 'my-own-demo-key-2026';
    const first = apiKeyFromText(text)!;
    const second = apiKeyFromText(text)!;
    expect(first.custom).toBe(true);
    expect(first.prefix).toMatch(/^x[a-z2-7]{10}$/);
    expect(first.prefix).not.toBe(second.prefix);
    expect(createHash('sha256').update(text).digest('hex')).not.toContain(first.prefix.slice(1));
    expect(first.secretHash).toEqual(second.secretHash);
    const parsed = parseApiKey(text)!;
    expect(parsed.prefix).toBeNull();
    expect(secretMatches(parsed.secret, first.secretHash)).toBe(true);
  });

  it('keeps the prefix and hash of a fixed key of our format every time', () => {
    const text = 'lp_demo0001_thisIsTheDemoSecretOfTheLocalStack';
    expect(apiKeyFromText(text)).toEqual(apiKeyFromText(text));
    expect(apiKeyFromText(text)!.prefix).toBe('demo0001');
    expect(apiKeyFromText(text)!.custom).toBe(false);
  });

  it('accepts known scopes, deduplicated, and names unknown ones with the allowed list', () => {
    expect(parseScopes('parcels:read, search:read,parcels:read')).toEqual(['parcels:read', 'search:read']);
    expect(() => parseScopes('parcels:write')).toThrow(/parcels:write.*allowed: search:read, parcels:read/);
    expect(() => parseScopes('')).toThrow(/none given/);
  });
});
