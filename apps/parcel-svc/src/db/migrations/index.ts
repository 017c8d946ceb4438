import { ParcelFactsReadModel1764000000000 } from './1764000000000-parcel-facts-read-model.js';

/** parcel-svc's migrations, oldest first. Parcels themselves are read from `layer_pub`. */
export const PARCEL_MIGRATIONS = [ParcelFactsReadModel1764000000000];
export const PARCEL_SCHEMA = 'parcel';
