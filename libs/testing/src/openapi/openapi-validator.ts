/**
 * OpenAPI response validator for end-to-end tests.
 *
 * Every HTTP response recorded in an e2e test can be checked against the API
 * gateway's own `/openapi.yaml` (OpenAPI 3.1 or 3.0.x):
 *
 * ```ts
 * const validator = OpenApiValidator.fromYaml(await (await fetch(`${base}/openapi.yaml`)).text());
 * validator.assertResponse({ method: 'GET', url: '/v1/parcels/1?srid=2180', status: 200, headers, body });
 * ```
 *
 * Schemas are compiled with Ajv's JSON Schema 2020-12 dialect. OpenAPI 3.0
 * documents are normalised first (`nullable: true` becomes a type union,
 * boolean `exclusiveMinimum`/`exclusiveMaximum` become their numeric form).
 */
// ajv and ajv-formats are CommonJS packages. Under `module: nodenext` a default
// import of them yields `module.exports`, whose *type* is the module namespace
// (the `.d.ts` files use `export default`), so the class would sit at `.default`
// for the type-checker while Node hands us the class itself. The named export
// `Ajv2020` exists both at runtime (`exports.Ajv2020 = Ajv2020`, detected by
// cjs-module-lexer) and in the typings, so no interop shim is needed for it.
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
// ajv-formats has no named export; `module.exports` is the plugin function and
// also carries `module.exports.default = plugin`, so `.default` works in Node
// ESM, in Jest's ESM runtime and with CJS transpilation (esModuleInterop).
import addFormatsModule from 'ajv-formats';
import { parse as parseYaml } from 'yaml';

export interface RecordedResponse {
  method: string;
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

type FormatsPlugin = typeof addFormatsModule.default;
const addFormats: FormatsPlugin =
  (addFormatsModule as unknown as { default?: FormatsPlugin }).default ??
  (addFormatsModule as unknown as FormatsPlugin);

type JsonObject = Record<string, unknown>;

const DOCUMENT_ID = 'openapi.json';
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const BODY_EXCERPT_LENGTH = 2000;

interface PathEntry {
  /** Template as written in `paths` (e.g. `/v1/parcels/{parcel_id}`). */
  template: string;
  /** JSON pointer tokens of the path item inside the document. */
  pointer: string[];
  item: JsonObject;
  segments: SegmentMatcher[];
}

interface SegmentMatcher {
  /** 2 = literal, 1 = literal mixed with parameters, 0 = a single parameter. */
  rank: number;
  test(decoded: string): boolean;
}

interface OperationMatch {
  method: string;
  entry: PathEntry;
  operation: JsonObject;
  /** Display name, e.g. `GET /v1/parcels/{parcel_id}`. */
  name: string;
}

type CompiledValidator = { ok: true; validate: ValidateFunction } | { ok: false; error: string };

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function escapePointerToken(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapePointerToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function headerValue(headers: RecordedResponse['headers'], name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== wanted || value === undefined) continue;
    return Array.isArray(value) ? value.join(', ') : value;
  }
  return undefined;
}

function bareMediaType(value: string): string {
  return (value.split(';')[0] ?? '').trim().toLowerCase();
}

function isJsonMediaType(mediaType: string): boolean {
  return mediaType.includes('json');
}

/**
 * The gateway answers a /v1 path ending with '/' 404 not_found in the envelope, whatever route the
 * path without the slash has (apps/gateway/src/http/trailing-slash.ts): the problems with such an
 * answer, or undefined for any other path.
 */
