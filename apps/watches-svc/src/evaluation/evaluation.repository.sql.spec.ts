import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { EvaluationRepository } from './evaluation.repository.js';

const WATCH = 'w_3f9a0c5e7b1d2468ace0';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'evaluation.repository.ts'),
  cases: (db) => {
    const repository = new EvaluationRepository(db.as<DataSource>());
    return {
      watchesOverlapping: () => repository.watchesOverlapping(['3064011', '3021093'], '2026-12-07T10:00:00.000Z'),
      answersOf: () => repository.answersOf([WATCH], ['3064011']),
      answersIn: () => repository.answersIn(WATCH, ['3064011']),
      parcelFacts: () => repository.parcelFacts(['306401_1.0001.12/3']),
      indexVersions: () => repository.indexVersions(['3064011']),
      indexTracksLayer: () => repository.indexTracksLayer('plan_ogolny_zones'),
      write: () =>
        repository.write({
          watchId: WATCH,
          gminas: ['3064011'],
          answers: [{ parcel_id: '306401_1.0001.12/3', teryt: '3064011' }],
          coverage: { '3064011': { zoning: 'available' } },
          events: [{ type: 'entered', parcel_id: '306401_1.0001.12/3', criterion: 'zoning', before: { matches: false }, after: { matches: true } }],
          layerVersions: { plan_ogolny_zones: 2 },
          hasWebhook: true,
        }),
    };
  },
});
