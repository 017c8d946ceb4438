import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validateSync } from 'class-validator';
import { validationMessages } from './validate-message.js';

/**
 * Reads the environment once, at start-up, into one typed object. A bad value stops start-up with
 * a list of every bad variable rather than failing later at first use.
 */
export function loadEnv<T extends object>(type: ClassConstructor<T>, source: NodeJS.ProcessEnv = process.env): T {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''));
  const env = plainToInstance(type, present, { enableImplicitConversion: true, exposeDefaultValues: true });
  const errors = validateSync(env, { whitelist: false });
  if (errors.length > 0) {
    throw new Error(`Invalid environment: ${validationMessages(errors).join('; ')}`);
  }
  return env;
}
