import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { WebhookOutboxRepository } from './webhook-outbox.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'webhook-outbox.repository.ts'),
  cases: (db) => {
    const repository = new WebhookOutboxRepository(db.as<DataSource>());
    return {
      claimDue: () => repository.claimDue(20, 210_000),
      markDelivered: () => repository.markDelivered('42'),
      markRetry: () => repository.markRetry('42', 60_000, 'receiver answered 500'),
      markFailed: () => repository.markFailed('42', 'redirect refused'),
    };
  },
});
