import { describe, expect, it } from '@jest/globals';
import type { OpenAPIObject } from '@nestjs/swagger';
import { toOpenApi31 } from './openapi.document.js';

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
});
