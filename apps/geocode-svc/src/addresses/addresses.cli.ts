import 'reflect-metadata';
import { runDatabaseCli } from '@lp/db';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { GEOCODE_SCHEMA } from '../db/migrations/index.js';
import { AddressLoadRepository } from './address-load.repository.js';
import { DEFAULT_BATCH_SIZE, loadAddresses } from './address-loader.js';

const USAGE = `Usage: npm run addresses -- <command>
  load <addresses.geojsonl> [--allow-shrink] [--batch-size N]
         replace every address point by those of the file (GeoJSON lines, one Point feature per
         address: id, locality, locality_simc, street, house_number, postcode, teryt), in one
         transaction: a failed load keeps the addresses loaded before
  status the loaded source, its points and streets, and when it was loaded
Environment: DATABASE_URL (required)`;


const log = (message: string): void => console.log(`${new Date().toISOString().slice(11, 19)} addresses: ${message}`);

async function load(repository: AddressLoadRepository, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args, allowPositionals: true, options: { 'allow-shrink': { type: 'boolean' }, 'batch-size': { type: 'string' } } });
  const path = positionals[0];
  if (!path || !existsSync(path)) {
    console.error(`load needs an existing file.\n${USAGE}`);
    return 2;
  }
  const batchSize = values['batch-size'] === undefined ? DEFAULT_BATCH_SIZE : Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 50_000) {
    console.error('--batch-size takes an integer from 1 to 50000');
    return 2;
  }
  const started = performance.now();
  try {
    const summary = await loadAddresses(repository, path, { allowShrink: values['allow-shrink'] === true, batchSize, progress: log });
    log(`loaded ${summary.point_count} points in ${summary.street_count} streets from ${summary.source} (${summary.skipped} left out) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return 0;
  } catch (error) {
    // PostgreSQL names the offending row in `detail` (e.g. a duplicate id).
    const detail = (error as { driverError?: { detail?: string } }).driverError?.detail;
    console.error(`addresses: load failed, the addresses loaded before stay: ${error instanceof Error ? error.message : String(error)}${detail ? ` (${detail})` : ''}`);
    return 1;
  }
}

async function status(repository: AddressLoadRepository): Promise<number> {
  const state = await repository.state();
  if (!state) {
    console.log('no addresses loaded');
    return 0;
  }
  console.log(`${state.point_count} points in ${state.street_count} streets from ${state.source} (${state.skipped} left out), loaded ${state.loaded_at.toISOString()}`);
  return 0;
}

runDatabaseCli({
  name: 'addresses',
  schema: GEOCODE_SCHEMA,
  usage: USAGE,
  commands: {
    load: ({ db, args }) => load(new AddressLoadRepository(db), args),
    status: ({ db }) => status(new AddressLoadRepository(db)),
  },
});
