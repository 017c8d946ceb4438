import fc from 'fast-check';
import { encodeAny, hostileQueryText, hostileValue, nestedArrays, queryText } from './hostile-values.js';
import type { JsonSchema, SchemaArbitraries } from './schema-arbitrary.js';

interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** One operation of the OpenAPI document, as the fuzzer needs it. */
export interface FuzzOperation {
  id: string;
  method: string;
  template: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  body?: { schema: JsonSchema; required: boolean };
  /** Media types of its 2xx answers. */
  produces: string[];
}

/** One generated request; `kind` says which generator made it (valid, or the mutation applied). */
export interface FuzzCase {
  operation: string;
  kind: string;
  method: string;
  path: string;
  query: Array<[string, string]>;
  body?: string;
  contentType?: string;
  accept?: string;
}

interface Parts {
  kind: string;
  path: Record<string, string>;
  query: Array<[string, string]>;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  accept?: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Every /v1 operation of the document. */
export function readOperations(document: JsonSchema, arbitraries: SchemaArbitraries): FuzzOperation[] {
  const operations: FuzzOperation[] = [];
  for (const [template, item] of Object.entries((document['paths'] ?? {}) as Record<string, JsonSchema>)) {
    if (!template.startsWith('/v1/')) continue;
    for (const method of METHODS) {
      const operation = item[method] as JsonSchema | undefined;
      if (!operation) continue;
      const parameters = [...((item['parameters'] as unknown[]) ?? []), ...((operation['parameters'] as unknown[]) ?? [])].map((parameter) => arbitraries.resolve(parameter));
      const toParameter = (parameter: JsonSchema): Parameter => ({ name: String(parameter['name']), required: parameter['required'] === true, schema: (parameter['schema'] ?? {}) as JsonSchema });
      const requestBody = operation['requestBody'] ? arbitraries.resolve(operation['requestBody']) : undefined;
      const bodySchema = (requestBody?.['content'] as Record<string, JsonSchema> | undefined)?.['application/json']?.['schema'] as JsonSchema | undefined;
      const responses = (operation['responses'] ?? {}) as Record<string, JsonSchema>;
      const produces = Object.entries(responses)
        .filter(([status]) => /^2/.test(status))
        .flatMap(([, response]) => Object.keys((arbitraries.resolve(response)['content'] ?? {}) as JsonSchema));
      operations.push({
        id: String(operation['operationId'] ?? `${method} ${template}`),
        method: method.toUpperCase(),
        template,
        pathParams: parameters.filter((parameter) => parameter['in'] === 'path').map(toParameter),
        queryParams: parameters.filter((parameter) => parameter['in'] === 'query').map(toParameter),
        body: bodySchema ? { schema: bodySchema, required: requestBody?.['required'] === true } : undefined,
        produces,
      });
    }
  }
  return operations;
}

/**
 * Valid and invalid requests for one operation: about a third valid, or `validShare` of them (an
 * operation that renders a PDF for every valid request gets fewer, to keep the suite fast).
 */
export function casesFor(operation: FuzzOperation, arbitraries: SchemaArbitraries, validShare = 1 / 3): fc.Arbitrary<FuzzCase> {
  const valid = validParts(operation, arbitraries);
  const mutations = mutationsFor(operation, arbitraries, valid);
  const validWeight = mutations.length === 0 ? 1 : Math.max(1, Math.round((mutations.length * validShare) / (1 - validShare)));
  return fc.oneof({ weight: validWeight, arbitrary: valid }, ...mutations.map((arbitrary) => ({ weight: 1, arbitrary }))).map((parts) => toCase(operation, parts));
}

function validParts(operation: FuzzOperation, arbitraries: SchemaArbitraries): fc.Arbitrary<Parts> {
  const path = fc.record(Object.fromEntries(operation.pathParams.map((parameter) => [parameter.name, arbitraries.valid(parameter.schema, parameter.name).map(queryText)])));
  const query = fc.tuple(
    ...operation.queryParams.map((parameter) => {
      const value = arbitraries.valid(parameter.schema, parameter.name).map((item): [string, string] => [parameter.name, queryText(item)]);
      return parameter.required ? value.map((pair) => [pair]) : fc.option(value, { nil: undefined }).map((pair) => (pair ? [pair] : []));
    }),
  );
  const body = operation.body ? (operation.body.required ? arbitraries.valid(operation.body.schema) : fc.option(arbitraries.valid(operation.body.schema), { nil: undefined })) : fc.constant(undefined);
  // Binary answers are asked for now and then (PDF reports); JSON the rest of the time.
  const accept = operation.produces.includes('application/pdf') ? fc.constantFrom(...Array<string>(9).fill('application/json'), 'application/pdf') : fc.constant(undefined);
  return fc.record({ path, query, body, accept }).map(({ path, query, body, accept }) => ({ kind: 'valid', path, query: query.flat(), body, accept }));
}

function mutationsFor(operation: FuzzOperation, arbitraries: SchemaArbitraries, valid: fc.Arbitrary<Parts>): Array<fc.Arbitrary<Parts>> {
  const mutations: Array<fc.Arbitrary<Parts>> = [];
  const mutate = (kind: string, change: fc.Arbitrary<(parts: Parts) => Parts>): void => {
    mutations.push(fc.tuple(valid, change).map(([parts, apply]) => ({ ...apply(parts), kind })));
  };
  const queryNames = operation.queryParams.map((parameter) => parameter.name);
  if (queryNames.length > 0) {
    const name = fc.constantFrom(...queryNames);
    mutate('query: hostile value', fc.tuple(name, hostileQueryText()).map(([key, text]) => (parts) => ({ ...parts, query: [...parts.query.filter(([other]) => other !== key), [key, text]] })));
    mutate('query: parameter twice', fc.tuple(name, hostileQueryText()).map(([key, text]) => (parts) => ({ ...parts, query: [...parts.query, [key, text], [key, text === '1' ? '2' : '1']] })));
    mutate('query: empty value', name.map((key) => (parts) => ({ ...parts, query: [...parts.query.filter(([other]) => other !== key), [key, '']] })));
    const required = operation.queryParams.filter((parameter) => parameter.required).map((parameter) => parameter.name);
    if (required.length > 0) mutate('query: required missing', fc.constantFrom(...required).map((key) => (parts) => ({ ...parts, query: parts.query.filter(([other]) => other !== key) })));
  }
  mutate('query: unknown parameter', fc.tuple(fc.constantFrom('x', 'constructor', '__proto__', 'a[b]', 'limit[]', ''), hostileQueryText()).map(([key, text]) => (parts) => ({ ...parts, query: [...parts.query, [key, text]] })));
  if (operation.pathParams.length > 0) {
    const name = fc.constantFrom(...operation.pathParams.map((parameter) => parameter.name));
    mutate('path: hostile value', fc.tuple(name, hostileQueryText()).map(([key, text]) => (parts) => ({ ...parts, path: { ...parts.path, [key]: text } })));
  }
  if (operation.body) {
    const properties = arbitraries.properties(operation.body.schema);
    mutate('body: hostile document', hostileValue().map((value) => (parts) => ({ ...parts, body: value })));
    mutate('body: malformed JSON', fc.constantFrom('{', '{"a":', 'nul', '[1,]', '{"a":1}}', '\u0000', "{'a':1}", '1e', '"').map((raw) => (parts) => ({ ...parts, body: undefined, rawBody: raw })));
    mutate('body: no body', fc.constant((parts: Parts) => ({ ...parts, body: undefined })));
    mutate('body: unknown field', fc.tuple(fc.constantFrom('x', 'constructor', '__proto__', 'prototype', ''), hostileValue()).map(([key, value]) => (parts) => ({ ...parts, body: withField(parts.body, key, value) })));
    mutate('content-type: not JSON', fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=latin1').map((type) => (parts) => ({ ...parts, contentType: type })));
    if (properties.length > 0) {
      const name = fc.constantFrom(...properties.map((property) => property.name));
      mutate('body: hostile field', fc.tuple(name, hostileValue()).map(([key, value]) => (parts) => ({ ...parts, body: withField(parts.body, key, value) })));
      mutate('body: null field', name.map((key) => (parts) => ({ ...parts, body: withField(parts.body, key, null) })));
      mutate('body: deep field', fc.tuple(name, fc.integer({ min: 50, max: 400 })).map(([key, depth]) => (parts) => ({ ...parts, body: withField(parts.body, key, nestedArrays(depth)) })));
      mutate('body: field missing', name.map((key) => (parts) => ({ ...parts, body: withoutField(parts.body, key) })));
      const maps = properties.filter((property) => arbitraries.isMap(property.schema)).map((property) => property.name);
      if (maps.length > 0) {
        const prototypeKeys = fc.constantFrom('constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'prototype');
        mutate('body: prototype key in a map', fc.tuple(fc.constantFrom(...maps), prototypeKeys, fc.constantFrom<unknown>(5, 0, 'x', null, {})).map(([field, key, value]) => (parts) => ({ ...parts, body: withField(parts.body, field, withField({}, key, value)) })));
      }
      mutate('body: wrong type', fc.tuple(name, fc.constantFrom<unknown>('1', 1, true, [], {}, [1], ['1'], -1.5)).map(([key, value]) => (parts) => ({ ...parts, body: withField(parts.body, key, value) })));
    }
  }
  return mutations;
}

function withField(body: unknown, key: string, value: unknown): unknown {
  const base = typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {};
  // defineProperty: an own "__proto__" field, as JSON.parse would make it, not a prototype change.
  return Object.defineProperty({ ...base }, key, { value, enumerable: true, writable: true, configurable: true });
}

function withoutField(body: unknown, key: string): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const copy = { ...(body as Record<string, unknown>) };
  delete copy[key];
  return copy;
}

function toCase(operation: FuzzOperation, parts: Parts): FuzzCase {
  const path = operation.template.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
    const value = parts.path[name] ?? '';
    // "." and ".." would be resolved away by the URL parser before the request is sent.
    return value === '.' || value === '..' ? `${value}x` : encodeAny(value);
  });
  const body = parts.rawBody ?? (parts.body === undefined ? undefined : JSON.stringify(parts.body));
  return {
    operation: operation.id,
    kind: parts.kind,
    method: operation.method,
    path,
    query: parts.query,
    ...(body === undefined ? {} : { body, contentType: parts.contentType ?? 'application/json' }),
    ...(parts.accept ? { accept: parts.accept } : {}),
  };
}

/** The request line's path and query. */
export function urlOf(fuzzCase: FuzzCase): string {
  const query = fuzzCase.query.map(([name, value]) => `${encodeAny(name)}=${encodeAny(value)}`).join('&');
  return query.length > 0 ? `${fuzzCase.path}?${query}` : fuzzCase.path;
}
