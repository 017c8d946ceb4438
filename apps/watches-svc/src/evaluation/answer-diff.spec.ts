import { describe, expect, it } from '@jest/globals';
import { diffGmina } from './answer-diff.js';

const G = '3064011';

describe('diffGmina: what changed in one gmina of a watch', () => {
  it('reports parcels that now match as entered and those that no longer match as left, with the deciding criterion', () => {
    const events = diffGmina(
      { parcels: new Set(['a', 'b']), coverage: { zoning: 'available' } },
      { teryt: G, parcels: new Set(['b', 'c']), coverage: { zoning: 'available' }, truncated: false },
      'zoning',
    );
    expect(events).toEqual([
      { type: 'entered', parcel_id: 'c', criterion: 'zoning', before: { matches: false }, after: { matches: true } },
      { type: 'left', parcel_id: 'a', criterion: 'zoning', before: { matches: true }, after: { matches: false } },
    ]);
  });

  it('turns a criterion going from unknown to known into coverage events, never a silent new match', () => {
    const events = diffGmina(
      { parcels: new Set(), coverage: { zoning: 'missing', area: 'available' } },
      { teryt: G, parcels: new Set(['p1', 'p2']), coverage: { zoning: 'available', area: 'available' }, truncated: false },
      'zoning',
    );
    expect(events.map((e) => [e.type, e.parcel_id, e.criterion])).toEqual([
      ['coverage', null, 'zoning'],
      ['coverage', 'p1', 'zoning'],
      ['coverage', 'p2', 'zoning'],
    ]);
    expect(events[0]).toMatchObject({ before: { teryt: G, status: 'missing' }, after: { teryt: G, status: 'available' } });
    expect(events.some((e) => e.type === 'entered')).toBe(false);
  });

  it('counts a criterion that can now be proven for some parcels (missing -> partial) as becoming known', () => {
    const events = diffGmina(
      { parcels: new Set(), coverage: { zoning: 'missing' } },
      { teryt: G, parcels: new Set(['p1']), coverage: { zoning: 'partial' }, truncated: false },
      'zoning',
    );
    expect(events.map((e) => e.type)).toEqual(['coverage', 'coverage']);
  });

  it('reports coverage lost without inventing departures when the answer was cut by the search limit', () => {
    const events = diffGmina(
      { parcels: new Set(['a', 'b']), coverage: { zoning: 'available' } },
      { teryt: G, parcels: new Set(['a']), coverage: { zoning: 'partial' }, truncated: true },
      'zoning',
    );
    expect(events).toEqual([
      { type: 'coverage', parcel_id: null, criterion: 'zoning', before: { teryt: G, status: 'available' }, after: { teryt: G, status: 'partial' } },
    ]);
  });

  it('finds nothing when nothing changed', () => {
    expect(
      diffGmina(
        { parcels: new Set(['a']), coverage: { area: 'available' } },
        { teryt: G, parcels: new Set(['a']), coverage: { area: 'available' }, truncated: false },
        null,
      ),
    ).toEqual([]);
  });
});
