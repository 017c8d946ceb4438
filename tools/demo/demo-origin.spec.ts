import { describe, expect, it } from '@jest/globals';
import { LAYER_IDS } from '@lp/contracts';
import { DEMO_ORIGIN } from './demo-origin.js';

describe('demo origin', () => {
  it('says for every catalogue layer, and only for those, where its demo data comes from', () => {
    expect(Object.keys(DEMO_ORIGIN).sort()).toEqual([...LAYER_IDS].sort());
  });

  it('marks as real exactly the layers backed by the shared data dir', () => {
    const real = Object.entries(DEMO_ORIGIN).filter(([, demo]) => demo.origin === 'real').map(([id]) => id);
    expect(real.sort()).toEqual(['admin_bounds', 'cadastral_units', 'env_layers', 'power_lines', 'power_substations', 'transport_stops'].sort());
  });
});
