import { describe, expect, it } from '@jest/globals';
import { entrySources, parseSourceMap, partSource } from './source-map.js';

describe('parseSourceMap (refresh-scheduled --sources)', () => {
  it('accepts catalogue layers with a file, URL or WFS source, a source by parts, or the reason there is none', () => {
    const text = JSON.stringify({
      roads: 'https://example.org/roads.geojsonl',
      air_quality: 'WFS:https://example.org/wfs',
      parcels: { source: 'https://example.org/egib/{part}.gpkg.zip', parts: 'powiats' },
      kowr_land: { not_scheduled: 'offers are published as PDF notices' },
    });
    expect(parseSourceMap(text, 'sources.json')).toEqual({
      roads: { source: 'https://example.org/roads.geojsonl' },
      air_quality: { source: 'WFS:https://example.org/wfs' },
      parcels: { source: 'https://example.org/egib/{part}.gpkg.zip', parts: 'powiats' },
      kowr_land: { not_scheduled: 'offers are published as PDF notices' },
    });
  });

  it('refuses a layer the catalogue does not have, naming it', () => {
    expect(() => parseSourceMap('{"road": "https://example.org/roads.geojsonl"}', 'sources.json')).toThrow('sources.json names layers that are not in the catalogue: road');
  });

  it('refuses anything but an object of sources, naming the layer', () => {
    for (const text of ['[]', 'null']) expect(() => parseSourceMap(text, 'sources.json')).toThrow(/must be a JSON object of layer id to source/);
    for (const text of ['{"roads": 3}', '{"roads": " "}', '{"roads": {"parts": "powiats"}}']) expect(() => parseSourceMap(text, 'sources.json')).toThrow(/sources.json: roads must be a JSON object/);
    expect(() => parseSourceMap('{roads', 'sources.json')).toThrow(/sources.json is not JSON/);
  });

  it('refuses a source by parts that does not name its part, or an unknown unit', () => {
    expect(() => parseSourceMap('{"roads": {"source": "https://example.org/all.zip", "parts": "powiats"}}', 's.json')).toThrow('s.json: roads: a source by parts names its part with {part} (or {voivodeship_name})');
    expect(() => parseSourceMap('{"roads": {"source": "https://example.org/{part}.zip", "parts": "precincts"}}', 's.json')).toThrow('s.json: roads: parts must be voivodeships or powiats or gminas');
    expect(() => parseSourceMap('{"roads": "https://example.org/{part}.zip"}', 's.json')).toThrow(/\{part\} needs "parts"/);
  });

  it('keeps the profile a register is read through, and refuses one that is unknown or fills another layer', () => {
    const text = JSON.stringify({ roads: { source: 'https://example.org/{voivodeship}/{part}_GML.zip', parts: 'powiats', profile: 'bdot10k-roads' } });
    expect(parseSourceMap(text, 's.json')).toEqual({ roads: { source: 'https://example.org/{voivodeship}/{part}_GML.zip', parts: 'powiats', profile: 'bdot10k-roads' } });
    expect(() => parseSourceMap('{"roads": {"source": "https://example.org/x.zip", "profile": "bdot10k-road"}}', 's.json')).toThrow('s.json: roads: unknown profile bdot10k-road; the layer\'s profiles: bdot10k-roads');
    expect(() => parseSourceMap('{"roads": {"source": "https://example.org/x.zip", "profile": "bdot10k-waterways"}}', 's.json')).toThrow(
      's.json: roads: profile bdot10k-waterways fills waterways, not roads; the layer\'s profiles: bdot10k-roads',
    );
    expect(() => parseSourceMap('{"roads": {"source": "https://example.org/x.zip", "profile": 3}}', 's.json')).toThrow('s.json: roads: profile must be the id of a source profile');
  });

  it('keeps drop_outside for a source by parts, and refuses it elsewhere', () => {
    const text = JSON.stringify({ roads: { source: 'https://example.org/{part}_GML.zip', parts: 'powiats', profile: 'bdot10k-roads', drop_outside: true } });
    expect(parseSourceMap(text, 's.json')['roads']).toEqual({ source: 'https://example.org/{part}_GML.zip', parts: 'powiats', profile: 'bdot10k-roads', drop_outside: true });
    for (const entry of [{ source: 'https://example.org/all.zip', drop_outside: true }, { source: 'https://example.org/{part}.zip', parts: 'powiats', drop_outside: 'yes' }]) {
      expect(() => parseSourceMap(JSON.stringify({ roads: entry }), 's.json')).toThrow('s.json: roads: drop_outside is true or absent, and only for a source by parts');
    }
  });

  it('keeps the sources of a layer split by kind, one per part of kinds, and refuses a part the layer does not have', () => {
    const entry = { kind_parts: { 'kinds:flood_risk': { source: 'WFS:https://example.org/mzp', profile: 'isok-flood-hazard' }, 'kinds:nature_protection': 'WFS:https://example.org/gdos' } };
    const parsed = parseSourceMap(JSON.stringify({ env_layers: entry }), 's.json')['env_layers']!;
    expect(parsed).toEqual({ kind_parts: { 'kinds:flood_risk': { source: 'WFS:https://example.org/mzp', profile: 'isok-flood-hazard' }, 'kinds:nature_protection': { source: 'WFS:https://example.org/gdos' } } });
    expect(entrySources(parsed)).toEqual(['WFS:https://example.org/mzp', 'WFS:https://example.org/gdos']);
    expect(() => parseSourceMap(JSON.stringify({ env_layers: { kind_parts: { 'kinds:floods': 'WFS:https://example.org/mzp' } } }), 's.json')).toThrow(/s\.json: env_layers: env_layers has no part kinds:floods/);
    expect(() => parseSourceMap(JSON.stringify({ env_layers: { kind_parts: { 'kinds:flood_risk': { source: 'https://example.org/x.zip', profile: 'gdos' } } } }), 's.json')).toThrow(
      /s\.json: env_layers: kinds:flood_risk: unknown profile gdos/,
    );
  });

  it('fills a part, its voivodeship and the file name of the voivodeship into the template', () => {
    expect(partSource('https://example.org/{voivodeship}/{part}_GML.zip', '3064')).toBe('https://example.org/30/3064_GML.zip');
    expect(partSource('https://example.org/wynik_{voivodeship_name}.zip', '04')).toBe('https://example.org/wynik_kujawsko-pomorskie.zip');
  });
});
