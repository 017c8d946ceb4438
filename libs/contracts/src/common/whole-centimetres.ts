import { registerDecorator, type ValidationOptions } from 'class-validator';

/**
 * A distance in metres that is 0 or at least a centimetre. A positive value below that measures
 * nothing, and a subnormal one (5e-324) underflows in PostgreSQL's arithmetic: a 500 instead of a 400.
 */
export function ZeroOrCentimetres(options?: ValidationOptions): PropertyDecorator {
  return (target, propertyName) => {
    registerDecorator({
      name: 'zeroOrCentimetres',
      target: target.constructor,
      propertyName: propertyName as string,
      options,
      validator: { validate: (value: unknown) => typeof value !== 'number' || value === 0 || Math.abs(value) >= 0.01 },
    });
  };
}
