import { AppError } from '@lp/contracts';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { refusePrototypeKeys } from './prototype-keys.js';
import { listProblems } from './bounded-error.js';
import { rememberValidationRules } from './validation-rules-cache.js';

rememberValidationRules();

/**
 * Validates a message (or query) against its contract class. Raises `invalid_request` naming
 * every bad field, so a caller learns all that is wrong in one round-trip.
 */
export function validateMessage<T extends object>(type: ClassConstructor<T>, payload: unknown): T {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw AppError.invalid('The request body must be a JSON object.');
  }
  refusePrototypeKeys(payload);
  const instance = plainToInstance(type, payload, { enableImplicitConversion: false });
  const errors = validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  if (errors.length > 0) throw AppError.invalid(describeValidationErrors(errors));
  return instance;
}

/** Every bad field's message, the first few named and the rest counted (bounded size). */
export function describeValidationErrors(errors: ValidationError[]): string {
  return listProblems(validationMessages(errors));
}

/** A field path as messages write it: `filters.near_any[].any_of[].within_m` for `filters.near_any.0.any_of.1.within_m`. */
function shapeOf(path: string): string {
  return path.replace(/\.\d+(?=\.|$)/g, '[]');
}

/**
 * A class reused inside another (a near filter within `near_any[].any_of`) names its fields by
 * where it usually sits (`filters.near[].within_m ...`): a message opening with another path to the
 * same field is given the path of the field that was sent.
 */
function namedWhereFound(message: string, path: string): string {
  const written = /^[A-Za-z_][\w]*(?:\[\])?(?:\.[A-Za-z_][\w]*(?:\[\])?)+/.exec(message)?.[0];
  const field = path.slice(path.lastIndexOf('.') + 1);
  if (!written || !written.endsWith(`.${field}`)) return message;
  const shape = shapeOf(path);
  return written === shape ? message : `${shape}${message.slice(written.length)}`;
}

export function validationMessages(errors: ValidationError[], parentPath = ''): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const path = parentPath ? `${parentPath}.${error.property}` : error.property;
    for (const [constraint, text] of Object.entries(error.constraints ?? {})) {
      // class-validator leaves $value as it is for null; one rule's message often serves several checks.
      const message = constraint === 'whitelistValidation' ? `${path} is not an accepted field` : namedWhereFound(text.replace(/\$value/g, 'null'), path);
      if (!messages.includes(message)) messages.push(message);
    }
    if (error.children?.length) messages.push(...validationMessages(error.children, path));
  }
  return messages.filter((message) => message.length > 0);
}
