import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

/**
 * The OpenAPI description, generated from the controllers and the contract classes they use,
 * then lifted from the 3.0 dialect the generator writes to 3.1 (JSON Schema 2020-12).
 */
export function buildOpenApiDocument(app: INestApplication, publicBaseUrl: string | undefined): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Land-parcel geodata API for Poland')
    .setDescription(
      'Find land parcels in Poland and check them before you buy: search by sentence or filters, everything about one parcel, ' +
        'geocoding, market transactions and raw layers. Geometry is GeoJSON in WGS84 ([lng, lat]); units are in field names. ' +
        'A layer with no data is never reported as null or zero: it is reported in `coverage`. Errors share one envelope ' +
        '`{"error": {"code", "message", "request_id", "candidates?"}}`.',
    )
    .setVersion('1.0.0')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'opaque API key (lp_<prefix>_<secret>)', description: 'API key: Authorization: Bearer <API_KEY>. For GIS clients that offer only basic authentication (QGIS before API Header), Authorization: Basic with any user name and the API key as the password is taken the same way.' })
    .addServer(publicBaseUrl ?? '/', 'This gateway')
    .build();
  const document = SwaggerModule.createDocument(app, config, { operationIdFactory: (_controller, method) => method });
  return toOpenApi31(declarePublicOperations(document));
}

/**
 * Routes without a key (@Public: health, shareable report links, the access-request form) get
 * `security: []`, which says "no key" explicitly; an operation with no security at all reads to
 * linters and client generators as undocumented. Keyed routes carry bearer from ApiV1Route, and the
 * OpenAPI test checks that every /v1 route but the known public ones does.
 */
export function declarePublicOperations(document: OpenAPIObject): OpenAPIObject {
  for (const methods of Object.values(document.paths)) {
    for (const operation of Object.values(methods as Record<string, { security?: unknown[] } | undefined>)) {
      if (operation && typeof operation === 'object' && 'responses' in operation && operation.security === undefined) operation.security = [];
    }
  }
  return document;
}

/** Rewrites 3.0 schema idioms (nullable, boolean exclusive bounds) into their 3.1 forms. */
export function toOpenApi31(document: OpenAPIObject): OpenAPIObject {
  const lifted = liftSchemas(structuredClone(document)) as OpenAPIObject;
  lifted.openapi = '3.1.0';
  return lifted;
}

function liftSchemas(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(liftSchemas);
  if (typeof node !== 'object' || node === null) return node;
  const object: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) object[key] = liftSchemas(value);
  if (object['nullable'] === true) {
    delete object['nullable'];
    // A nullable reference first: @nestjs/swagger writes it as type object + allOf [$ref], and a
    // null type beside allOf would still fail the referenced object schema.
    if (object['$ref'] || object['allOf'] || object['oneOf'] || object['anyOf']) {
      const { description, ...inner } = object;
      for (const key of Object.keys(object)) delete object[key];
      if (description !== undefined) object['description'] = description;
      object['anyOf'] = [inner, { type: 'null' }];
    } else if (typeof object['type'] === 'string') {
      object['type'] = [object['type'], 'null'];
      if (Array.isArray(object['enum'])) object['enum'] = [...(object['enum'] as unknown[]), null];
    }
  } else if (object['nullable'] === false) {
    delete object['nullable'];
  }
  for (const bound of ['exclusiveMinimum', 'exclusiveMaximum'] as const) {
    if (object[bound] === true) {
      const limitKey = bound === 'exclusiveMinimum' ? 'minimum' : 'maximum';
      object[bound] = object[limitKey];
      delete object[limitKey];
    } else if (object[bound] === false) {
      delete object[bound];
    }
  }
  return object;
}

/**
 * The part of the document under `prefix` (OGC API - Features), with paths relative to it and the
 * server at it: OGC API clients look their routes up by the standard paths
 * (`/collections/{collectionId}/items`), GDAL among them to learn the filter languages offered.
 */
export function apiSubsetDocument(document: OpenAPIObject, prefix: string, title: string): OpenAPIObject {
  const paths: OpenAPIObject['paths'] = {};
  for (const [path, item] of Object.entries(document.paths)) {
    if (path === prefix || path.startsWith(`${prefix}/`)) paths[path.slice(prefix.length) || '/'] = item;
  }
  const servers = (document.servers ?? [{ url: '' }]).map((server) => ({ ...server, url: `${server.url.replace(/\/+$/, '')}${prefix}` }));
  const schemas = referencedSchemas(paths, document.components?.schemas ?? {});
  return { ...document, info: { ...document.info, title }, servers, paths, components: { ...document.components, schemas } };
}

/**
 * The schemas the paths use, directly or through other schemas: a subset that kept every schema of the
 * whole API would describe models its routes never return (linters report them as unused).
 */
type Schemas = NonNullable<NonNullable<OpenAPIObject['components']>['schemas']>;

function referencedSchemas(paths: OpenAPIObject['paths'], all: Schemas): Schemas {
  const kept: Schemas = {};
  const pending = [...schemaRefsIn(paths)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (name in kept || !(name in all)) continue;
    kept[name] = all[name]!;
    pending.push(...schemaRefsIn(all[name]));
  }
  return Object.fromEntries(Object.keys(all).filter((name) => name in kept).map((name) => [name, kept[name]!]));
}

const SCHEMA_REF = '#/components/schemas/';

function schemaRefsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(schemaRefsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' && inner.startsWith(SCHEMA_REF) ? [inner.slice(SCHEMA_REF.length)] : schemaRefsIn(inner),
  );
}
