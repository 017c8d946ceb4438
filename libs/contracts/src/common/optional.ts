import { ValidateIf } from 'class-validator';

/**
 * An optional field of a request contract: it may be left out, but `null` is not "left out".
 * Unlike class-validator's IsOptional, a null goes on to the field's own rules, which refuse it with
 * the message that says what is allowed (a null `include` used to reach the service and fail there).
 *
 * Use it on every optional field of a request class, never IsOptional:
 * - bodies (JSON) can carry null, and must be told it is not allowed;
 * - query and path values are text or absent, never null, so there it acts exactly as IsOptional
 *   would; it is used there too because the same class is the NATS message every service checks
 *   (validateMessage), which is JSON again, and some classes check a body and a query both
 *   (ParcelReportRequest: GET .../report?scenario= and the body of POST .../report/link).
 * Environment classes (config/*.env.ts) keep IsOptional: an unset variable is undefined, never null.
 */
export function Optional(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
