import { ApiKeys1763700000100 } from './1763700000100-api-keys.js';
import { ApiKeyLookup1764200000100 } from './1764200000100-api-key-lookup.js';
import { AccessRequests1764300000100 } from './1764300000100-access-requests.js';

export const GATEWAY_MIGRATIONS = [ApiKeys1763700000100, ApiKeyLookup1764200000100, AccessRequests1764300000100];
export const GATEWAY_SCHEMA = 'gateway';
