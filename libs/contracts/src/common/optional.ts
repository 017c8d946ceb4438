import { ValidateIf } from 'class-validator';

/**
 * An optional field of a request body: it may be left out, but `null` is not "left out". Unlike
 * class-validator's IsOptional, a null goes on to the field's own rules, which refuse it with the
 * message that says what is allowed (a null `include` used to reach the service and fail there).
 */
export function Optional(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