function trailingSlashProblems(res: RecordedResponse): string[] | undefined {
  const path = (res.url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').split(/[?#]/)[0] ?? '').toString();
  if (!path.startsWith('/v1/') || !path.endsWith('/')) return undefined;
  let code: unknown;
  try {
    code = (JSON.parse(res.body) as { error?: { code?: unknown } }).error?.code;
  } catch {
    code = undefined;
  }
  return res.status === 404 && code === 'not_found' ? [] : [`${path} ends with '/': expected 404 not_found in the error envelope, got ${res.status} (${String(code)})`];
}

function excerpt(text: string): string {
  return text.length > BODY_EXCERPT_LENGTH ? `${text.slice(0, BODY_EXCERPT_LENGTH)}… (${text.length} chars)` : text;
}

function compileSegment(segment: string): SegmentMatcher {
  if (!segment.includes('{')) {
    return { rank: 2, test: (decoded) => decoded === segment };
  }
  let source = '';
  let lastIndex = 0;
  const paramPattern = /\{[^}]+\}/g;
  for (let m = paramPattern.exec(segment); m !== null; m = paramPattern.exec(segment)) {
    source += escapeRegExp(segment.slice(lastIndex, m.index)) + '([\\s\\S]+?)';
    lastIndex = m.index + m[0].length;
  }
  source += escapeRegExp(segment.slice(lastIndex));
  const regex = new RegExp(`^${source}$`);
  const pureParameter = /^\{[^}]+\}$/.test(segment);
  return { rank: pureParameter ? 0 : 1, test: (decoded) => regex.test(decoded) };
}

/** Splits a raw (still percent-encoded) URL path into decoded segments; `%2F` stays inside its segment. */
function splitPath(path: string): string[] {
  return path.split('/').slice(1).map(safeDecode);
}

/** Lexicographic comparison of segment ranks: literal segments win over templated ones, left to right. */
function compareSpecificity(a: PathEntry, b: PathEntry): number {
  for (let i = 0; i < Math.min(a.segments.length, b.segments.length); i++) {
    const diff = (b.segments[i]?.rank ?? 0) - (a.segments[i]?.rank ?? 0);
    if (diff !== 0) return diff;
  }
  return a.template.localeCompare(b.template);
}

/** Schema keywords whose values are subschemas (or maps / arrays of them). */
const SCHEMA_MAP_KEYWORDS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_KEYWORDS = [
  'additionalProperties',
  'additionalItems',
  'items',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
  'contentSchema',
];
const SCHEMA_ARRAY_KEYWORDS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * Walks a schema in place. For OpenAPI 3.0 it rewrites the 3.0-only keywords into
 * JSON Schema 2020-12; for both versions it collects the `format` names in use.
 */
class SchemaNormalizer {
  readonly formats = new Set<string>();
  private readonly seen = new WeakSet<object>();

  constructor(private readonly openApi30: boolean) {}

  walk(schema: unknown): void {
    if (Array.isArray(schema)) {
      for (const item of schema) this.walk(item);
      return;
    }
    if (!isObject(schema) || this.seen.has(schema)) return;
    this.seen.add(schema);

    for (const keyword of SCHEMA_MAP_KEYWORDS) {
      const map = schema[keyword];
      if (isObject(map)) for (const sub of Object.values(map)) this.walk(sub);
    }
    for (const keyword of SCHEMA_KEYWORDS) this.walk(schema[keyword]);
    for (const keyword of SCHEMA_ARRAY_KEYWORDS) this.walk(schema[keyword]);

    if (typeof schema['format'] === 'string') this.formats.add(schema['format']);
    if (this.openApi30) this.convert30(schema);
  }

