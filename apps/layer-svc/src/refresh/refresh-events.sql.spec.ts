import { describeSqlSnapshot } from '@lp/testing/sql';
import type { NatsConnection } from '@nats-io/transport-node';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { OutboxPublisher } from './refresh-events.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'refresh-events.ts'),
  rows: (sql) => (sql.includes('FROM layer.outbox') ? [{ id: '41', subject: 'layer.refreshed', payload: { layer: 'roads', version: 3 } }] : []),
  cases: (db) => {
    const publisher = new OutboxPublisher(db.as<DataSource>(), {} as NatsConnection, 1);
    // the SQL only: JetStream is a stand-in that accepts every message
    Object.assign(publisher, { js: { publish: async () => ({}) } });
    return { 'OutboxPublisher.publishPending, one pending event': () => publisher.publishPending() };
  },
});
