import { describe, expect, it } from '@jest/globals';
import { OpenApiValidator, type RecordedResponse } from './openapi-validator.js';

const DOC_31 = `
openapi: 3.1.0
info:
  title: gateway
  version: 1.0.0
paths:
  /v1/parcels/{parcel_id}:
    parameters:
      - name: parcel_id
        in: path
        required: true
        schema: { type: string }
    get:
      operationId: getParcel
      responses:
        '200':
          description: parcel as GeoJSON feature
          headers:
            X-Request-Id:
              required: true
              schema: { type: string }
            X-Optional:
              schema: { type: string }
          content:
            application/geo+json:
              schema:
                $ref: '#/components/schemas/ParcelFeature'
        '404':
          $ref: '#/components/responses/NotFound'
        4XX:
          description: client error
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Problem'
        default:
          description: unexpected error
          content:
            application/problem+json:
              schema:
                $ref: '#/components/schemas/Problem'
    delete:
      responses:
        '204':
          description: deleted
  /v1/parcels/at:
    get:
      operationId: parcelAtPoint
      responses:
        '200':
          description: parcels at a point
          content:
            application/json:
              schema:
                type: array
                items:
                  $ref: '#/components/schemas/ParcelSummary'
  /v1/parcels/{parcel_id}/report.pdf:
    get:
      responses:
        '200':
          description: PDF report
          content:
            application/pdf: {}
  /v1/map:
    get:
      responses:
        '200':
          description: map page
          content:
            text/html:
              schema: { type: string }
  /v1/health:
    get:
      responses:
        '200':
          description: health
          content:
            application/json: {}
components:
  responses:
    NotFound:
      description: not found
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Problem'
  schemas:
    Problem:
      type: object
      required: [statusCode, message]
      properties:
        statusCode: { type: integer }
        message: { type: string }
    ParcelSummary:
      type: object
      required: [parcel_id]
      additionalProperties: false
      properties:
        parcel_id: { type: string }
        kind: { type: string, enum: [building, agricultural] }
    ParcelProperties:
      type: object
      required: [parcel_id, area_sqm]
      properties:
        parcel_id: { type: string }
        area_sqm: { type: number, exclusiveMinimum: 0 }
        updated_at: { type: string, format: date-time }
        owner: { type: [string, 'null'] }
        teryt: { type: string, format: teryt-id }
    ParcelFeature:
      type: object
      required: [type, geometry, properties]
      properties:
        type: { const: Feature }
        geometry: { $ref: '#/components/schemas/Geometry' }
        properties: { $ref: '#/components/schemas/ParcelProperties' }
    Geometry:
      type: object
      required: [type, coordinates]
      properties:
        type: { type: string, enum: [Polygon, MultiPolygon] }
        coordinates: { type: array }
`;

const DOC_30 = `
openapi: 3.0.3
info:
  title: gateway
  version: 1.0.0
servers:
  - url: http://localhost:3000/api
paths:
  /v1/owners/{owner_id}:
    get:
      responses:
        '200':
          description: owner
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Owner'
components:
  schemas:
    Address:
      type: object
      required: [city]
      properties:
        city: { type: string }
    Owner:
      type: object
      required: [id, name, address, status, share]
      properties:
        id: { type: string }
        name:
          type: string
          nullable: true
        nickname:
          type: string
          nullable: false
        address:
          nullable: true
          allOf:
            - $ref: '#/components/schemas/Address'
        status:
          type: string
          enum: [active, deceased]
          nullable: true
        share:
          type: number
          minimum: 0
          exclusiveMinimum: true
          maximum: 1
`;

const v31 = OpenApiValidator.fromYaml(DOC_31);
const v30 = OpenApiValidator.fromYaml(DOC_30);

const GEO = { 'content-type': 'application/geo+json; charset=utf-8', 'x-request-id': 'req-1' };
const JSON_CT = { 'content-type': 'application/json; charset=utf-8' };

