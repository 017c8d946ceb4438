import { AdminUnitsReadModel1763900000000 } from './1763900000000-admin-units-read-model.js';
import { AddressPoints1764000000000 } from './1764000000000-address-points.js';
import { PlacesGazetteer1764100000000 } from './1764100000000-places-gazetteer.js';

/** geocode-svc's migrations, oldest first. */
export const GEOCODE_MIGRATIONS = [AdminUnitsReadModel1763900000000, AddressPoints1764000000000, PlacesGazetteer1764100000000];
export const GEOCODE_SCHEMA = 'geocode';
/** Views other contexts read (the place gazetteer); their columns are a contract. */
export const GEOCODE_PUBLISHED_SCHEMA = 'geocode_pub';
