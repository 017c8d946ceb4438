import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeSource, isFilePath } from './refresh-pipeline.js';

describe('the source_url a refresh publishes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'describe-source-'));

  it('keeps a remote source as its URL', () => {
    expect(describeSource('https://mapy.geoportal.gov.pl/wss/service/PZGIK/EGIB/WFS')).toBe('https://mapy.geoportal.gov.pl/wss/service/PZGIK/EGIB/WFS');
  });

  it("names a local file by the source its sidecar states, never by the server's path", () => {
    const file = join(dir, 'parcels.geojsonl');
    writeFileSync(file, '');
    writeFileSync(join(dir, 'parcels.source.json'), JSON.stringify({ source_url: 'generated://tools/demo/generate/cadastre', note: 'generated' }));
    expect(describeSource(file)).toBe('generated://tools/demo/generate/cadastre');
  });

  it('falls back to the file name alone when the sidecar is missing or itself names a path', () => {
    const bare = join(dir, 'roads.geojsonl');
    writeFileSync(bare, '');
    expect(describeSource(bare)).toBe('local-file:roads.geojsonl');
    const pathy = join(dir, 'waterways.geojsonl');
    writeFileSync(join(dir, 'waterways.source.json'), JSON.stringify({ source_url: `file://${pathy}` }));
    expect(describeSource(pathy)).toBe('local-file:waterways.geojsonl');
    expect(describeSource(pathy)).not.toContain(dir);
  });

  it('tells paths from URLs', () => {
    expect(['file:///srv/x.geojsonl', '/srv/x', '~/x', 'C:\\data\\x'].map(isFilePath)).toEqual([true, true, true, true]);
    expect(['https://x.pl/a', 'generated://tools/demo', 'shared-data:rail/stations.csv', 'local-file:x'].map(isFilePath)).toEqual([false, false, false, false]);
  });
});
