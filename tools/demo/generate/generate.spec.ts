import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import {
  coverageGminas,
  DEMO_GMINAS,
  demoGminas,
  GRID_CAPACITY_GMINAS,
  gminasInPowiats,
  MPZP_ZONES_GMINAS,
  PLAN_OGOLNY_GMINAS,
  TERRAIN_POWIATS,
} from '../demo-area.js';
import { checkOutput } from './check-output.js';
import { orderFamilies, type GeneratorFamily } from './family.js';
import { Random, unit } from './random.js';
import { sheet10k } from './terrain.js';

describe('random', () => {
  it('is deterministic per seed and key, independent between keys', () => {
    const a = new Random('s', 'k');
    const b = new Random('s', 'k');
    const xs = Array.from({ length: 5 }, () => a.float());
    expect(Array.from({ length: 5 }, () => b.float())).toEqual(xs);
    expect(new Random('s', 'other').float()).not.toEqual(xs[0]);
    expect(new Random('t', 'k').float()).not.toEqual(xs[0]);
    expect(unit('s', 'k')).toEqual(xs[0]);
  });

  it('stays in range', () => {
    const r = new Random('s', 'range');
    for (let i = 0; i < 1000; i++) {
      const x = r.int(3, 7);
      expect(x >= 3 && x <= 7 && Number.isInteger(x)).toBe(true);
      const f = r.float();
      expect(f >= 0 && f < 1).toBe(true);
    }
    expect(r.shuffle([1, 2, 3, 4]).sort()).toEqual([1, 2, 3, 4]);
  });
});

describe('demo area', () => {
  const codes = new Set(DEMO_GMINAS.map((g) => g.teryt));

  it('lists 7-digit gminas once, with the partial-layer subsets inside the area', () => {
    expect(codes.size).toBe(DEMO_GMINAS.length);
    for (const g of DEMO_GMINAS) expect(g.teryt).toMatch(/^\d{7}$/);
    for (const t of [...MPZP_ZONES_GMINAS, ...PLAN_OGOLNY_GMINAS, ...GRID_CAPACITY_GMINAS]) expect(codes.has(t)).toBe(true);
  });

  it('has local-plan zones in about a third of the demo gminas', () => {
    const share = MPZP_ZONES_GMINAS.length / DEMO_GMINAS.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.45);
  });

  it('has no terrain for Poznań city, iławski, bartoszycki or Zamość', () => {
    const terrain = gminasInPowiats('demo', TERRAIN_POWIATS);
    for (const t of ['3064011', '2807011', '2807032', '2801011', '0664011', '0620142']) expect(terrain).not.toContain(t);
    expect(terrain).toContain('3021093');
  });

  it('small scale: Poznań, the Ostróda pair and Zamość city; coverage follows the scale', () => {
    expect(demoGminas('small').map((g) => g.teryt).sort()).toEqual(['0664011', '2815011', '2815092', '3064011']);
    expect(coverageGminas('small', MPZP_ZONES_GMINAS)).toEqual(['0664011', '2815011', '3064011']);
    expect(coverageGminas('demo').length).toBe(DEMO_GMINAS.length);
  });
});

describe('sheet10k', () => {
  it('names the 1:10 000 sheet of a point (IMW division)', () => {
    expect(sheet10k(16.934, 52.408)).toMatch(/^N-33-130-D-[a-d]-[1-4]$/);
    expect(sheet10k(23.25, 50.72)).toMatch(/^M-34-/);
  });
});

describe('orderFamilies', () => {
  const fam = (name: string, layers: string[], dependsOn?: string[]): GeneratorFamily => ({ name, layers, dependsOn, generate: async () => undefined });
  const all = [fam('market', ['transactions'], ['buildings']), fam('admin', ['admin_bounds']), fam('buildings', ['buildings'], ['admin']), fam('env', ['env_layers'], ['admin'])];

  it('runs dependencies first, keeping list order otherwise', () => {
    expect(orderFamilies(all, null).map((f) => f.name)).toEqual(['admin', 'buildings', 'market', 'env']);
  });

  it('with --only runs the producing families and their dependencies', () => {
    expect(orderFamilies(all, new Set(['transactions'])).map((f) => f.name)).toEqual(['admin', 'buildings', 'market']);
    expect(() => orderFamilies(all, new Set(['nope']))).toThrow(/no family generates nope/);
  });
});

describe('checkOutput', () => {
  const feature = (props: Record<string, unknown>, coordinates: unknown = [16.9, 52.4]) =>
    JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates }, properties: props });

  function dir(lines: string[]): string {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-check-'));
    fs.writeFileSync(path.join(d, 'protests.geojsonl'), lines.map((l) => `${l}\n`).join(''));
    fs.writeFileSync(path.join(d, 'protests.coverage.json'), JSON.stringify({ gminas: ['3064011'] }));
    fs.writeFileSync(path.join(d, 'protests.source.json'), JSON.stringify({ source_url: 'generated://test', note: 'test' }));
    fs.writeFileSync(path.join(d, 'manifest.json'), JSON.stringify({ scale: 'small', seed: 's', generated_at: 'x', layers: { protests: { features: lines.length } } }));
    return d;
  }
  const ok = { id: 'P1', kind: 'petition', name: null, teryt: '3064011', reported_on: '2025-01-02', project_type: 'wind' };

  it('accepts a valid file', () => {
    // protests are polygons in the catalogue: a point is reported
    const d = dir([feature(ok)]);
    const r = checkOutput(d);
    expect(r.counts['protests']).toBe(1);
    expect(r.errors.some((e) => e.includes('geometry Point'))).toBe(true);
    const poly = JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[16.9, 52.4], [16.91, 52.4], [16.91, 52.41], [16.9, 52.4]]] }, properties: ok });
    expect(checkOutput(dir([poly])).errors).toEqual([]);
  });

  it('reports duplicate ids, unknown kinds, missing required attributes and coordinates outside Poland', () => {
    const poly = (props: Record<string, unknown>, x = 16.9) =>
      JSON.stringify({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [[[x, 52.4], [x + 0.01, 52.4], [x + 0.01, 52.41], [x, 52.4]]] }, properties: props });
    const r = checkOutput(dir([poly(ok), poly(ok), poly({ ...ok, id: 'P2', kind: 'riot' }), poly({ ...ok, id: 'P3', reported_on: undefined }), poly({ ...ok, id: 'P4' }, 2.3)]));
    const text = r.errors.join('\n');
    expect(text).toMatch(/duplicate id P1/);
    expect(text).toMatch(/kind "riot"/);
    expect(text).toMatch(/required reported_on missing/);
    expect(text).toMatch(/outside Poland/);
  });
});
