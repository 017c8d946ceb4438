import { describe, expect, it } from '@jest/globals';
import { getMetadataStorage, IsInt, IsString, Min } from 'class-validator';
import { validateMessage } from './validate-message.js';

class Base {
  @IsString()
  name!: string;
}

interface Lookup {
  getTargetValidationMetadatas(target: unknown, schema: string | undefined, always: boolean, strictGroups: boolean, groups?: string[]): object[];
}

const rulesOf = (target: unknown): object[] => (getMetadataStorage() as unknown as Lookup).getTargetValidationMetadatas(target, undefined, false, false, undefined);

function messageOf(validate: () => unknown): string {
  try {
    validate();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the message to be refused');
}

describe('remembered validation rules', () => {
  it('looks a class up once while no rule is added', () => {
    expect(validateMessage(Base, { name: 'a' })).toEqual({ name: 'a' });
    expect(rulesOf(Base)).toBe(rulesOf(Base));
    expect(rulesOf(Base)).toHaveLength(1);
  });

  it('applies rules registered after a class was first validated, its own and a subclass`s', () => {
    expect(validateMessage(Base, { name: 'a' })).toEqual({ name: 'a' });
    const before = rulesOf(Base);

    // A rule added to a class already looked up (a decorator applied late): the next validation has it.
    Min(1)(Base.prototype, 'size');
    IsInt()(Base.prototype, 'size');
    expect(rulesOf(Base)).not.toBe(before);
    expect(() => validateMessage(Base, { name: 'a', size: 0 })).toThrow(/size must not be less than 1/);
    expect(validateMessage(Base, { name: 'a', size: 2 })).toEqual({ name: 'a', size: 2 });

    // A subclass defined afterwards (a module loaded later) inherits every rule and adds its own.
    class Later extends Base {
      @IsString()
      label!: string;
    }
    const problems = messageOf(() => validateMessage(Later, { name: 5, size: 0, label: 1 }));
    expect(problems).toMatch(/name must be a string/);
    expect(problems).toMatch(/size must not be less than 1/);
    expect(problems).toMatch(/label must be a string/);
    expect(validateMessage(Later, { name: 'a', size: 3, label: 'b' })).toEqual({ name: 'a', size: 3, label: 'b' });
    expect(() => validateMessage(Later, { name: 'a', size: 3, label: 'b', extra: 1 })).toThrow(/extra is not an accepted field/);
  });
});
