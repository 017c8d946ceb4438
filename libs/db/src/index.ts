export * from './data-source.factory.js';
export * from './migrate.js';
export * from './database.module.js';
export * from './provenance.sql.js';
export * from './database-cli.js';
export * from './layer-pub-gminas.js';
export * from './query-deadline.js';
export * from './sql-params.js';
