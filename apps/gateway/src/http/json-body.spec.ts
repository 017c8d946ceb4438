import { describe, expect, it } from '@jest/globals';
import { parseJsonBody } from './json-body.js';

const LIMITS = { maxDepth: 4, maxObjectKeys: 3, maxArrayItems: 3, maxValues: 10 };

describe('parseJsonBody', () => {
  it('returns objects within every limit', () => {
    expect(parseJsonBody('{"a":[1,2,3],"b":{"c":"x,{[y"},"d":null}', LIMITS)).toEqual({ a: [1, 2, 3], b: { c: 'x,{[y' }, d: null });
    expect(parseJsonBody('{"a":"quote \\" and , inside"}', LIMITS)).toEqual({ a: 'quote " and , inside' });
  });

  it('refuses nesting, keys, items and values beyond the limits, naming the limit', () => {
    expect(() => parseJsonBody('{"a":{"b":{"c":{"d":[1]}}}}', LIMITS)).toThrow(/deeper than 4 levels/);
    expect(() => parseJsonBody('{"a":1,"b":2,"c":3,"d":4}', LIMITS)).toThrow(/object with more than 3 keys; at most 3/);
    expect(() => parseJsonBody('{"a":[1,2,3,4]}', LIMITS)).toThrow(/array of more than 3 items; at most 3/);
    expect(() => parseJsonBody('{"a":[1,2,3],"b":[1,2,3],"c":[1,2,3]}', LIMITS)).toThrow(/more than 10 values/);
  });

  it('refuses reserved keys, NUL characters and bodies that are not objects', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) expect(() => parseJsonBody(`{"p":{"${key}":1}}`, LIMITS)).toThrow(new RegExp(`"${key}"`));
    expect(() => parseJsonBody('{"q":"x\\u0000y"}', LIMITS)).toThrow(/NUL character/);
    expect(() => parseJsonBody('null', LIMITS)).toThrow(/must be a JSON object; got null/);
    expect(() => parseJsonBody('[1]', LIMITS)).toThrow(/got an array/);
    expect(() => parseJsonBody('{"a":', LIMITS)).toThrow(/not valid JSON/);
  });
});
