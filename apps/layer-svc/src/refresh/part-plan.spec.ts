import { describe, expect, it } from '@jest/globals';
import { findLayer } from '@lp/contracts';
import type { PartRow } from '../storage/part-storage.repository.js';
import { checkParts, mapBounded, planParts } from './part-plan.js';

const PARCELS = findLayer('parcels')!;
const ENV = findLayer('env_layers')!;
const loaded = (part: string, source: string): PartRow => ({ part, source, status: 'loaded', table_name: `f_parcels__7_${part}`, gminas: [part], loaded_count: '10', previous_count: '9', error: null });

describe('planning the parts of a refresh', () => {
  it('refuses codes that are no part, a part named twice, and a gmina inside a powiat of the same run', () => {
    expect(() => checkParts([{ part: '30011', source: 'a' }], PARCELS)).toThrow(/not 30011/);
    expect(() => checkParts([{ part: '3064', source: 'a' }, { part: '3064', source: 'b' }], PARCELS)).toThrow('Part 3064 is named twice.');
    expect(() => checkParts([{ part: '3064011', source: 'a' }, { part: '3064', source: 'b' }], PARCELS)).toThrow('Parts overlap: 3064011 lies in 3064.');
    expect(() => checkParts([{ part: '30', source: 'a' }, { part: '3064', source: 'b' }], PARCELS)).toThrow('Parts overlap: 3064 lies in 30.');
    expect(() => checkParts([{ part: '3064011', source: 'a' }, { part: '3064021', source: 'b' }, { part: '0201', source: 'c' }], PARCELS)).not.toThrow();
  });

  it('takes parts by kind of a layer split by kind, and refuses unknown ones and runs mixing both sorts of part', () => {
    expect(() => checkParts([{ part: 'kinds:flood_risk', source: 'a' }, { part: 'kinds:nature_protection', source: 'b' }], ENV)).not.toThrow();
    expect(() => checkParts([{ part: 'kinds:floods', source: 'a' }], ENV)).toThrow(/env_layers has no part kinds:floods; its parts by kind: kinds:nature_protection, kinds:flood_risk, kinds:forests, kinds:wetlands/);
    expect(() => checkParts([{ part: 'kinds:flood_risk', source: 'a' }], PARCELS)).toThrow('parcels is not split by kind; its parts are TERYT codes, not kinds:flood_risk.');
    expect(() => checkParts([{ part: 'kinds:flood_risk', source: 'a' }, { part: '3064', source: 'b' }], ENV)).toThrow('A run refreshes parts by TERYT or parts by kind, not both; run them separately.');
  });

  it('reuses what an earlier attempt loaded only for the same source, and takes the recorded parts when none are named', () => {
    const earlier = [loaded('3064011', '/data/a.gml'), loaded('3064021', '/data/b.gml')];
    const plan = planParts([{ part: '3064011', source: '/data/a.gml' }, { part: '3064021', source: '/data/b2.gml' }], earlier);
    expect(plan.map((item) => [item.part, item.earlier?.status ?? null])).toEqual([['3064011', 'loaded'], ['3064021', null]]);
    expect(planParts([], earlier).map((item) => [item.part, item.source])).toEqual([['3064011', '/data/a.gml'], ['3064021', '/data/b.gml']]);
  });

  it('runs at most the given number of parts at once and keeps their order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapBounded([5, 1, 4, 2, 3], 2, async (delay) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, delay * 5));
      running--;
      return delay * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30]);
    expect(most).toBe(2);
  });
});
