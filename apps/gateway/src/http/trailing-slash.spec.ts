import { describe, expect, it } from '@jest/globals';
import { trailingSlashError } from './trailing-slash.js';

describe('a /v1 path ending with a slash', () => {
  it('is not found on every route alike: an item route with an empty id does not answer the list', () => {
    for (const url of ['/v1/layers/', '/v1/parcels/', '/v1/watches/', '/v1/parcels/066401_1.0002.10%2F1/', '/v1/search/parcels/', '/v1/layers/?limit=5']) {
      const error = trailingSlashError('GET', url);
      expect(error?.code).toBe('not_found');
      expect(error?.message).toMatch(/never end with '\/'/);
    }
    expect(trailingSlashError('GET', '/v1/layers/')?.message).toContain('/v1/layers/{id}');
  });

  it('leaves every other path to the router', () => {
    for (const url of ['/v1/layers', '/v1/parcels/066401_1.0002.10%2F1', '/v1/layers?next=/', '/healthz/', '/docs/', '/'])
      expect(trailingSlashError('GET', url)).toBeUndefined();
  });
});
