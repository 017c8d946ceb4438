import 'reflect-metadata';
import { createSchemaDataSource } from '@lp/db';
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

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const databaseUrl = process.env['DATABASE_URL'];
  if (!databaseUrl) {
    console.error('DATABASE_URL is not set (npm run places reads the local stack of npm start when it runs).');
    return 2;
  }
  const db = createSchemaDataSource({ url: databaseUrl, schema: GEOCODE_SCHEMA, applicationName: 'places-cli', poolSize: 2 });
  await db.initialize();
  try {
    const places = new PlacesRepository(db);
    switch (command) {
      case 'load': {
        const { values } = parseArgs({ args: rest, options: { 'data-dir': { type: 'string' } } });
        const file = simcFile(values['data-dir'] ?? process.env['DATA_DIR'] ?? '../shared/data');
        const started = performance.now();
        const parsed = parseSimc(readFileSync(file, 'utf8'));
        if (parsed.skipped.length > 0) console.warn(`${parsed.skipped.length} SIMC line(s) left out, e.g. ${parsed.skipped.slice(0, 3).join('; ')}`);
        const load = await places.replaceLocalities(parsed.rows, file);
        // The admin units are rebuilt by geocode-svc at start-up and on admin_bounds events; building
        // them here too means the published gazetteer is complete as soon as this command ends.
        const outcome = await new AdminUnitsService(new AdminUnitsRepository(db)).refreshIfStale('places load');
        console.log(`places: ${load.locality_count} localities from ${file}; admin units ${outcome}; ${Math.round(performance.now() - started)} ms`);
        return 0;
      }
      case 'status':
        console.log(JSON.stringify(await places.status(), null, 2));
        return 0;
      default:
        console.error(`Unknown command ${command}.\n${USAGE}`);
        return 2;
    }
  } finally {
    await db.destroy();
  }
}

/** The newest SIMC register in the data directory (GUS names it SIMC_Urzedowy_<date>.csv). */
function simcFile(dataDir: string): string {
  const dir = join(resolve(dataDir), 'teryt');
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => /^SIMC_.*\.csv$/i.test(name)).sort() : [];
  if (files.length === 0) throw new Error(`no SIMC register (teryt/SIMC_*.csv) in ${resolve(dataDir)}; set --data-dir or DATA_DIR`);
  return join(dir, files[files.length - 1]!);
}

process.exitCode = await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return 1;
});