  private convert30(schema: JsonObject): void {
    for (const [exclusive, inclusive] of [
      ['exclusiveMinimum', 'minimum'],
      ['exclusiveMaximum', 'maximum'],
    ] as const) {
      if (typeof schema[exclusive] !== 'boolean') continue;
      if (schema[exclusive] === true && typeof schema[inclusive] === 'number') {
        schema[exclusive] = schema[inclusive];
        delete schema[inclusive];
      } else {
        delete schema[exclusive];
      }
    }

    if (!('nullable' in schema)) return;
    const nullable = schema['nullable'] === true;
    delete schema['nullable'];
    if (!nullable) return;

    if (Array.isArray(schema['enum']) && !schema['enum'].includes(null)) {
      schema['enum'] = [...(schema['enum'] as unknown[]), null];
    }
    const type = schema['type'];
    if (typeof type === 'string') {
      schema['type'] = type === 'null' ? type : [type, 'null'];
    } else if (Array.isArray(type)) {
      if (!type.includes('null')) schema['type'] = [...(type as unknown[]), 'null'];
    } else {
      // No `type` (e.g. `allOf: [{ $ref }]`, `$ref`, `oneOf`): allow null next to whatever the schema says.
      const rest: JsonObject = {};
      for (const key of Object.keys(schema)) {
        rest[key] = schema[key];
        delete schema[key];
      }
      schema['anyOf'] = [rest, { type: 'null' }];
    }
  }
}

