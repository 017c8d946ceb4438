import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { SERVED_AREA_WGS84, clipBbox, formatBbox, parseBbox } from './bbox.js';

function messageOf(text: unknown): string {
  try {
    parseBbox(text);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_request');
    return (error as AppError).message;
  }
  throw new Error(`parseBbox accepted ${String(text)}`);
}

describe('parseBbox', () => {
  it('reads minLng,minLat,maxLng,maxLat with spaces and exponents', () => {
    expect(parseBbox('16.85, 52.37,16.97 ,52.44')).toEqual({ minLng: 16.85, minLat: 52.37, maxLng: 16.97, maxLat: 52.44 });
    expect(parseBbox('1.685e1,52.37,16.97,52.44').minLng).toBe(16.85);
  });

  it('says how many values it got when there are not four', () => {
    expect(messageOf('16.85,52.37,16.97')).toMatch(/4 comma-separated numbers .*got 3/);
    expect(messageOf('16.85,52.37,16.97,52.44,1')).toMatch(/got 5/);
    expect(messageOf('')).toMatch(/bbox is required/);
    expect(messageOf(undefined)).toMatch(/bbox is required/);
  });

  it('names the value that is not a number', () => {
    expect(messageOf('16.85,abc,16.97,52.44')).toMatch(/minLat 'abc' is not a number/);
    expect(messageOf('16.85,52.37,0x10,52.44')).toMatch(/maxLng '0x10' is not a number/);
    expect(messageOf('16.85,52.37,Infinity,52.44')).toMatch(/not a number/);
  });

  it('checks WGS84 ranges and the order of min and max', () => {
    expect(messageOf('200,52,201,53')).toMatch(/minLng 200 is outside -180..180/);
    expect(messageOf('16,95,17,96')).toMatch(/minLat 95 is outside -90..90/);
    expect(messageOf('16.97,52.37,16.85,52.44')).toMatch(/minLng \(16.97\) must be less than maxLng \(16.85\)/);
    expect(messageOf('16.85,52.44,16.97,52.44')).toMatch(/minLat \(52.44\) must be less than maxLat/);
  });

  it('refuses a box that misses Poland, and hints when latitude came first', () => {
    expect(messageOf('2.2,48.8,2.5,48.9')).toMatch(/does not overlap Poland/);
    expect(messageOf('52.37,16.85,52.44,16.97')).toMatch(/latitude came first/);
  });

  it('accepts a box that only overlaps Poland, and a box of any size (callers page through it)', () => {
    expect(parseBbox('24.0,50.0,24.9,50.9')).toMatchObject({ maxLng: 24.9 });
    expect(parseBbox('14,49,24.2,54.9')).toMatchObject({ maxLat: 54.9 });
    expect(parseBbox('-180,-90,180,90')).toMatchObject({ minLng: -180 });
  });

  it('lets a map client ask outside Poland when it chooses to', () => {
    expect(parseBbox('2.2,48.8,2.5,48.9', { outsidePoland: 'allow' })).toMatchObject({ minLng: 2.2 });
    expect(() => parseBbox('2.2,48.8,abc,48.9', { outsidePoland: 'allow' })).toThrow(/maxLng 'abc' is not a number/);
  });

  it('clips a box to the served area, or says there is nothing to clip', () => {
    expect(clipBbox({ minLng: -180, minLat: -90, maxLng: 180, maxLat: 90 }, SERVED_AREA_WGS84)).toEqual(SERVED_AREA_WGS84);
    expect(clipBbox({ minLng: 16, minLat: 52, maxLng: 17, maxLat: 53 }, SERVED_AREA_WGS84)).toEqual({ minLng: 16, minLat: 52, maxLng: 17, maxLat: 53 });
    expect(clipBbox({ minLng: 2.2, minLat: 48.8, maxLng: 2.5, maxLat: 48.9 }, SERVED_AREA_WGS84)).toBeNull();
  });

  it('formats a box back to the same numbers', () => {
    expect(formatBbox(parseBbox('16.850,52.37,16.97,52.44'))).toBe('16.85,52.37,16.97,52.44');
  });
});
