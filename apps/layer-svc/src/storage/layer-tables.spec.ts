import { describe, expect, it } from '@jest/globals';
import { findLayer, LAYER_CATALOGUE } from '@lp/contracts';
import { attributeColumnsSql, isSubdivided, layerViewSql, versionTableName } from './layer-tables.js';

describe('layer tables', () => {
  it('names version tables from catalogue layers only', () => {
    expect(versionTableName('parcels', 12)).toBe('f_parcels__12');
    expect(() => versionTableName('parcels; DROP TABLE x', 1)).toThrow(/not a catalogue layer/);
    expect(() => versionTableName('unicorns', 1)).toThrow(/not a catalogue layer/);
    expect(() => versionTableName('parcels', -1)).toThrow(/bad run sequence/);
  });

  it('exposes every catalogue attribute as a typed column of the published view', () => {
    const substations = findLayer('power_substations')!;
    expect(attributeColumnsSql(substations, 'f')).toContain(`(f.attrs->>'voltage_kv')::double precision AS voltage_kv`);
    for (const layer of LAYER_CATALOGUE) expect(() => layerViewSql(layer, versionTableName(layer.id, 0))).not.toThrow();
  });

  it('subdivides large polygon layers but not parcels or points', () => {
    expect(isSubdivided(findLayer('env_layers')!)).toBe(true);
    expect(isSubdivided(findLayer('parcels')!)).toBe(false);
    expect(isSubdivided(findLayer('power_substations')!)).toBe(false);
  });
});
