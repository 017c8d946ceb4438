// The SQL-snapshot kit alone, as `@lp/testing/sql`: a unit test of a repository's SQL imports this
// light entry, not the whole kit, so it does not load the database, broker and HTTP helpers.
export * from './recording-database.js';
export * from './query-call-sites.js';
export * from './sql-snapshot.js';
