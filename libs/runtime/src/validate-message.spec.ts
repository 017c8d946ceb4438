import { describe, expect, it } from '@jest/globals';
import { AppError, CompileScenarioBody, NaturalLanguageSearchRequest, ParcelBatchRequest, SearchParcelsRequest } from '@lp/contracts';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { validateMessage } from './validate-message.js';

class Sample {
  @IsString()
  name!: string;

  @IsInt()
  @Min(1)
  @Max(10)
  size!: number;
}

describe('validateMessage', () => {
  it("names a field inside near_any by where it was sent, not by the near filter's usual place", () => {
    const problems = (filters: unknown): string => {
      try {
        validateMessage(SearchParcelsRequest, { region: '3064011', filters });
        return '';
      } catch (error) {
        return (error as AppError).message;
      }
    };
    const nested = problems({ near_any: [{ any_of: [{ layer: 'power_lines', within_m: -5 }, { layer: 'roads', within_m: 100, kinds: [3] }] }] });
    expect(nested).toMatch(/filters\.near_any\[\]\.any_of\[\]\.within_m must be from 0 to \d+ metres; got -5/);
    expect(nested).toMatch(/filters\.near_any\[\]\.any_of\[\]\.kinds must contain strings/);
    expect(nested).not.toMatch(/filters\.near\[\]/);
    expect(problems({ near: [{ layer: 'power_lines', within_m: -5 }] })).toMatch(/filters\.near\[\]\.within_m must be from 0/);
  });

  it('returns an instance of the contract class for a valid payload', () => {
    const message = validateMessage(Sample, { name: 'a', size: 3 });
    expect(message).toBeInstanceOf(Sample);
    expect(message).toEqual({ name: 'a', size: 3 });
  });

  it('names every bad field, and unknown fields, in one invalid_request', () => {
    let error: unknown;
    try {
      validateMessage(Sample, { name: 5, size: 11, extra: true });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('invalid_request');
    expect((error as AppError).message).toMatch(/name must be a string/);
    expect((error as AppError).message).toMatch(/size must not be greater than 10/);
    expect((error as AppError).message).toMatch(/extra is not an accepted field/);
  });

  it('refuses a body that is not a JSON object', () => {
    expect(() => validateMessage(Sample, [1, 2])).toThrow(/must be a JSON object/);
    expect(() => validateMessage(Sample, null)).toThrow(/must be a JSON object/);
  });

  // Found by the fuzz suite (apps/gateway/test/fuzz.e2e-spec.ts): both answered 500 or broke the
  // answer's schema before.
  it('refuses a prototype key at any depth with invalid_request instead of failing in class-transformer', () => {
    for (const [payload, path] of [
      [{ params: { constructor: 5 } }, 'params.constructor'],
      [{ weights: JSON.parse('{"__proto__": {"x": 1}}') as unknown }, 'weights.__proto__'],
      [{ region: '30', params: { a: [{ prototype: 1 }] } }, 'params.a[0].prototype'],
    ] as const) {
      expect(() => validateMessage(CompileScenarioBody, payload)).toThrow(expect.objectContaining({ code: 'invalid_request', message: expect.stringContaining(path) }) as unknown as Error);
    }
  });

  it('refuses null for an optional body field with the field\'s own message (it reached the services as a third state)', () => {
    const cases: Array<[new () => object, object, RegExp]> = [
      [NaturalLanguageSearchRequest, { query: 'działka w Poznaniu', limit: null }, /limit/],
      [ParcelBatchRequest, { parcel_ids: ['306401_1.0012.1'], include: null }, /include must be an array/],
      [CompileScenarioBody, { params: null }, /params must be an object/],
      [SearchParcelsRequest, { region: '30', filters: null }, /filters/],
    ];
    for (const [type, payload, message] of cases) {
      expect(() => validateMessage(type, payload)).toThrow(expect.objectContaining({ code: 'invalid_request', message: expect.stringMatching(message) }) as unknown as Error);
    }
    expect(() => validateMessage(NaturalLanguageSearchRequest, { query: 'x', limit: null })).toThrow('limit must be an integer from 1 to 200; got null');
    expect(validateMessage(NaturalLanguageSearchRequest, { query: 'działka w Poznaniu' })).toEqual({ query: 'działka w Poznaniu' });
  });
});
