import { ApiKeys1763700000100 } from './1763700000100-api-keys.js';

export const GATEWAY_MIGRATIONS = [ApiKeys1763700000100];
export const GATEWAY_SCHEMA = 'gateway';
