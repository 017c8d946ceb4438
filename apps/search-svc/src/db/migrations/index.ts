import { ParcelSearchIndex1764100000000 } from './1764100000000-parcel-search-index.js';

/** search-svc's migrations, oldest first. */
export const SEARCH_MIGRATIONS = [ParcelSearchIndex1764100000000];
export const SEARCH_SCHEMA = 'search';
