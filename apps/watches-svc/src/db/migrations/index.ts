import { Watches1765000000000 } from './1765000000000-watches.js';

/** watches-svc's migrations, oldest first. */
export const WATCHES_MIGRATIONS = [Watches1765000000000];
export const WATCHES_SCHEMA = 'watches';
