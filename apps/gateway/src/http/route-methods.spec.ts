import { describe, expect, it } from '@jest/globals';
import { RouteMethods } from './route-methods.js';

describe('RouteMethods', () => {
  const table = new RouteMethods();
  table.add('/v1/parcels/batch', ['POST']);
  table.add('/v1/parcels/:id', ['GET', 'HEAD']);
  table.add('/healthz', ['GET']);
  table.add('/docs/*', ['GET']);

  it('names the methods of a path with parameters, merging routes that share the path', () => {
    expect(table.allowedFor('/v1/parcels/146518_8.0101.12')).toEqual(['GET', 'HEAD']);
    // "batch" is both a literal route and a value of :id
    expect(table.allowedFor('/v1/parcels/batch')).toEqual(['GET', 'HEAD', 'POST']);
  });

  it('knows nothing of paths no route has, and ignores a trailing slash', () => {
    expect(table.allowedFor('/v1/nothing')).toEqual([]);
    expect(table.allowedFor('/v1/parcels/x/y')).toEqual([]);
    expect(table.allowedFor('/healthz/')).toEqual(['GET']);
    expect(table.allowedFor('/docs/static/index.html')).toEqual(['GET']);
  });

  it('treats pattern characters in a literal segment literally', () => {
    table.add('/openapi.yaml', ['GET']);
    expect(table.allowedFor('/openapiXyaml')).toEqual([]);
  });
});
