/** geocode-svc's migrations, oldest first. */
export const GEOCODE_MIGRATIONS = [];
export const GEOCODE_SCHEMA = 'geocode';
