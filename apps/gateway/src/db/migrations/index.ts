import { ApiKeys1763700000100 } from './1763700000100-api-keys.js';
import { ApiKeyLookup1764200000100 } from './1764200000100-api-key-lookup.js';

export const GATEWAY_MIGRATIONS = [ApiKeys1763700000100, ApiKeyLookup1764200000100];
export const GATEWAY_SCHEMA = 'gateway';
