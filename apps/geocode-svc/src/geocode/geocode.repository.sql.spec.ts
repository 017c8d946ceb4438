import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { parseAddressQuery } from './address-query.js';
import { GeocodeRepository } from './geocode.repository.js';

describeSqlSnapshot({
  source: join(import.meta.dirname, 'geocode.repository.ts'),
  cases: (db) => {
    const repository = new GeocodeRepository(db.as<DataSource>());
    return {
      byWords: () => repository.byWords(parseAddressQuery('ul. Poznańska 12a, Kórnik')[0]!, 10),
      byPostcode: () => repository.byPostcode(parseAddressQuery('62-035 12')[0]!, 10),
      spellings: () => repository.spellings(['poznanska', 'kornk']),
    };
  },
});
