import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LayerSources } from './layer-sources.js';

describe('LayerSources', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-sources-'));
  writeFileSync(join(dir, 'roads.geojsonl'), '');
  const sources = new LayerSources(dir);

  it('finds the configured source of a layer, and none for a layer without a file', () => {
    expect(sources.configuredSource('roads')).toBe(join(dir, 'roads.geojsonl'));
    expect(sources.configuredSource('parcels')).toBeNull();
  });

  it('passes URLs and WFS sources through and keeps local files inside the directory', () => {
    expect(sources.resolve('roads', 'https://example.org/roads.gpkg')).toBe('https://example.org/roads.gpkg');
    expect(sources.resolve('roads', 'WFS:https://example.org/wfs')).toBe('WFS:https://example.org/wfs');
    expect(sources.resolve('roads', 'roads.geojsonl')).toBe(join(dir, 'roads.geojsonl'));
    expect(() => sources.resolve('roads', '../../etc/passwd')).toThrow(/inside LAYER_SOURCES_DIR/);
    expect(() => sources.resolve('roads', '/etc/passwd')).toThrow(/inside LAYER_SOURCES_DIR/);
    expect(() => sources.resolve('parcels', undefined)).toThrow(/No source is configured for parcels/);
  });

  it('refuses local files when no directory is configured', () => {
    expect(() => new LayerSources(undefined).resolve('roads', 'roads.geojsonl')).toThrow(/LAYER_SOURCES_DIR/);
  });
});
