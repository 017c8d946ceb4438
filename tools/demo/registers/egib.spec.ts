import { describe, expect, it } from '@jest/globals';
import { hectares } from './egib.js';
import { geometryGml } from './gml.js';

describe('the EGiB answer writer', () => {
  it('writes square metres as hectares by moving the decimal point, so the profile gets the demo area back exactly', () => {
    expect(hectares(1561)).toBe('0.1561');
    expect(hectares(12)).toBe('0.0012');
    expect(hectares(123456.5)).toBe('12.34565');
    expect(hectares(0)).toBe('0.0000');
  });

  it('writes EPSG:2180 positions northing first, as urn:ogc:def:crs:EPSG::2180 orders them', () => {
    const gml = geometryGml({ type: 'Point', coordinates: [357000.1234, 505000] }, 'p.1');
    expect(gml).toContain('<gml:pos>505000.000 357000.123</gml:pos>');
    expect(gml).toContain('srsName="urn:ogc:def:crs:EPSG::2180"');
  });
});
