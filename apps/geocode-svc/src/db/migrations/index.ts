import { AdminUnitsReadModel1763900000000 } from './1763900000000-admin-units-read-model.js';

/** geocode-svc's migrations, oldest first. */
export const GEOCODE_MIGRATIONS = [AdminUnitsReadModel1763900000000];
export const GEOCODE_SCHEMA = 'geocode';
