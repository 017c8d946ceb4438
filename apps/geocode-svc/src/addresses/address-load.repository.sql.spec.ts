import { describeSqlSnapshot } from '@lp/testing/sql';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { AddressLoadRepository } from './address-load.repository.js';
import type { StreetRow } from './address-rows.js';

const STREET: StreetRow = {
  id: 1,
  teryt: '3021093',
  gmina: 'Kórnik',
  locality: 'Kórnik',
  locality_simc: '0580713',
  street: 'Poznańska',
  street_type: 'ul',
  name_words: ['poznanska'],
  locality_words: ['kornik'],
  gmina_words: ['kornik'],
  search_words: ['kornik', 'poznanska'],
  postcodes: ['62-035'],
  address_count: 1,
  locality_size: 1,
} as StreetRow;

describeSqlSnapshot({
  source: join(import.meta.dirname, 'address-load.repository.ts'),
  cases: (db) => {
    const repository = new AddressLoadRepository(db.as<DataSource>());
    return {
      gminaNames: () => repository.gminaNames(),
      state: () => repository.state(),
      'replaceAll, one street with one point': () =>
        repository.replaceAll(async (writer) => {
          await writer.insertStreets([STREET]);
          await writer.insertPoints([{ id: 'PL.1', street_id: 1, house_number: '12a', house_folded: '12a', house_base: 12, postcode: '62-035', lng: 17.09, lat: 52.25 }]);
          return { source: 'PRG_PunktyAdresowe_30.zip', point_count: 1, street_count: 1, skipped: 0 };
        }),
    };
  },
});
