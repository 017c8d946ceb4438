/**
 * Writes the demo in the public registers' own formats, for loading through the source profiles
 * (docs/data-registers.md "The demo in the registers' formats"):
 *
 *   node tools/dist/demo/registers/write-registers.js --from <demo sources dir> --out <dir> [--registers-only]
 *
 * Every layer with a register profile that can carry what the demo serves is written as that
 * register publishes it, in `<out>/<layer>/` with the demo's coverage and provenance sidecars; every
 * other layer (and addresses.geojsonl) is copied as GeoJSONSeq. `<out>/registers.json` names, per
 * layer, the profile and file `layers.cli.js load-dir` loads it with, and why the others are not.
 * `--registers-only` leaves the GeoJSONSeq layers out (to load the register layers over a demo
 * already loaded, as the comparison test does).
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { writeBuildings, writeParcels } from './egib.js';
import { writePrgZip, PRG_ZIP } from './prg.js';
import { readLayer2180, readProperties } from './read-layer.js';
import { GEOJSONSEQ_LAYERS, REGISTER_LAYERS, type RegisterLayer } from './register-layers.js';

interface Args {
  from: string;
  out: string;
  registersOnly: boolean;
}

function parseArgs(argv: string[]): Args {
  const values = new Map<string, string>();
  let registersOnly = false;
  for (let index = 0; index < argv.length; index++) {
    if (argv[index] === '--registers-only') {
      registersOnly = true;
      continue;
    }
    const match = /^--(from|out)$/.exec(argv[index] ?? '');
    if (!match || argv[index + 1] === undefined) {
      console.error('usage: node tools/dist/demo/registers/write-registers.js --from <demo sources dir> --out <dir> [--registers-only]');
      process.exit(2);
    }
    values.set(match[1]!, argv[++index]!);
  }
  if (!values.has('from') || !values.has('out')) {
    console.error('write-registers needs --from <demo sources dir> and --out <dir>');
    process.exit(2);
  }
  const [from, out] = [resolve(values.get('from')!), resolve(values.get('out')!)];
  // --out is emptied first: never the demo it is written from, nor a folder holding it.
  if (from === out || from.startsWith(`${out}/`)) {
    console.error(`write-registers: --out ${out} would delete the demo sources in ${from}; choose another folder`);
    process.exit(2);
  }
  return { from, out, registersOnly };
}

/** The layer's coverage and provenance sidecars, renamed to the register file they now describe. */
function copySidecars(from: string, layer: string, target: string): void {
  const stem = target.replace(/\.[^./]+$/, '');
  for (const kind of ['coverage', 'source']) {
    const sidecar = join(from, `${layer}.${kind}.json`);
    if (existsSync(sidecar)) copyFileSync(sidecar, `${stem}.${kind}.json`);
  }
}

async function writeLayer(args: Args, entry: RegisterLayer, asOf: string): Promise<void> {
  const dir = join(args.out, entry.layer);
  mkdirSync(dir, { recursive: true });
  const target = join(dir, entry.file);
  if (entry.file === PRG_ZIP) {
    const written = join(args.out, PRG_ZIP);
    if (!existsSync(written)) writePrgZip(args.from, args.out);
    copyFileSync(written, target);
  } else if (entry.layer === 'parcels') {
    const precinct = new Map(readProperties(args.from, 'cadastral_units').map((unit) => [unit.id, unit.name ?? '']));
    const gmina = new Map(readProperties(args.from, 'admin_bounds').map((unit) => [unit.id, unit.name ?? '']));
    writeParcels(target, readLayer2180(args.from, 'parcels'), { precinct, gmina }, asOf);
  } else if (entry.layer === 'buildings') {
    writeBuildings(target, readLayer2180(args.from, 'buildings'), asOf);
  } else {
    throw new Error(`no writer for ${entry.layer}`);
  }
  copySidecars(args.from, entry.layer, target);
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const manifest = JSON.parse(readFileSync(join(args.from, 'manifest.json'), 'utf8')) as { generated_at?: string };
  const asOf = (manifest.generated_at ?? '').slice(0, 10);
  rmSync(args.out, { recursive: true, force: true });
  mkdirSync(args.out, { recursive: true });
  const layers: Record<string, { profile: string; source: string }> = {};
  for (const entry of REGISTER_LAYERS) {
    const started = Date.now();
    await writeLayer(args, entry, asOf);
    layers[entry.layer] = { profile: entry.profile, source: `${entry.layer}/${entry.file}` };
    console.error(`registers: ${entry.layer} -> ${entry.layer}/${entry.file} (${entry.register}) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  rmSync(join(args.out, PRG_ZIP), { force: true });
  const inRegisters = new Set(REGISTER_LAYERS.map((entry) => entry.layer));
  for (const file of args.registersOnly ? [] : readdirSync(args.from)) {
    const layer = basename(file).replace(/\.(geojsonl|coverage\.json|source\.json)$/, '');
    if (file.startsWith('.') || inRegisters.has(layer)) continue;
    copyFileSync(join(args.from, file), join(args.out, file));
  }
  writeFileSync(join(args.out, 'registers.json'), `${JSON.stringify({ layers, geojsonseq: GEOJSONSEQ_LAYERS }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(`write-registers: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
