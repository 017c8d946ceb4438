/** market-svc's migrations, oldest first. */
export const MARKET_MIGRATIONS = [];
export const MARKET_SCHEMA = 'market';