function feature(properties: Record<string, unknown> = {}): string {
  return JSON.stringify({
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [1, 1], [0, 0]]] },
    properties: { parcel_id: '146501_8.0101.100/1', area_sqm: 1234.5, updated_at: '2024-05-01T10:00:00Z', owner: null, ...properties },
  });
}

function res(partial: Partial<RecordedResponse> & Pick<RecordedResponse, 'url'>): RecordedResponse {
  return { method: 'GET', status: 200, headers: GEO, body: feature(), ...partial };
}

function owner(overrides: Record<string, unknown> = {}): string {
  return JSON.stringify({ id: 'o1', name: 'Jan', address: { city: 'Kraków' }, status: 'active', share: 0.5, ...overrides });
}

describe('OpenApiValidator (OpenAPI 3.1)', () => {
  it('accepts a body that matches the schema', () => {
    expect(v31.check(res({ url: '/v1/parcels/1' }))).toEqual([]);
    expect(() => v31.assertResponse(res({ url: '/v1/parcels/1' }))).not.toThrow();
  });

  it('reports a wrong type with operation, status, media type and JSON pointer', () => {
    const problems = v31.check(res({ url: '/v1/parcels/1', body: feature({ area_sqm: '12' }) }));
    expect(problems).toEqual(['GET /v1/parcels/{parcel_id} 200 application/geo+json: /properties/area_sqm must be number']);
  });

  it('reports a missing required field', () => {
    const body = JSON.parse(feature()) as { properties: Record<string, unknown> };
    delete body.properties['parcel_id'];
    const problems = v31.check(res({ url: '/v1/parcels/1', body: JSON.stringify(body) }));
    expect(problems).toEqual([
      "GET /v1/parcels/{parcel_id} 200 application/geo+json: /properties must have required property 'parcel_id'",
    ]);
  });

  it('reports all errors at once (allErrors) including root-level ones', () => {
    const problems = v31.check(res({ url: '/v1/parcels/1', body: JSON.stringify({ type: 'Point', properties: { area_sqm: -1 } }) }));
    expect(problems).toEqual(
      expect.arrayContaining([
        "GET /v1/parcels/{parcel_id} 200 application/geo+json: (root) must have required property 'geometry'",
        'GET /v1/parcels/{parcel_id} 200 application/geo+json: /type must be equal to constant: "Feature"',
        'GET /v1/parcels/{parcel_id} 200 application/geo+json: /properties/area_sqm must be > 0',
        "GET /v1/parcels/{parcel_id} 200 application/geo+json: /properties must have required property 'parcel_id'",
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('validates formats via ajv-formats and tolerates unknown custom formats', () => {
    expect(v31.check(res({ url: '/v1/parcels/1', body: feature({ updated_at: 'yesterday', teryt: 'anything' }) }))).toEqual([
      'GET /v1/parcels/{parcel_id} 200 application/geo+json: /properties/updated_at must match format "date-time"',
    ]);
  });

  it('accepts null for a 3.1 type union and rejects other types', () => {
    expect(v31.check(res({ url: '/v1/parcels/1', body: feature({ owner: 'Jan' }) }))).toEqual([]);
    expect(v31.check(res({ url: '/v1/parcels/1', body: feature({ owner: 5 }) }))).toEqual([
      'GET /v1/parcels/{parcel_id} 200 application/geo+json: /properties/owner must be string,null',
    ]);
  });

  it('prefers a literal path segment over a templated one', () => {
    const ok = res({ url: '/v1/parcels/at?lon=19.9&lat=50.06', headers: JSON_CT, body: JSON.stringify([{ parcel_id: '1' }]) });
    expect(v31.check(ok)).toEqual([]);
    const bad = { ...ok, body: JSON.stringify([{ parcel_id: '1', kind: 'forest', extra: true }]) };
    expect(v31.check(bad)).toEqual([
      "GET /v1/parcels/at 200 application/json: /0 must NOT have additional properties ('extra')",
      'GET /v1/parcels/at 200 application/json: /0/kind must be equal to one of the allowed values: "building", "agricultural"',
    ]);
  });

  it('falls back to the templated path when the literal one lacks the method', () => {
    expect(v31.check(res({ method: 'DELETE', url: '/v1/parcels/at', status: 204, headers: {}, body: '' }))).toEqual([]);
  });

  it('matches a percent-encoded slash inside a path parameter', () => {
    expect(v31.check(res({ url: '/v1/parcels/146501_8.0101.100%2F1' }))).toEqual([]);
    expect(v31.check(res({ url: '/v1/parcels/100%2F1/report.pdf', headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.7' }))).toEqual([]);
    // an unencoded slash is a different path
    expect(v31.check(res({ url: '/v1/parcels/100/1' }))).toEqual(['no operation for GET /v1/parcels/100/1']);
  });

  it('ignores the query string, fragment and origin of the URL', () => {
    expect(v31.check(res({ url: '/v1/parcels/1?srid=2180&fields=a,b#x' }))).toEqual([]);
    expect(v31.check(res({ url: 'http://127.0.0.1:3000/v1/parcels/1?srid=2180' }))).toEqual([]);
  });

  it('falls back to the 4XX range and then to default', () => {
    const problem = JSON.stringify({ statusCode: 400, message: 'bad' });
    expect(v31.check(res({ url: '/v1/parcels/1', status: 400, headers: JSON_CT, body: problem }))).toEqual([]);
    expect(v31.check(res({ url: '/v1/parcels/1', status: 422, headers: JSON_CT, body: JSON.stringify({ statusCode: 'x' }) }))).toEqual([
      "GET /v1/parcels/{parcel_id} 422 application/json: (root) must have required property 'message'",
      'GET /v1/parcels/{parcel_id} 422 application/json: /statusCode must be integer',
    ]);
    const problemCt = { 'content-type': 'application/problem+json' };
    expect(v31.check(res({ url: '/v1/parcels/1', status: 503, headers: problemCt, body: problem }))).toEqual([]);
  });

  it('resolves a $ref to components/responses', () => {
    expect(v31.check(res({ url: '/v1/parcels/1', status: 404, headers: JSON_CT, body: JSON.stringify({ statusCode: 404, message: 'nope' }) }))).toEqual([]);
    expect(v31.check(res({ url: '/v1/parcels/1', status: 404, headers: JSON_CT, body: JSON.stringify({ statusCode: 404 }) }))).toEqual([
      "GET /v1/parcels/{parcel_id} 404 application/json: (root) must have required property 'message'",
    ]);
  });

  it('resolves nested $refs to components/schemas', () => {
    const body = JSON.parse(feature()) as Record<string, unknown>;
    body['geometry'] = { type: 'Point', coordinates: [1, 2] };
    expect(v31.check(res({ url: '/v1/parcels/1', body: JSON.stringify(body) }))).toEqual([
      'GET /v1/parcels/{parcel_id} 200 application/geo+json: /geometry/type must be equal to one of the allowed values: "Polygon", "MultiPolygon"',
    ]);
  });

  it('reports a status that is not declared', () => {
    expect(v31.check(res({ method: 'DELETE', url: '/v1/parcels/1', status: 500, headers: {}, body: '' }))).toEqual([
      'DELETE /v1/parcels/{parcel_id}: no response declared for status 500 (declared: 204)',
    ]);
  });

  it('reports a content type that is not declared', () => {
    expect(v31.check(res({ url: '/v1/parcels/1', headers: { ...JSON_CT, 'x-request-id': 'r' } }))).toEqual([
      "GET /v1/parcels/{parcel_id} 200: content-type 'application/json' is not declared (expected one of: application/geo+json)",
    ]);
    expect(v31.check(res({ url: '/v1/parcels/1', headers: { 'x-request-id': 'r' } }))).toEqual([
      'GET /v1/parcels/{parcel_id} 200: missing content-type header (expected one of: application/geo+json)',
    ]);
  });

  it('only checks the media type of non-JSON bodies', () => {
    expect(v31.check(res({ url: '/v1/map', headers: { 'Content-Type': 'text/html; charset=utf-8' }, body: '<!doctype html>' }))).toEqual([]);
    expect(v31.check(res({ url: '/v1/parcels/1/report.pdf', headers: { 'content-type': 'application/pdf' }, body: '\u0000binary' }))).toEqual([]);
  });

  it('reports a JSON body that cannot be parsed, even without a schema', () => {
    const problems = v31.check(res({ url: '/v1/health', headers: JSON_CT, body: '{"status":' }));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^GET \/v1\/health 200 application\/json: body is not valid JSON/);
    expect(v31.check(res({ url: '/v1/health', headers: JSON_CT, body: '{"anything":1}' }))).toEqual([]);
  });

  it('reports a body on a response that declares no content', () => {
    expect(v31.check(res({ method: 'DELETE', url: '/v1/parcels/1', status: 204, headers: JSON_CT, body: '{}' }))).toEqual([
      'DELETE /v1/parcels/{parcel_id} 204: response has a body (application/json; charset=utf-8) but the document declares no content',
    ]);
  });

  it('reports unknown paths and methods', () => {
    expect(v31.check(res({ url: '/v1/xyz?a=1' }))).toEqual(['no operation for GET /v1/xyz']);
    expect(v31.check(res({ method: 'post', url: '/v1/map' }))).toEqual([
      'no operation for POST /v1/map (path matches GET /v1/map)',
    ]);
  });

  it('checks required response headers case-insensitively', () => {
    expect(v31.check(res({ url: '/v1/parcels/1', headers: { 'Content-Type': 'application/geo+json', 'X-REQUEST-ID': ['a'] } }))).toEqual([]);
    expect(v31.check(res({ url: '/v1/parcels/1', headers: { 'content-type': 'application/geo+json', 'x-request-id': undefined } }))).toEqual([
      "GET /v1/parcels/{parcel_id} 200: missing required header 'X-Request-Id'",
    ]);
  });

  it('uses the GET operation for HEAD requests without validating the (empty) body', () => {
    expect(v31.check(res({ method: 'HEAD', url: '/v1/parcels/1', body: '' }))).toEqual([]);
  });

  it('gives the same answer on repeated checks (cached validators)', () => {
    const bad = res({ url: '/v1/parcels/2', body: feature({ area_sqm: '12' }) });
    const first = v31.check(bad);
    expect(v31.check(bad)).toEqual(first);
    expect(v31.check(res({ url: '/v1/parcels/2' }))).toEqual([]);
  });

  it('assertResponse throws a readable multi-line message', () => {
    const bad = res({ url: '/v1/parcels/1?x=1', body: feature({ area_sqm: '12', updated_at: 'nope' }) });
    let message = '';
    try {
      v31.assertResponse(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    const lines = message.split('\n');
    expect(lines[0]).toBe(
      'Response to GET /v1/parcels/1?x=1 (200, application/geo+json; charset=utf-8) does not match the OpenAPI document:',
    );
    expect(lines).toContain('  - GET /v1/parcels/{parcel_id} 200 application/geo+json: /properties/area_sqm must be number');
    expect(lines).toContain('  - GET /v1/parcels/{parcel_id} 200 application/geo+json: /properties/updated_at must match format "date-time"');
    expect(lines[lines.length - 1]).toMatch(/^ {2}body: \{"type":"Feature"/);
  });

  it('rejects documents that are not OpenAPI 3.x', () => {
    expect(() => OpenApiValidator.fromYaml('swagger: "2.0"\npaths: {}\n')).toThrow(/unsupported document version/);
    expect(() => OpenApiValidator.fromYaml('- a\n- b\n')).toThrow(/not a YAML\/JSON object/);
  });

  it('accepts a JSON document as well', () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 't', version: '1' },
      paths: { '/ping': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'string' } } } } } } } },
    };
    const v = OpenApiValidator.fromYaml(JSON.stringify(doc));
    expect(v.check({ method: 'GET', url: '/ping', status: 200, headers: JSON_CT, body: '"pong"' })).toEqual([]);
    expect(v.check({ method: 'GET', url: '/ping', status: 200, headers: JSON_CT, body: '1' })).toEqual([
      'GET /ping 200 application/json: (root) must be string',
    ]);
  });
});

describe('OpenApiValidator (OpenAPI 3.0)', () => {
  const get = (body: string, url = '/api/v1/owners/o1'): RecordedResponse => ({ method: 'GET', url, status: 200, headers: JSON_CT, body });

  it('accepts a valid body behind the servers[0] path prefix', () => {
    expect(v30.check(get(owner()))).toEqual([]);
  });

  it('names the operation with the server path prefix and reports unknown prefixed paths', () => {
    expect(v30.check(get(owner({ share: 'x' })))).toEqual(['GET /api/v1/owners/{owner_id} 200 application/json: /share must be number']);
    expect(v30.check(get(owner(), '/api/v2/owners/o1'))).toEqual(['no operation for GET /api/v2/owners/o1']);
  });

  it('falls back to matching the unprefixed path (documents whose paths already include the prefix)', () => {
    expect(v30.check(get(owner(), '/v1/owners/o1'))).toEqual([]);
    expect(v30.check(get(owner({ share: 'x' }), '/v1/owners/o1'))).toEqual(['GET /v1/owners/{owner_id} 200 application/json: /share must be number']);
  });

  it('converts nullable: true into a type union', () => {
    expect(v30.check(get(owner({ name: null })))).toEqual([]);
    expect(v30.check(get(owner({ name: 42 })))).toEqual([
      'GET /api/v1/owners/{owner_id} 200 application/json: /name must be string,null',
    ]);
  });

  it('keeps nullable: false fields non-nullable', () => {
    expect(v30.check(get(owner({ nickname: 'J' })))).toEqual([]);
    expect(v30.check(get(owner({ nickname: null })))).toEqual([
      'GET /api/v1/owners/{owner_id} 200 application/json: /nickname must be string',
    ]);
  });

  it('allows null for nullable $ref wrappers (allOf) and still validates the referenced schema', () => {
    expect(v30.check(get(owner({ address: null })))).toEqual([]);
    const problems = v30.check(get(owner({ address: { town: 'x' } })));
    expect(problems).toContain("GET /api/v1/owners/{owner_id} 200 application/json: /address must have required property 'city'");
  });

  it('adds null to the enum of a nullable enum', () => {
    expect(v30.check(get(owner({ status: null })))).toEqual([]);
    expect(v30.check(get(owner({ status: 'alive' })))).toEqual([
      'GET /api/v1/owners/{owner_id} 200 application/json: /status must be equal to one of the allowed values: "active", "deceased", null',
    ]);
  });

  it('converts boolean exclusiveMinimum into the numeric form', () => {
    expect(v30.check(get(owner({ share: 1 })))).toEqual([]);
    expect(v30.check(get(owner({ share: 0 })))).toEqual([
      'GET /api/v1/owners/{owner_id} 200 application/json: /share must be > 0',
    ]);
  });

  it('reports a missing required field', () => {
    const body = JSON.parse(owner()) as Record<string, unknown>;
    delete body['name'];
    expect(v30.check(get(JSON.stringify(body)))).toEqual([
      "GET /api/v1/owners/{owner_id} 200 application/json: (root) must have required property 'name'",
    ]);
  });
});
