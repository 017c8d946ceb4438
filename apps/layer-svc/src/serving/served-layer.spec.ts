import { describe, expect, it } from '@jest/globals';
import { thrownAppError } from '../../test/thrown-app-error.js';
import { servedLayer } from './served-layer.js';

describe('servedLayer', () => {
  it('answers the catalogue layer when it is served the way asked', () => {
    expect(servedLayer('parcels', 'api').id).toBe('parcels');
    expect(servedLayer('parcels', 'tiles').id).toBe('parcels');
  });

  it('names the layers and close ids for an unknown one', () => {
    const typo = thrownAppError(() => servedLayer('parcel', 'api'));
    expect(typo.code).toBe('not_found');
    expect(typo.message).toMatch(/No layer has the id parcel\. Layers listed as features: parcels, cadastral_units/);
    expect(typo.candidates).toContain('parcels');
    const unknown = thrownAppError(() => servedLayer('unicorns', 'api'));
    expect(unknown.candidates).toContain('power_substations');
    expect(unknown.candidates).not.toContain('contours');
  });

  it('explains how a layer not served that way is served', () => {
    expect(thrownAppError(() => servedLayer('contours', 'api')).message).toMatch(/served only as vector tiles.*\/v1\/layers\/contours\/tiles\/\{z\}/);
    expect(thrownAppError(() => servedLayer('ortho', 'api')).message).toMatch(/raster layer served only as a proxied WMS/);
    expect(thrownAppError(() => servedLayer('terrain_hillshade', 'tiles')).code).toBe('invalid_request');
    expect(thrownAppError(() => servedLayer('power_substations', 'tiles')).message).toMatch(/not served as vector tiles .*features\?bbox=/);
  });
});
