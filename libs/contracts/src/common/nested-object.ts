import { Type } from 'class-transformer';
import { IsObject, ValidateNested } from 'class-validator';

/**
 * A field holding one object of a request class, validated by that class's rules. ValidateNested
 * alone takes an array too and checks each element: `"scenario": []` or `"slope_pct": []` passed as
 * an empty list and reached the services (a 500, or a filter silently meaning something else), so
 * anything but an object is refused here, with `message` saying what is expected.
 */
export function NestedObject(type: () => new () => object, message: string): PropertyDecorator {
  return (target, key) => {
    IsObject({ message })(target, key);
    ValidateNested()(target, key);
    Type(type)(target, key);
  };
}
