/**
 * Checks a generated demo-data directory against tools/demo/SOURCE-FORMAT.md:
 *   node tools/dist/demo/generate/check-output.js <dir>
 * Every line parses as a GeoJSON Feature of the catalogue's geometry type, ids are unique, kinds
 * are the layer's, required attributes are present and typed, coordinates lie in Poland with at
 * most 7 decimals, teryt codes are well formed, generated layers have coverage and source
 * sidecars, and manifest.json counts match. Exit code 1 on errors; warnings (e.g. attributes the
 * catalogue does not list) are printed but do not fail.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findLayer, type LayerDefinition } from '@lp/contracts';
import { POLAND_BBOX_WGS84 } from '@lp/geo';
import { demoOrigin } from '../demo-origin.js';

export interface CheckResult {
  errors: string[];
  warnings: string[];
  counts: Record<string, number>;
}

const GEOMETRY_TYPES: Record<string, string[]> = {
  Point: ['Point', 'MultiPoint'],
  LineString: ['LineString', 'MultiLineString'],
  Polygon: ['Polygon', 'MultiPolygon'],
  Raster: ['Polygon', 'MultiPolygon'],
};

const ADDRESS_KEYS = ['id', 'locality', 'locality_simc', 'street', 'house_number', 'postcode', 'teryt', 'parcel_id'];

function* positions(coords: unknown): Generator<[number, number]> {
  if (Array.isArray(coords) && typeof coords[0] === 'number') {
    yield [coords[0] as number, coords[1] as number];
    return;
  }
  if (Array.isArray(coords)) for (const c of coords) yield* positions(c);
}

function decimals(x: number): number {
  const s = String(x);
  const i = s.indexOf('.');
  return i < 0 || s.includes('e') ? 0 : s.length - i - 1;
}

function typeOk(type: string, v: unknown): boolean {
  switch (type) {
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'date':
      return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
    default:
      return typeof v === 'string';
  }
}

export function checkOutput(dir: string): CheckResult {
  const errors: string[] = [];
  const warnings: string[] = [];
  const counts: Record<string, number> = {};
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.geojsonl')).sort();
  const b = POLAND_BBOX_WGS84;
  for (const file of files) {
    const id = file.replace(/\.geojsonl$/, '');
    const layer: LayerDefinition | undefined = findLayer(id);
    const isAddresses = id === 'addresses';
    if (!layer && !isAddresses) {
      errors.push(`${file}: not a catalogue layer`);
      continue;
    }
    const err = (msg: string) => {
      if (errors.length < 200) errors.push(`${id}: ${msg}`);
    };
    const kinds = new Set(layer?.kinds.map((k) => k.id) ?? []);
    const attrs = new Map(layer?.attributes.map((a) => [a.name, a]) ?? []);
    const ids = new Set<string>();
    const unknown = new Set<string>();
    let n = 0;
    const lines = fs.readFileSync(path.join(dir, file), 'utf8').split('\n');
    for (const [i, line] of lines.entries()) {
      if (line === '') {
        if (i !== lines.length - 1) err(`line ${i + 1} is empty`);
        continue;
      }
      n++;
      let f: { type?: string; geometry?: { type: string; coordinates: unknown } | null; properties?: Record<string, unknown> };
      try {
        f = JSON.parse(line);
      } catch {
        err(`line ${i + 1} does not parse`);
        continue;
      }
      if (f.type !== 'Feature' || !f.properties) {
        err(`line ${i + 1} is not a Feature with properties`);
        continue;
      }
      const p = f.properties;
      const fid = p['id'];
      if (typeof fid !== 'string' || fid === '') err(`line ${i + 1}: no id`);
      else if (ids.has(fid)) err(`duplicate id ${fid}`);
      else ids.add(fid);
      const g = f.geometry;
      if (!g) err(`${String(fid)}: no geometry`);
      else {
        const allowed = isAddresses ? ['Point'] : GEOMETRY_TYPES[layer!.geometryType] ?? [];
        if (!allowed.includes(g.type)) err(`${String(fid)}: geometry ${g.type}, catalogue says ${layer?.geometryType ?? 'Point'}`);
        for (const [x, y] of positions(g.coordinates)) {
          if (!(x >= b.minLng && x <= b.maxLng && y >= b.minLat && y <= b.maxLat)) {
            err(`${String(fid)}: coordinate ${x},${y} outside Poland`);
            break;
          }
          if (decimals(x) > 7 || decimals(y) > 7) {
            err(`${String(fid)}: more than 7 decimals`);
            break;
          }
        }
      }
      const teryt = p['teryt'];
      const terytOk = teryt === null || (typeof teryt === 'string' && (/^\d{7}$/.test(teryt) || ((id === 'admin_bounds' || id === 'psi') && /^(\d{2}|\d{4})$/.test(teryt))));
      if (!terytOk) err(`${String(fid)}: teryt ${JSON.stringify(teryt)}`);
      if (isAddresses) {
        for (const k of ADDRESS_KEYS) if (!(k in p)) err(`${String(fid)}: no ${k}`);
        continue;
      }
      if (!('kind' in p) || !kinds.has(String(p['kind']))) err(`${String(fid)}: kind ${JSON.stringify(p['kind'])} not in the catalogue`);
      if (!('name' in p) || !('teryt' in p)) err(`${String(fid)}: name and teryt must be present (may be null)`);
      for (const a of layer!.attributes) {
        const v = p[a.name];
        if (v === undefined || v === null) {
          if (a.required) err(`${String(fid)}: required ${a.name} missing`);
        } else if (!typeOk(a.type, v)) err(`${String(fid)}: ${a.name} is not ${a.type}: ${JSON.stringify(v)}`);
      }
      for (const k of Object.keys(p)) if (!['id', 'kind', 'name', 'teryt'].includes(k) && !attrs.has(k)) unknown.add(k);
    }
    counts[id] = n;
    if (unknown.size > 0) warnings.push(`${id}: attributes not in the catalogue: ${[...unknown].join(', ')}`);
    if (!isAddresses) {
      if (!fs.existsSync(path.join(dir, `${id}.source.json`))) err('no source.json');
      const cov = path.join(dir, `${id}.coverage.json`);
      if (demoOrigin(id).origin === 'generated' || id === 'cadastral_units') {
        if (!fs.existsSync(cov)) err('generated layer without coverage.json');
        else {
          const c = JSON.parse(fs.readFileSync(cov, 'utf8')) as { gminas?: unknown };
          if (!Array.isArray(c.gminas) || c.gminas.some((t) => typeof t !== 'string' || !/^\d{7}$/.test(t))) err('coverage.json: gminas must be 7-digit strings');
        }
      }
    }
  }
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) errors.push('no manifest.json');
  else {
    const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { layers?: Record<string, { features: number }>; scale?: unknown; seed?: unknown; generated_at?: unknown };
    for (const k of ['scale', 'seed', 'generated_at', 'layers'] as const) if (m[k] === undefined) errors.push(`manifest.json: no ${k}`);
    for (const [id, n] of Object.entries(counts)) {
      if (id !== 'addresses' && m.layers?.[id]?.features !== n) errors.push(`manifest.json: ${id} has ${String(m.layers?.[id]?.features)} features, the file ${n}`);
    }
  }
  return { errors, warnings, counts };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node tools/dist/demo/generate/check-output.js <dir>');
    process.exit(2);
  }
  const { errors, warnings, counts } = checkOutput(dir);
  for (const [id, n] of Object.entries(counts)) console.log(`${id.padEnd(22)} ${String(n).padStart(8)}`);
  for (const w of warnings) console.log(`warning: ${w}`);
  for (const e of errors) console.log(`error: ${e}`);
  console.log(errors.length === 0 ? `ok: ${Object.keys(counts).length} files` : `${errors.length} errors`);
  process.exit(errors.length === 0 ? 0 : 1);
}
