import { describe, expect, it } from '@jest/globals';
import { AppError } from '@lp/contracts';
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
});
