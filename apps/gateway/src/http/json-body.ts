import { AppError } from '@lp/contracts';

/** Shape limits of a JSON request body, checked before anything converts or validates it. */
export interface JsonBodyLimits {
  /** Deepest nesting of objects and arrays. */
  maxDepth: number;
  /** Most keys in one object. */
  maxObjectKeys: number;
  /** Most items in one array. */
  maxArrayItems: number;
  /** Most values (objects, arrays, strings, numbers, ...) in the whole body. */
  maxValues: number;
}

/**
 * Keys that name parts of every JavaScript object. No field of ours has such a name, and code that
 * looks a key up on a plain object (`params[name]`) would find Object's own members instead.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** PostgreSQL text cannot hold U+0000, and no identifier or name of ours contains it. */
export const NUL_MESSAGE = 'Text in the request contains a NUL character (U+0000), which is not accepted anywhere.';

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * Parses a JSON request body and refuses, in time linear in its length, what no request of the API
 * needs: nesting, objects, arrays or value counts beyond the limits, reserved keys, and a body that
 * is not an object. Class-transformer and class-validator only ever see bodies that passed here, so
 * their cost stays bounded (an object of 80,000 keys used to hold the event loop for seconds).
 */
export function parseJsonBody(text: string, limits: JsonBodyLimits): Record<string, unknown> {
  checkText(text, limits);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw AppError.invalid(`The request body is not valid JSON: ${error instanceof Error ? error.message : 'parse error'}.`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw AppError.invalid(`The request body must be a JSON object; got ${body === null ? 'null' : Array.isArray(body) ? 'an array' : typeof body}.`);
  }
  checkShape(body, limits);
  return body as Record<string, unknown>;
}

/**
 * Nesting, keys per object, items per array and the number of values, read from the text itself
 * (commas at each level), so that JSON.parse never builds a 5,000-level tree or an object of
 * 80,000 keys only to have it refused. The walk after parsing checks the exact figures again.
 */
function checkText(text: string, limits: JsonBodyLimits): void {
  const commas: number[] = [];
  const isObject: boolean[] = [];
  let totalCommas = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === COMMA) {
      const depth = commas.length - 1;
      if (depth < 0) continue; // not valid JSON: JSON.parse says so
      const items = ++commas[depth]! + 1;
      if (isObject[depth] && items > limits.maxObjectKeys) throw tooManyKeys(`more than ${limits.maxObjectKeys}`, limits);
      if (!isObject[depth] && items > limits.maxArrayItems) throw tooManyItems(`more than ${limits.maxArrayItems}`, limits);
      if (++totalCommas >= limits.maxValues) throw tooManyValues(limits);
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      if (commas.length >= limits.maxDepth) throw AppError.invalid(`The request body nests objects and arrays deeper than ${limits.maxDepth} levels, the most accepted.`);
      commas.push(0);
      isObject.push(char === OPEN_BRACE);
    } else if (char === CLOSE_BRACE || char === CLOSE_BRACKET) {
      commas.pop();
      isObject.pop();
    }
  }
}

const tooManyKeys = (count: string | number, limits: JsonBodyLimits): AppError =>
  AppError.invalid(`The request body has an object with ${count} keys; at most ${limits.maxObjectKeys} are accepted.`);
const tooManyItems = (count: string | number, limits: JsonBodyLimits): AppError =>
  AppError.invalid(`The request body has an array of ${count} items; at most ${limits.maxArrayItems} are accepted.`);
const tooManyValues = (limits: JsonBodyLimits): AppError => AppError.invalid(`The request body holds more than ${limits.maxValues} values, the most accepted.`);

/** Walks the parsed body without recursion, counting keys, items and values. */
function checkShape(body: object, limits: JsonBodyLimits): void {
  const pending: unknown[] = [body];
  let values = 0;
  while (pending.length > 0) {
    const value = pending.pop();
    if (++values > limits.maxValues) throw tooManyValues(limits);
    if (typeof value === 'string' && value.includes('\u0000')) throw AppError.invalid(NUL_MESSAGE);
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      if (value.length > limits.maxArrayItems) throw tooManyItems(value.length, limits);
      for (const item of value) pending.push(item);
      continue;
    }
    const keys = Object.keys(value);
    if (keys.length > limits.maxObjectKeys) throw tooManyKeys(keys.length, limits);
    for (const key of keys) {
      if (key.includes('\u0000')) throw AppError.invalid(NUL_MESSAGE);
      if (RESERVED_KEYS.has(key)) throw AppError.invalid(`The request body uses the key "${key}", which is not accepted anywhere (reserved: ${[...RESERVED_KEYS].join(', ')}).`);
      pending.push((value as Record<string, unknown>)[key]);
    }
  }
}
