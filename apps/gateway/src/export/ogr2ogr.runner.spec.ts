import { describe, expect, it } from '@jest/globals';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runOgr2ogr } from './ogr2ogr.runner.js';

describe('ogr2ogr as a subprocess that never hangs', () => {
  const withFolder = async (work: (dir: string, source: string) => Promise<void>) => {
    const dir = await mkdtemp(join(tmpdir(), 'lp-ogr-spec-'));
    try {
      const source = join(dir, 'in.geojson');
      await writeFile(source, JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: { type: 'Point', coordinates: [16.9, 52.4] }, properties: { a: 1 } }] }));
      await work(dir, source);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };

  it('writes a GeoPackage', () =>
    withFolder(async (dir, source) => {
      await runOgr2ogr(['-f', 'GPKG', join(dir, 'out.gpkg'), source], { timeoutMs: 30_000, signal: new AbortController().signal });
      expect(await readdir(dir)).toContain('out.gpkg');
    }));

  it('is killed at its deadline and says so (504 upstream_timeout)', () =>
    withFolder(async (dir, source) => {
      await expect(runOgr2ogr(['-f', 'GPKG', join(dir, 'out.gpkg'), source], { timeoutMs: 1, signal: new AbortController().signal })).rejects.toMatchObject({
        code: 'upstream_timeout',
      });
    }));

  it('is killed when the client goes away', () =>
    withFolder(async (dir, source) => {
      const abort = new AbortController();
      const running = runOgr2ogr(['-f', 'GPKG', join(dir, 'out.gpkg'), source], { timeoutMs: 30_000, signal: abort.signal });
      abort.abort();
      await expect(running).rejects.toThrow(/client went away/);
    }));

  it('reports a GDAL failure with its first words', () =>
    withFolder(async (dir) => {
      await expect(runOgr2ogr(['-f', 'GPKG', join(dir, 'out.gpkg'), join(dir, 'missing.geojson')], { timeoutMs: 30_000, signal: new AbortController().signal })).rejects.toThrow(
        /ogr2ogr failed \(exit 1\)/,
      );
    }));
});
