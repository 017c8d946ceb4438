import { ValidateIf } from 'class-validator';

/**
 * An optional field of a JSON body: absent skips its checks, but `null` is checked like any other
 * value and so refused with the field's own message. (class-validator's IsOptional lets null
 * through, and it then reached the services as a third state: echoed as null into answers whose
 * schema says integer, or read as an object.)
 */
export function OptionalField(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
