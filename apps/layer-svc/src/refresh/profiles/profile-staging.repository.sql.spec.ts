import { describeSqlSnapshot } from '@lp/testing';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { compileMapping } from './profile-mapping.js';
import { ProfileStagingRepository } from './profile-staging.repository.js';
import { SOURCE_PROFILES } from './source-profiles.js';

const RAW = 'r12_raw';
const STAGE = 'r12';
/** The columns GDAL makes of an RCN ms:lokale answer (gml_id, then the register's fields). */
const LOKALE_COLUMNS = ['gml_id', 'teryt', 'tran_lokalny_id_iip', 'tran_rodzaj_rynku', 'tran_cena_brutto', 'dok_data', 'lok_id_lokalu', 'lok_liczba_izb', 'lok_nr_kond', 'lok_pow_uzyt', 'lok_cena_brutto'];

/** The profiles' SQL: the mapping of every profile kept in the repository is printed, so a mapping change shows as an SQL diff. */
describeSqlSnapshot({
  source: join(import.meta.dirname, 'profile-staging.repository.ts'),
  rows: (sql) => {
    if (sql.includes('to_regclass')) return [{ found: true }];
    if (sql.includes('count(*) AS n')) return [{ n: '6' }];
    return [];
  },
  cases: (db) => {
    const repository = new ProfileStagingRepository(db.as<DataSource>());
    const columns = LOKALE_COLUMNS.map((name) => ({ name, type: 'character varying' }));
    return {
      exists: () => repository.exists(RAW),
      tagSourceLayer: () => repository.tagSourceLayer(RAW, 'ms:lokale'),
      columns: () => repository.columns(RAW),
      ...Object.fromEntries(
        SOURCE_PROFILES.map((profile) => [`createMapped (${profile.id}, every column present)`, () => repository.createMapped(STAGE, compileMapping(profile, RAW, allColumns(profile, columns)))]),
      ),
      terytOffLevel: () => repository.terytOffLevel(STAGE, [7]),
      dropUnplaced: () => repository.dropUnplaced(STAGE),
      dropUnmatchedSubstations: () => repository.dropUnmatchedSubstations(STAGE),
      drop: () => repository.drop(RAW),
    };
  },
});

/** Every column a profile names, as text, so its whole mapping is printed. */
function allColumns(profile: (typeof SOURCE_PROFILES)[number], base: Array<{ name: string; type: string }>): Array<{ name: string; type: string }> {
  const names = new Set(base.map((column) => column.name));
  for (const match of JSON.stringify(profile.map).matchAll(/"(?:field|codes|date|scaled|slice|gminaFromUnitId|terytParent)":"([^"]+)"|\{([A-Za-z_]+)\}/g)) names.add((match[1] ?? match[2])!);
  names.add('_layer');
  // An OSM element's id is made of the driver's osm_id, and osm_way_id of a closed way read as an area.
  if (JSON.stringify(profile.map).includes('osmElement')) for (const name of ['osm_id', 'osm_way_id']) names.add(name);
  return [...names].map((name) => ({ name, type: 'character varying' }));
}
