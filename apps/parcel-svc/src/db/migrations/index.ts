/**
 * parcel-svc's migrations, oldest first. The schema holds the per-parcel read model once derived
 * facts land; parcels themselves are read from `layer_pub`.
 */
export const PARCEL_MIGRATIONS = [];
export const PARCEL_SCHEMA = 'parcel';
