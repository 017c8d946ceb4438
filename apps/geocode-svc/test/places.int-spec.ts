import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createTestDatabase, runAppCli, type AppCliRun, type TestDatabase } from '@lp/testing';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';

/** A data directory with a small SIMC register: localities of Poznań, a Warsaw district, a line to skip. */
function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'lp-simc-'));
  mkdirSync(join(dir, 'teryt'));
  writeFileSync(
    join(dir, 'teryt', 'SIMC_Urzedowy_2020-09-26.csv'),
    [
      '\uFEFFWOJ;POW;GMI;RODZ_GMI;RM;MZ;NAZWA;SYM;SYMPOD;STAN_NA',
      '30;64;01;1;96;1;Poznań;0969400;0969400;2020-01-01',
      '30;64;05;9;98;1;Poznań-Jeżyce;0969430;0969430;2020-01-01',
      '30;64;01;1;99;1;Piątkowo;0969500;0969400;2020-01-01',
      '14;65;18;8;95;1;Żoliborz;0920080;0920080;2020-01-01',
      'broken line',
    ].join('\r\n'),
  );
  return dir;
}

/** The built CLI as geocode-svc's database role; a failing run is a rejection carrying its output. */
async function placesCli(databaseUrl: string, ...args: string[]): Promise<AppCliRun> {
  const run = await runAppCli('geocode-svc', 'places/places.cli.js', args, { databaseUrl });
  if (run.code !== 0) throw run;
  return run;
}

describe('place gazetteer published as geocode_pub.places', () => {
  let db: TestDatabase;
  const sql = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> => db.sql<T>(text, params);

  beforeAll(async () => {
    db = await createTestDatabase();
    await sql(`TRUNCATE geocode.admin_units, geocode.admin_units_source, geocode.localities, geocode.localities_source`);
  });
  afterAll(() => db?.drop());

  it('loads SIMC localities, builds the admin units and publishes both with the gmina each locality lies in', async () => {
    const { stdout } = await placesCli(db.url, 'load', '--data-dir', dataDir());
    expect(stdout).toMatch(/places: 4 localities from .*SIMC_Urzedowy_2020-09-26\.csv; admin units rebuilt/);
    const places = await sql(`SELECT place_id, kind, name, unit_type, teryt, parent_teryt, label FROM geocode_pub.places ORDER BY place_id`);
    expect(places).toEqual([
      { place_id: '30', kind: 'voivodeship', name: 'wielkopolskie', unit_type: 'województwo', teryt: '30', parent_teryt: null, label: 'wielkopolskie — województwo' },
      { place_id: '3064', kind: 'powiat', name: 'Poznań', unit_type: 'miasto na prawach powiatu', teryt: '3064', parent_teryt: '30', label: 'Poznań — miasto na prawach powiatu, wielkopolskie' },
      { place_id: '3064011', kind: 'gmina', name: 'Poznań', unit_type: 'gmina miejska', teryt: '3064011', parent_teryt: '3064', label: 'Poznań — gmina miejska, powiat Poznań, wielkopolskie' },
      // the Jeżyce delegation is coded as gmina 05 of powiat Poznań; it lies in the city's one gmina
      { place_id: 'simc:0969400', kind: 'locality', name: 'Poznań', unit_type: 'miasto', teryt: '3064011', parent_teryt: '3064011', label: 'Poznań — miasto, gmina Poznań, powiat Poznań, wielkopolskie' },
      { place_id: 'simc:0969430', kind: 'locality', name: 'Poznań-Jeżyce', unit_type: 'delegatura', teryt: '3064011', parent_teryt: '3064011', label: 'Poznań-Jeżyce — delegatura, gmina Poznań, powiat Poznań, wielkopolskie' },
      { place_id: 'simc:0969500', kind: 'locality', name: 'Piątkowo', unit_type: 'część miasta', teryt: '3064011', parent_teryt: '3064011', label: 'Piątkowo — część miasta, gmina Poznań, powiat Poznań, wielkopolskie' },
    ]);
    // Żoliborz is loaded but lies in a gmina the admin units of this database do not have
    expect(await sql(`SELECT count(*)::int AS n FROM geocode.localities`)).toEqual([{ n: 4 }]);
  });

  it('publishes what the places were built from, for readers to know when to reload', async () => {
    const [version] = await sql<Record<string, unknown>>(`SELECT * FROM geocode_pub.places_version`);
    const [served] = await sql<{ run_id: string; version: number }>(`SELECT run_id, version FROM layer_pub.layer_versions WHERE layer_id = 'admin_bounds'`);
    expect(version).toMatchObject({ admin_bounds_version: served!.version, admin_bounds_run_id: served!.run_id, unit_count: 3, locality_count: 4 });
    expect(version!['localities_loaded_at']).toBeInstanceOf(Date);
  });

  it('replaces the localities on a second load and leaves current admin units alone', async () => {
    const { stdout } = await placesCli(db.url, 'load', '--data-dir', dataDir());
    expect(stdout).toMatch(/admin units current/);
    expect(await sql(`SELECT count(*)::int AS n FROM geocode.localities`)).toEqual([{ n: 4 }]);
  });

  it('refuses a data directory without a SIMC register', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'lp-nosimc-'));
    await expect(placesCli(db.url, 'load', '--data-dir', empty)).rejects.toMatchObject({ stderr: expect.stringMatching(/no SIMC register/) });
  });
});
