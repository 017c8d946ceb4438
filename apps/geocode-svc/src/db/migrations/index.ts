import { AdminUnitsReadModel1763900000000 } from './1763900000000-admin-units-read-model.js';
import { AddressPoints1764000000000 } from './1764000000000-address-points.js';

/** geocode-svc's migrations, oldest first. */
export const GEOCODE_MIGRATIONS = [AdminUnitsReadModel1763900000000, AddressPoints1764000000000];
export const GEOCODE_SCHEMA = 'geocode';
