/** search-svc's migrations, oldest first. */
export const SEARCH_MIGRATIONS = [];
export const SEARCH_SCHEMA = 'search';
