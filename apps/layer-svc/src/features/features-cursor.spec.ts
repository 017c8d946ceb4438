import { describe, expect, it } from '@jest/globals';
import { thrownAppError } from '../../test/thrown-app-error.js';
import { bboxKey, checkCursor, checkCursorVersion, decodeCursor, encodeCursor } from './features-cursor.js';

const box = { minLng: 16.85, minLat: 52.37, maxLng: 16.97, maxLat: 52.44 };

describe('feature page cursors', () => {
  it('round-trip as an opaque base64url token', () => {
    const position = { layerId: 'power_substations', version: 3, lastFid: 1234, bboxKey: bboxKey(box) };
    const token = encodeCursor(position);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(token)).toEqual(position);
  });

  it('refuse tokens they did not issue', () => {
    for (const token of ['abc', Buffer.from('f1:parcels:1:2').toString('base64url'), Buffer.from('f2:parcels:1:2:0123456789abcdef').toString('base64url')]) {
      const error = thrownAppError(() => decodeCursor(token));
      expect(error.code).toBe('invalid_request');
      expect(error.message).toMatch(/not a cursor this API issued/);
    }
  });

  it('belong to one layer and one bbox, whatever the spelling of its numbers', () => {
    const position = decodeCursor(encodeCursor({ layerId: 'parcels', version: 1, lastFid: 10, bboxKey: bboxKey(box) }));
    expect(() => checkCursor(position, 'parcels', bboxKey({ ...box, minLng: 16.85 }))).not.toThrow();
    expect(thrownAppError(() => checkCursor(position, 'buildings', bboxKey(box))).message).toMatch(/issued for layer parcels, not buildings/);
    expect(thrownAppError(() => checkCursor(position, 'parcels', bboxKey({ ...box, maxLat: 52.45 }))).message).toMatch(/another bbox/);
  });

  it('turn stale when the layer is refreshed', () => {
    const position = { layerId: 'parcels', version: 1, lastFid: 10, bboxKey: bboxKey(box) };
    expect(() => checkCursorVersion(position, 'parcels', 1)).not.toThrow();
    const error = thrownAppError(() => checkCursorVersion(position, 'parcels', 2));
    expect(error.code).toBe('stale_cursor');
    expect(error.message).toMatch(/refreshed since this cursor was issued .*start again without cursor/);
  });
});
