import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
import { BBOX_MAX_AREA_SQ_DEG, formatBbox, parseBbox } from './bbox.js';

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

  it('accepts a box that only overlaps Poland, and refuses one larger than the area bound', () => {
    expect(parseBbox('24.0,50.0,24.9,50.9')).toMatchObject({ maxLng: 24.9 });
    expect(BBOX_MAX_AREA_SQ_DEG).toBe(1);
    expect(parseBbox('16,52,17,53')).toMatchObject({ maxLat: 53 });
    expect(messageOf('16,52,17.5,53')).toMatch(/covers 1.5 square degrees; at most 1 square degree/);
  });

  it('formats a box back to the same numbers', () => {
    expect(formatBbox(parseBbox('16.850,52.37,16.97,52.44'))).toBe('16.85,52.37,16.97,52.44');
  });
});
