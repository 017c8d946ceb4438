import 'reflect-metadata';
import { runDatabaseCli } from '@lp/db';
import type { DataSource } from 'typeorm';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { AdminUnitsRepository } from '../admin-units/admin-units.repository.js';
import { AdminUnitsService } from '../admin-units/admin-units.service.js';
import { GEOCODE_SCHEMA } from '../db/migrations/index.js';
import { PlacesRepository } from './places.repository.js';
import { parseSimc } from './simc-localities.js';

const USAGE = `Usage: npm run places -- <command>
  load [--data-dir <dir>]  load the SIMC localities (<dir>/teryt/SIMC_*.csv, the newest) and bring the admin
                           units up to date: together they are the gazetteer published as geocode_pub.places
  status                   places by kind and what they were built from
Environment: DATABASE_URL (required); DATA_DIR is the default data directory (else ../shared/data).`;

/** Loads the localities and brings the admin units up to date: the two halves of the gazetteer. */
async function load(db: DataSource, args: string[]): Promise<number> {
  const { values } = parseArgs({ args, options: { 'data-dir': { type: 'string' } } });
  const file = simcFile(values['data-dir'] ?? process.env['DATA_DIR'] ?? '../shared/data');
  const started = performance.now();
  const parsed = parseSimc(readFileSync(file, 'utf8'));
  if (parsed.skipped.length > 0) console.warn(`${parsed.skipped.length} SIMC line(s) left out, e.g. ${parsed.skipped.slice(0, 3).join('; ')}`);
  const loaded = await new PlacesRepository(db).replaceLocalities(parsed.rows, file);
  // The admin units are rebuilt by geocode-svc at start-up and on admin_bounds events; building
  // them here too means the published gazetteer is complete as soon as this command ends.
  const outcome = await new AdminUnitsService(new AdminUnitsRepository(db)).refreshIfStale('places load');
  console.log(`places: ${loaded.locality_count} localities from ${file}; admin units ${outcome}; ${Math.round(performance.now() - started)} ms`);
  return 0;
}

/** The newest SIMC register in the data directory (GUS names it SIMC_Urzedowy_<date>.csv). */
function simcFile(dataDir: string): string {
  const dir = join(resolve(dataDir), 'teryt');
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => /^SIMC_.*\.csv$/i.test(name)).sort() : [];
  if (files.length === 0) throw new Error(`no SIMC register (teryt/SIMC_*.csv) in ${resolve(dataDir)}; set --data-dir or DATA_DIR`);
  return join(dir, files[files.length - 1]!);
}

runDatabaseCli({
  name: 'places',
  schema: GEOCODE_SCHEMA,
  usage: USAGE,
  commands: {
    load: ({ db, args }) => load(db, args),
    status: async ({ db }) => {
      console.log(JSON.stringify(await new PlacesRepository(db).status(), null, 2));
      return 0;
    },
  },
});
