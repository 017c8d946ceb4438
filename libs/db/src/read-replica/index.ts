export * from './lag-tolerant-reads.js';
export * from './replica-freshness.js';
export * from './wal-lsn.js';
