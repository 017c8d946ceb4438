import { describe, expect, it } from '@jest/globals';
import { parseSourceMap } from './source-map.js';

describe('parseSourceMap (refresh-cadence --sources)', () => {
  it('accepts catalogue layers with a file, URL or WFS source', () => {
    const text = JSON.stringify({ roads: 'https://example.org/roads.geojsonl', air_quality: 'WFS:https://example.org/wfs', parcels: '/data/parcels.gpkg' });
    expect(Object.keys(parseSourceMap(text, 'sources.json'))).toEqual(['roads', 'air_quality', 'parcels']);
  });

  it('refuses a layer the catalogue does not have, naming it', () => {
    expect(() => parseSourceMap('{"road": "https://example.org/roads.geojsonl"}', 'sources.json')).toThrow('sources.json names layers that are not in the catalogue: road');
  });

  it('refuses anything but an object of non-empty strings', () => {
    for (const text of ['[]', '{"roads": 3}', '{"roads": " "}', 'null']) expect(() => parseSourceMap(text, 'sources.json')).toThrow(/must be a JSON object of layer id to source/);
    expect(() => parseSourceMap('{roads', 'sources.json')).toThrow(/sources.json is not JSON/);
  });
});
