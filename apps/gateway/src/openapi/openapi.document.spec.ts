import { describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { apiSubsetDocument, declarePublicOperations, toOpenApi31 } from './openapi.document.js';

describe('toOpenApi31', () => {
  it('rewrites nullable types, nullable refs and boolean exclusive bounds into 3.1 forms', () => {
    const document = {
      openapi: '3.0.0',
      info: { title: 't', version: '1' },
      paths: {},
      components: {
        schemas: {
          A: {
            type: 'object',
            properties: {
              name: { type: 'string', nullable: true },
              kind: { type: 'string', enum: ['a', 'b'], nullable: true },
              child: { allOf: [{ $ref: '#/components/schemas/B' }], nullable: true },
              // what @nestjs/swagger writes for `type: B, nullable: true`
              typed: { type: 'object', description: 'd', allOf: [{ $ref: '#/components/schemas/B' }], nullable: true },
              count: { type: 'integer', minimum: 0, exclusiveMinimum: true },
              plain: { type: 'number', nullable: false },
            },
          },
        },
      },
    } as unknown as OpenAPIObject;
    const lifted = toOpenApi31(document);
    const properties = (lifted.components!.schemas!['A'] as { properties: Record<string, unknown> }).properties;
    expect(lifted.openapi).toBe('3.1.0');
    expect(properties['name']).toEqual({ type: ['string', 'null'] });
    expect(properties['kind']).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(properties['child']).toEqual({ anyOf: [{ allOf: [{ $ref: '#/components/schemas/B' }] }, { type: 'null' }] });
    expect(properties['typed']).toEqual({ description: 'd', anyOf: [{ type: 'object', allOf: [{ $ref: '#/components/schemas/B' }] }, { type: 'null' }] });
    expect(properties['count']).toEqual({ type: 'integer', exclusiveMinimum: 0 });
    expect(properties['plain']).toEqual({ type: 'number' });
    expect((document.components!.schemas!['A'] as { properties: Record<string, { nullable?: boolean }> }).properties['name']!.nullable).toBe(true);
  });

  it('cuts the OGC API out of the document with paths relative to its prefix and the server at it', () => {
    const operation = { responses: { 200: { description: 'ok' } } };
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      servers: [{ url: 'https://api.example.pl/' }],
      paths: { '/v1/ogc': { get: operation }, '/v1/ogc/collections/{collectionId}/items': { get: operation }, '/v1/layers': { get: operation }, '/v1/ogcx': { get: operation } },
    } as unknown as OpenAPIObject;
    const subset = apiSubsetDocument(document, '/v1/ogc', 'OGC');
    expect(Object.keys(subset.paths)).toEqual(['/', '/collections/{collectionId}/items']);
    expect(subset.servers).toEqual([{ url: 'https://api.example.pl/v1/ogc' }]);
    expect(subset.info.title).toBe('OGC');
  });

  it('keeps in the OGC subset only the schemas its routes use, directly or through another schema', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: {
        '/v1/ogc/collections': { get: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: ref('Collections') } } } } } },
        '/v1/search/parcels': { post: { responses: { 200: { description: 'ok', content: { 'application/json': { schema: ref('Search') } } } } } },
      },
      components: { schemas: { Collections: { type: 'array', items: ref('Collection') }, Collection: { type: 'object' }, Search: { type: 'object' } }, securitySchemes: { bearer: { type: 'http' } } },
    } as unknown as OpenAPIObject;
    const subset = apiSubsetDocument(document, '/v1/ogc', 'OGC');
    expect(Object.keys(subset.components!.schemas!)).toEqual(['Collections', 'Collection']);
    expect(subset.components!.securitySchemes).toEqual({ bearer: { type: 'http' } });
    expect(Object.keys(document.components!.schemas!)).toHaveLength(3);
  });

  it('declares routes without security as public (security: []) and leaves keyed routes alone', () => {
    const document = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/healthz': { get: { responses: {} } }, '/v1/layers': { get: { responses: {}, security: [{ bearer: [] }] }, parameters: [] } },
    } as unknown as OpenAPIObject;
    const paths = declarePublicOperations(document).paths as Record<string, Record<string, { security?: unknown }>>;
    expect(paths['/healthz']!['get']!.security).toEqual([]);
    expect(paths['/v1/layers']!['get']!.security).toEqual([{ bearer: [] }]);
    expect(paths['/v1/layers']!['parameters']).toEqual([]);
  });
});