export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly paths: PathEntry[];
  private readonly serverPrefix: string;
  private readonly cache = new Map<string, CompiledValidator>();

  private constructor(private readonly doc: JsonObject) {
    const version = typeof doc['openapi'] === 'string' ? doc['openapi'] : '';
    if (!/^3\.[01]\./.test(version)) {
      throw new Error(`OpenApiValidator: unsupported document version ${JSON.stringify(doc['openapi'] ?? doc['swagger'])} (expected openapi 3.0.x or 3.1.x)`);
    }
    const normalizer = new SchemaNormalizer(version.startsWith('3.0.'));
    this.normalizeDocument(normalizer);

    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    // Formats unknown to ajv-formats (custom ones in the document) are accepted as-is instead of
    // making Ajv log "unknown format" warnings for every compile.
    for (const format of normalizer.formats) {
      if (this.ajv.formats[format] === undefined) this.ajv.addFormat(format, true);
    }
    // The whole document becomes one schema resource, so `#/components/schemas/X` references
    // inside it resolve against the document and every response schema is compiled in place.
    this.ajv.addSchema({ ...doc, $id: DOCUMENT_ID });

    this.serverPrefix = this.readServerPrefix();
    this.paths = this.readPaths();
  }

  static fromYaml(text: string): OpenApiValidator {
    const parsed: unknown = parseYaml(text, { maxAliasCount: -1 });
    if (!isObject(parsed)) throw new Error('OpenApiValidator: the document is not a YAML/JSON object');
    return new OpenApiValidator(structuredClone(parsed));
  }

  /** Throws an Error with a readable multi-line message if the response is not described by the document. */
  assertResponse(res: RecordedResponse): void {
    const problems = this.check(res);
    if (problems.length === 0) return;
    const contentType = headerValue(res.headers, 'content-type') ?? '(no content-type)';
    const lines = [
      `Response to ${res.method.toUpperCase()} ${res.url} (${res.status}, ${contentType}) does not match the OpenAPI document:`,
      ...problems.map((p) => `  - ${p}`),
      `  body: ${excerpt(res.body)}`,
    ];
    throw new Error(lines.join('\n'));
  }

  /** Same, returning the list of problems (empty when valid). */
  check(res: RecordedResponse): string[] {
    const method = res.method.toUpperCase();
    const trailing = trailingSlashProblems(res);
    if (trailing) return trailing;
    const rawPath = this.requestPath(res.url);
    const match = this.findOperation(method, rawPath);
    if (typeof match === 'string') return [match];

    const responses = match.operation['responses'];
    if (!isObject(responses)) return [`${match.name}: operation declares no responses`];
    const statusKey = this.findStatusKey(responses, res.status);
    if (statusKey === undefined) {
      return [`${match.name}: no response declared for status ${res.status} (declared: ${Object.keys(responses).join(', ') || 'none'})`];
    }
    const responsePointer = [...match.entry.pointer, match.method, 'responses', statusKey];
    const resolved = this.resolveRefs(responses[statusKey], responsePointer);
    if (!resolved) return [`${match.name} ${res.status}: cannot resolve response object '${statusKey}'`];
    const { value: response, pointer } = resolved;
    const label = `${match.name} ${res.status}`;

    const problems = this.checkHeaders(label, response, pointer, res.headers);
    problems.push(...this.checkBody(label, match, statusKey, response, pointer, res));
    return problems;
  }

  // ---------------------------------------------------------------------------------------------
  // document preparation

  private normalizeDocument(normalizer: SchemaNormalizer): void {
    const walkContent = (content: unknown) => {
      if (!isObject(content)) return;
      for (const media of Object.values(content)) if (isObject(media)) normalizer.walk(media['schema']);
    };
    const walkHeaders = (headers: unknown) => {
      if (!isObject(headers)) return;
      for (const header of Object.values(headers)) {
        if (!isObject(header)) continue;
        normalizer.walk(header['schema']);
        walkContent(header['content']);
      }
    };
    const walkResponse = (response: unknown) => {
      if (!isObject(response)) return;
      walkContent(response['content']);
      walkHeaders(response['headers']);
    };
    const walkParameters = (parameters: unknown) => {
      if (!Array.isArray(parameters)) return;
      for (const parameter of parameters) {
        if (!isObject(parameter)) continue;
        normalizer.walk(parameter['schema']);
        walkContent(parameter['content']);
      }
    };
    const walkPathItem = (item: unknown) => {
      if (!isObject(item)) return;
      walkParameters(item['parameters']);
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        walkParameters(operation['parameters']);
        if (isObject(operation['requestBody'])) walkContent(operation['requestBody']['content']);
        if (isObject(operation['responses'])) for (const r of Object.values(operation['responses'])) walkResponse(r);
      }
    };

    const components = this.doc['components'];
    if (isObject(components)) {
      if (isObject(components['schemas'])) for (const s of Object.values(components['schemas'])) normalizer.walk(s);
      if (isObject(components['responses'])) for (const r of Object.values(components['responses'])) walkResponse(r);
      walkHeaders(components['headers']);
      if (isObject(components['parameters'])) walkParameters(Object.values(components['parameters']));
      if (isObject(components['requestBodies'])) {
        for (const b of Object.values(components['requestBodies'])) if (isObject(b)) walkContent(b['content']);
      }
      if (isObject(components['pathItems'])) for (const p of Object.values(components['pathItems'])) walkPathItem(p);
    }
    const paths = this.doc['paths'];
    if (isObject(paths)) for (const item of Object.values(paths)) walkPathItem(item);
  }

  private readServerPrefix(): string {
    const servers = this.doc['servers'];
    const server: unknown = Array.isArray(servers) ? servers[0] : undefined;
    if (!isObject(server) || typeof server['url'] !== 'string') return '';
    const variables = isObject(server['variables']) ? server['variables'] : {};
    const url = server['url'].replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const variable = variables[name];
      return isObject(variable) && typeof variable['default'] === 'string' ? variable['default'] : '';
    });
    let path: string;
    try {
      path = new URL(url, 'http://localhost').pathname;
    } catch {
      return '';
    }
    return path.replace(/\/+$/, '');
  }

  private readPaths(): PathEntry[] {
    const paths = this.doc['paths'];
    if (!isObject(paths)) return [];
    const entries: PathEntry[] = [];
    for (const [template, rawItem] of Object.entries(paths)) {
      const resolved = this.resolveRefs(rawItem, ['paths', template]);
      if (!resolved) continue;
      entries.push({
        template,
        pointer: resolved.pointer,
        item: resolved.value,
        segments: template.split('/').slice(1).map(compileSegment),
      });
    }
    return entries.sort(compareSpecificity);
  }

  // ---------------------------------------------------------------------------------------------
  // matching

  /** Path part of the recorded URL, still percent-encoded, without origin, query and fragment. */
  private requestPath(url: string): string {
    let path = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '');
    path = path.split('#')[0] ?? '';
    path = path.split('?')[0] ?? '';
    if (!path.startsWith('/')) path = `/${path}`;
    // Outside /v1 the gateway routes /a/b/ as /a/b (Fastify ignoreTrailingSlash), so the answer is /a/b's
    // (a /v1 path ending with '/' is answered 404 before routing: trailingSlashProblems).
    if (path.length > 1 && path.endsWith('/')) path = path.replace(/\/+$/, '') || '/';
    return path;
  }

  /**
   * Finds the operation for a request path. When `servers[0].url` has a path prefix and the request
   * starts with it, the prefix is stripped first; the unstripped path is tried as a fallback so that a
   * document whose `paths` already contain the prefix still works.
   */
  private findOperation(method: string, rawPath: string): OperationMatch | string {
    const prefix = this.serverPrefix;
    const attempts: Array<{ docPath: string; shownPrefix: string }> = [];
    if (prefix && (rawPath === prefix || rawPath.startsWith(`${prefix}/`))) {
      attempts.push({ docPath: rawPath.slice(prefix.length) || '/', shownPrefix: prefix });
    }
    attempts.push({ docPath: rawPath, shownPrefix: '' });

    // HEAD is served automatically for GET routes; fall back to the GET operation when not declared.
    const methods = method === 'HEAD' ? ['head', 'get'] : [method.toLowerCase()];
    const declared: string[] = [];
    for (const { docPath, shownPrefix } of attempts) {
      const segments = splitPath(docPath);
      const candidates = this.paths.filter(
        (entry) => entry.segments.length === segments.length && entry.segments.every((s, i) => s.test(segments[i] ?? '')),
      );
      for (const lower of methods) {
        // candidates are sorted by specificity, so the first one declaring the method wins
        for (const entry of candidates) {
          const operation = entry.item[lower];
          if (isObject(operation)) {
            return { method: lower, entry, operation, name: `${method} ${shownPrefix}${entry.template}` };
          }
        }
      }
      for (const entry of candidates) {
        for (const m of HTTP_METHODS) if (isObject(entry.item[m])) declared.push(`${m.toUpperCase()} ${shownPrefix}${entry.template}`);
      }
    }
    return declared.length > 0
      ? `no operation for ${method} ${rawPath} (path matches ${declared.join(', ')})`
      : `no operation for ${method} ${rawPath}`;
  }

  private findStatusKey(responses: JsonObject, status: number): string | undefined {
    const keys = Object.keys(responses);
    const exact = String(status);
    if (keys.includes(exact)) return exact;
    const range = `${exact.charAt(0)}XX`;
    const rangeKey = keys.find((k) => k.toUpperCase() === range);
    if (rangeKey !== undefined) return rangeKey;
    return keys.includes('default') ? 'default' : undefined;
  }

  // ---------------------------------------------------------------------------------------------
  // checks

  private checkHeaders(label: string, response: JsonObject, pointer: string[], headers: RecordedResponse['headers']): string[] {
    const declared = response['headers'];
    if (!isObject(declared)) return [];
    const problems: string[] = [];
    for (const [name, rawHeader] of Object.entries(declared)) {
      if (name.toLowerCase() === 'content-type') continue; // ignored by the OpenAPI specification
      const header = this.resolveRefs(rawHeader, [...pointer, 'headers', name])?.value;
      if (header?.['required'] === true && headerValue(headers, name) === undefined) {
        problems.push(`${label}: missing required header '${name}'`);
      }
    }
    return problems;
  }

  private checkBody(
    label: string,
    match: OperationMatch,
    statusKey: string,
    response: JsonObject,
    pointer: string[],
    res: RecordedResponse,
  ): string[] {
    const isHead = res.method.toUpperCase() === 'HEAD';
    const content = response['content'];
    const rawContentType = headerValue(res.headers, 'content-type');

    if (!isObject(content) || Object.keys(content).length === 0) {
      if (!isHead && res.body.length > 0) {
        return [`${label}: response has a body (${rawContentType ?? 'no content-type'}) but the document declares no content`];
      }
      return [];
    }

    const declaredTypes = Object.keys(content);
    if (rawContentType === undefined) {
      return [`${label}: missing content-type header (expected one of: ${declaredTypes.join(', ')})`];
    }
    const mediaType = bareMediaType(rawContentType);
    const mediaKey = this.findMediaKey(declaredTypes, mediaType);
    if (mediaKey === undefined) {
      return [`${label}: content-type '${mediaType}' is not declared (expected one of: ${declaredTypes.join(', ')})`];
    }
    const prefix = `${label} ${mediaType}`;
    if (isHead || !isJsonMediaType(mediaType)) return [];

    let data: unknown;
    try {
      data = JSON.parse(res.body);
    } catch (error) {
      return [`${prefix}: body is not valid JSON (${(error as Error).message})`];
    }

    const media = content[mediaKey];
    if (!isObject(media) || media['schema'] === undefined) return [];
    const schemaPointer = [...pointer, 'content', mediaKey, 'schema'];
    const compiled = this.validatorFor(`${match.name} ${statusKey} ${mediaKey}`, schemaPointer);
    if (!compiled.ok) return [`${prefix}: cannot compile schema: ${compiled.error}`];
    if (compiled.validate(data)) return [];
    return (compiled.validate.errors ?? []).map((error) => `${prefix}: ${formatError(error)}`);
  }

  private findMediaKey(declared: string[], mediaType: string): string | undefined {
    const normalized = declared.map((key) => ({ key, type: bareMediaType(key) }));
    const exact = normalized.find((d) => d.type === mediaType);
    if (exact) return exact.key;
    const major = mediaType.split('/')[0] ?? '';
    const wildcard = normalized.find((d) => d.type === `${major}/*`) ?? normalized.find((d) => d.type === '*/*');
    return wildcard?.key;
  }

  private validatorFor(cacheKey: string, schemaPointer: string[]): CompiledValidator {
    const cached = this.cache.get(cacheKey);
    if (cached) return cached;
    const ref = `${DOCUMENT_ID}#/${schemaPointer.map((t) => encodeURIComponent(escapePointerToken(t))).join('/')}`;
    let compiled: CompiledValidator;
    try {
      compiled = { ok: true, validate: this.ajv.compile({ $ref: ref }) };
    } catch (error) {
      compiled = { ok: false, error: (error as Error).message };
    }
    this.cache.set(cacheKey, compiled);
    return compiled;
  }

  // ---------------------------------------------------------------------------------------------
  // local references (responses, headers, path items)

  private resolveRefs(value: unknown, pointer: string[]): { value: JsonObject; pointer: string[] } | undefined {
    let current = value;
    let currentPointer = pointer;
    for (let depth = 0; depth < 32; depth++) {
      if (!isObject(current)) return undefined;
      const ref = current['$ref'];
      if (typeof ref !== 'string') return { value: current, pointer: currentPointer };
      if (!ref.startsWith('#/')) return undefined;
      currentPointer = ref.slice(2).split('/').map((t) => unescapePointerToken(safeDecode(t)));
      current = currentPointer.reduce<unknown>((node, token) => (isObject(node) || Array.isArray(node) ? (node as JsonObject)[token] : undefined), this.doc);
    }
    return undefined;
  }
}

function formatError(error: ErrorObject): string {
  const where = error.instancePath === '' ? '(root)' : error.instancePath;
  let message = `${where} ${error.message ?? `failed ${error.keyword}`}`;
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'additionalProperties' && typeof params['additionalProperty'] === 'string') {
    message += ` ('${params['additionalProperty']}')`;
  } else if (error.keyword === 'unevaluatedProperties' && typeof params['unevaluatedProperty'] === 'string') {
    message += ` ('${params['unevaluatedProperty']}')`;
  } else if (error.keyword === 'enum' && Array.isArray(params['allowedValues'])) {
    message += `: ${params['allowedValues'].map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (error.keyword === 'const') {
    message += `: ${JSON.stringify(params['allowedValue'])}`;
  }
  return message;
}
