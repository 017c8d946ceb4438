import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { SourceNotesRepository } from './data-notice.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'data-notice.ts'),
  cases: (db) => {
    const repository = new SourceNotesRepository(db.as<DataSource>());
    return { 'SourceNotesRepository.notesOf': () => repository.notesOf(['parcels', 'mpzp_plans']) };
  },
});
