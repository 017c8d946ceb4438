import { describe, expect, it } from '@jest/globals';
import { Ajv } from 'ajv';
import { z } from 'zod';
import { withSingleTypes } from './single-type-schema.js';

const typeArrays = (schema: unknown): string[] => {
  if (Array.isArray(schema)) return schema.flatMap(typeArrays);
  if (schema === null || typeof schema !== 'object') return [];
  const own = Array.isArray((schema as { type?: unknown }).type) ? [JSON.stringify((schema as { type: unknown }).type)] : [];
  return [...own, ...Object.values(schema).flatMap(typeArrays)];
};

describe('withSingleTypes', () => {
  it('writes a nullable number as anyOf branches of one type each, the bounds in the number branch', () => {
    expect(withSingleTypes({ type: ['number', 'null'], minimum: 0, description: 'metres' })).toEqual({
      description: 'metres',
      anyOf: [{ type: 'number', minimum: 0 }, { type: 'null' }],
    });
  });

  it('splits an enum with null between its branches, and a union of number and string', () => {
    expect(withSingleTypes({ type: ['string', 'null'], enum: ['a', 'b', null] })).toEqual({ anyOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'null' }] });
    expect(withSingleTypes({ type: ['number', 'string'] })).toEqual({ anyOf: [{ type: 'number' }, { type: 'string' }] });
  });

  it("leaves no type array in zod's JSON Schema of nested nullables and unions, and accepts and refuses the same values", () => {
    const schema = z.object({
      score: z.number().min(0).nullable(),
      items: z.array(z.object({ value: z.union([z.number(), z.string()]), note: z.string().max(5).nullable() })),
      status: z.enum(['in_force', 'draft']).nullable(),
    });
    const json = z.toJSONSchema(schema, { target: 'draft-7' });
    expect(typeArrays(json).length).toBeGreaterThan(0);
    const single = withSingleTypes(json);
    expect(typeArrays(single)).toEqual([]);
    const before = new Ajv({ strict: false }).compile(json as object);
    const after = new Ajv({ strict: false }).compile(single as object);
    const samples = [
      { score: null, items: [{ value: 1, note: null }], status: null },
      { score: 3, items: [{ value: 'x', note: 'abc' }], status: 'draft' },
      { score: -1, items: [], status: null },
      { score: 1, items: [{ value: true, note: null }], status: null },
      { score: 1, items: [{ value: 1, note: 'too long' }], status: 'repealed' },
    ];
    for (const sample of samples) expect(after(sample)).toBe(before(sample));
  });
});
