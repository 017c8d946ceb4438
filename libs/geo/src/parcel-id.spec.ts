import { describe, expect, it } from '@jest/globals';
import { formatParcelId, parseParcelId } from './parcel-id.js';

describe('parseParcelId', () => {
  it('splits a full EGiB id into unit, precinct and number', () => {
    expect(parseParcelId('306401_1.0012.100/1')).toEqual({ unit: '306401_1', teryt: '3064011', precinctId: '306401_1.0012', sheet: null, number: '100/1' });
  });

  it('maps the town and rural cadastral units of an urban-rural gmina to the gmina', () => {
    expect(parseParcelId('302111_5.0012.7')!.teryt).toBe('3021113');
    expect(parseParcelId('302111_4.0001.7')!.teryt).toBe('3021113');
  });

  it('keeps the map sheet of ids that have one', () => {
    const parts = parseParcelId('146501_8.0601.AR_12.5/2')!;
    expect(parts.sheet).toBe('AR_12');
    expect(parts.number).toBe('5/2');
    expect(formatParcelId(parts)).toBe('146501_8.0601.AR_12.5/2');
  });

  it('returns null for partial ids and free text', () => {
    for (const text of ['123/4', '306401_1.0012', '306401_1.12.5', 'obręb Głuszyna 123/4', '306401_1.0012.5/']) {
      expect(parseParcelId(text)).toBeNull();
    }
  });
});
