import { describe, expect, it } from '@jest/globals';
import { findLayer } from '@lp/contracts';
import { KIND_PARTS, partScope, partSlug } from './kind-parts.js';

describe('layers split into parts by kind', () => {
  it('put every kind of the layer in exactly one part, and only its own kinds', () => {
    for (const [layerId, parts] of Object.entries(KIND_PARTS)) {
      const kinds = findLayer(layerId)!
        .kinds.map((kind) => kind.id)
        .sort();
      expect(Object.values(parts).flat().sort()).toEqual(kinds);
    }
  });

  it('tell the rows of a part by kind, or by the TERYT of the part and its gminas', () => {
    const env = findLayer('env_layers')!;
    expect(partScope(env, 'kinds:forests', [])).toEqual({ column: 'kind', values: ['forest_promotional_complex'] });
    expect(partScope(env, '3064', ['3064011'])).toEqual({ column: 'teryt', values: ['3064', '3064011'] });
    expect([partSlug('kinds:flood_risk'), partSlug('3064011')]).toEqual(['k_flood_risk', '3064011']);
  });
});
