import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { BATCH_INCLUDE_BLOCKS, PARCEL_INCLUDE_VALUES, PROPERTY_TYPES, PROXIMITY_KIND_IDS } from '@lp/contracts';
import { ALL_SCOPES, OpenApiValidator, startTestStack, type TestStack } from '@lp/testing';
import fc from 'fast-check';
import pg from 'pg';
import { parse } from 'yaml';
import { runCases, type FuzzOutcome, type Symptom } from './fuzz/fuzz-runner.js';
import { casesFor, readOperations, type FuzzOperation } from './fuzz/operation-cases.js';
import { SchemaArbitraries, type DomainValues, type JsonSchema } from './fuzz/schema-arbitrary.js';

/**
 * The API under generated hostile input. Every operation of the gateway's own /openapi.yaml gets
 * CASES_PER_OPERATION requests, valid and invalid (wrong types, bounds, NaN/Infinity, huge and
 * empty strings, unicode and NUL, injection strings, deep nesting, nulls, duplicate and unknown
 * parameters, bad path parameters, malformed bodies), against the real stack over the fixture.
 * Every answer must be below 500, a failure must be in the error envelope, a success must match
 * its documented schema, and none may take longer than the gateway's deadline for it.
 *
 * Reproducible: the seed is printed; FUZZ_SEED=<seed> replays the same cases, FUZZ_CASES=<n>
 * changes the count per operation.
 */
const CASES_PER_OPERATION = Number(process.env['FUZZ_CASES'] ?? 100);
const SEED = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
/**
 * The gateway's deadlines: its defaults for a running stack; for the suite's own stack, which shares
 * two cores with every other test file of `npm test`, twice that (PDF reports take seconds there).
 */
const OWN_STACK_RPC_TIMEOUT_MS = 20_000;
const OWN_STACK_SEARCH_TIMEOUT_MS = 40_000;
let rpcDeadlineMs = 10_000;
let searchDeadlineMs = 20_000;
/** Operations whose NATS subject is search.*: the gateway gives them SEARCH_TIMEOUT_MS. */
/** Operations that render a PDF for a valid request: fewer valid cases, or the suite takes minutes. */
const PDF_OPERATIONS = new Set(['createParcelReportLink']);
const SERVICES = ['layer-svc', 'geocode-svc', 'market-svc', 'parcel-svc', 'search-svc', 'watches-svc'];
const SEARCH_OPERATIONS = new Set(['searchParcels', 'searchNaturalLanguage', 'interpretNaturalLanguage', 'listScenarios', 'compileScenario', 'exportSearchParcels', 'exportSearchNaturalLanguage']);
/** A stand-in for the orthophotomap WMS (this machine has no internet): ortho tiles are proxied from it. */
const UPSTREAM_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAAC0lEQVQImWNgAAIAAAUAAWJVMogAAAAASUVORK5CYII=', 'base64');

describe('fuzzing every operation of /openapi.yaml', () => {
  let stack: TestStack | undefined;
  let target: FuzzTarget;
  let validator: OpenApiValidator;
  let operations: FuzzOperation[];
  let arbitraries: SchemaArbitraries;

  let upstream: Server | undefined;

  beforeAll(async () => {
    const live = await liveTarget();
    if (live) target = live;
    else {
      upstream = createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(UPSTREAM_PNG));
      await new Promise<void>((resolve) => upstream!.listen(0, '127.0.0.1', resolve));
      stack = await startTestStack({
        services: SERVICES,
        serviceEnv: { 'layer-svc': { ORTHO_WMS_URL: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/wms` } },
        gatewayEnv: { RPC_TIMEOUT_MS: String(OWN_STACK_RPC_TIMEOUT_MS), SEARCH_TIMEOUT_MS: String(OWN_STACK_SEARCH_TIMEOUT_MS), RATE_LIMIT_PER_MINUTE: '10000000', RATE_LIMIT_SEARCH_PER_MINUTE: '10000000', RATE_LIMIT_REPORTS_PER_MINUTE: '10000000', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '10000000', RATE_LIMIT_PUBLIC_PER_MINUTE: '10000000', COST_BUDGET_PER_MINUTE: '10000000', HEAVY_IN_FLIGHT_PER_KEY: '64', HEAVY_IN_FLIGHT_PER_SERVICE: '64', KEY_IN_FLIGHT_UNITS: '100000', SERVICE_IN_FLIGHT_UNITS: '100000' },
      });
      rpcDeadlineMs = OWN_STACK_RPC_TIMEOUT_MS;
      searchDeadlineMs = OWN_STACK_SEARCH_TIMEOUT_MS;
      const started = stack;
      target = { baseUrl: started.gatewayUrls[0]!, key: await started.createKey(ALL_SCOPES), sql: (text) => started.sql(text) };
    }
    const text = await (await fetch(`${target.baseUrl}/openapi.yaml`)).text();
    validator = OpenApiValidator.fromYaml(text);
    const document = parse(text, { maxAliasCount: -1 }) as JsonSchema;
    arbitraries = new SchemaArbitraries(document, await domainValues(target));
    operations = readOperations(document, arbitraries);
  }, 300_000);
  afterAll(async () => {
    await stack?.stop();
    upstream?.closeAllConnections();
    upstream?.close();
  });

  it(`answers ${CASES_PER_OPERATION} generated requests per operation below 500, in the envelope, in schema and in time`, async () => {
    process.stdout.write(`fuzz seed: ${SEED} (replay: FUZZ_SEED=${SEED} npm test -- apps/gateway/test/fuzz.e2e-spec.ts)\n`);
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const cases = operations.flatMap((operation, index) =>
      fc.sample(casesFor(operation, arbitraries, PDF_OPERATIONS.has(operation.id) ? 0.1 : 1 / 3), { numRuns: CASES_PER_OPERATION, seed: SEED + index }),
    );
    const outcomes = await runCases(cases, {
      baseUrl: target.baseUrl,
      key: target.key,
      validator,
      deadlineMs: (operation) => (SEARCH_OPERATIONS.has(operation) ? searchDeadlineMs : rpcDeadlineMs),
      concurrency: 6,
    });

    const violations = outcomes.flatMap((outcome) => outcome.symptoms.map(({ symptom, detail }) => describeViolation(outcome, symptom, detail)));
    process.stdout.write(figures(operations, outcomes));
    const retried = outcomes.filter((outcome) => outcome.retriedAfter !== undefined);
    if (retried.length > 0) process.stdout.write(`transient: ${retried.length} request(s) got no answer at the first attempt and were sent again:\n${retried.map((outcome) => `  ${outcome.fuzzCase.operation} ${outcome.fuzzCase.method} ${outcome.fuzzCase.path.slice(0, 120)}: ${outcome.retriedAfter} -> then ${outcome.status}`).join('\n')}\n`);
    if (violations.length > 0) process.stdout.write(`fuzz violations (${violations.length}):\n${violations.join('\n')}\n`);
    expect(violations.slice(0, 30)).toEqual([]);
    for (const operation of operations) expect(outcomes.filter((outcome) => outcome.fuzzCase.operation === operation.id).length).toBeGreaterThanOrEqual(CASES_PER_OPERATION);
  }, 300_000);
});

function describeViolation(outcome: FuzzOutcome, symptom: Symptom, detail: string): string {
  const { fuzzCase } = outcome;
  const query = fuzzCase.query.length > 0 ? ` query=${JSON.stringify(fuzzCase.query).slice(0, 200)}` : '';
  const body = fuzzCase.body === undefined ? '' : ` body=${fuzzCase.body.slice(0, 200)} (${fuzzCase.contentType})`;
  return `[seed ${SEED}] ${fuzzCase.operation} (${fuzzCase.kind}) ${symptom}: ${fuzzCase.method} ${fuzzCase.path.slice(0, 200)}${query}${body} -> ${detail.slice(0, 400)}`;
}

/** Per operation: cases, answers by class, the violations by symptom and the slowest answer. */
function figures(operations: readonly FuzzOperation[], outcomes: readonly FuzzOutcome[]): string {
  const rows = operations.map((operation) => {
    const mine = outcomes.filter((outcome) => outcome.fuzzCase.operation === operation.id);
    const count = (symptom: Symptom): number => mine.filter((outcome) => outcome.symptoms.some((item) => item.symptom === symptom)).length;
    return [
      operation.id,
      mine.length,
      mine.filter((outcome) => outcome.status >= 200 && outcome.status < 300).length,
      mine.filter((outcome) => outcome.status >= 400 && outcome.status < 500).length,
      count('5xx'),
      count('envelope'),
      count('schema'),
      count('slow'),
      Math.round(Math.max(0, ...mine.map((outcome) => outcome.ms))),
    ];
  });
  const header = ['operation', 'cases', '2xx', '4xx', '5xx', 'envelope', 'schema', 'slow', 'max ms'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: readonly unknown[]): string => cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]!) : String(cell).padStart(widths[column]!))).join('  ');
  return `fuzz figures (seed ${SEED}):\n${[line(header), ...rows.map(line)].join('\n')}\n`;
}

interface FuzzTarget {
  baseUrl: string;
  key: string;
  sql(text: string): Promise<Array<Record<string, unknown>>>;
}

/**
 * A stack that is already running (FUZZ_GATEWAY_URL, FUZZ_API_KEY with every scope and a high
 * rate limit, FUZZ_DATABASE_URL), e.g. to fuzz `npm start`'s; undefined: the test starts its own.
 */
async function liveTarget(): Promise<FuzzTarget | undefined> {
  const [baseUrl, key, databaseUrl] = [process.env['FUZZ_GATEWAY_URL'], process.env['FUZZ_API_KEY'], process.env['FUZZ_DATABASE_URL']];
  if (!baseUrl || !key || !databaseUrl) return undefined;
  return {
    baseUrl,
    key,
    sql: async (text) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return (await client.query(text)).rows as Array<Record<string, unknown>>;
      } finally {
        await client.end();
      }
    },
  };
}

/** Ids, layers, scenarios and a report token the data knows, for valid requests that go deep. */
async function domainValues(target: FuzzTarget): Promise<DomainValues> {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${target.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${target.key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };
  const parcels = (await target.sql(`SELECT id FROM layer_pub.parcels ORDER BY id LIMIT 20`)).map((row) => String(row['id']));
  const layers = (await call<{ layers: Array<{ id: string }> }>('GET', '/v1/layers')).layers.map((layer) => layer.id);
  const scenarios = (await call<{ scenarios: Array<{ id: string }> }>('GET', '/v1/scenarios')).scenarios.map((scenario) => scenario.id);
  const link = await call<{ url: string }>('POST', `/v1/parcels/${encodeURIComponent(parcels[0]!)}/report/link`, {}).catch(() => ({ url: '' }));
  // Without a link (a slow PDF), shared-report cases still run, as unknown tokens.
  const token = /\/v1\/reports\/([^/]+)\.pdf$/.exec(link.url)?.[1] ?? 'A'.repeat(43);
  // Around the first parcel: points, small boxes and tiles where the data is.
  const [point] = await target.sql(`SELECT ST_X(c) AS lng, ST_Y(c) AS lat FROM layer_pub.parcels p, ST_Transform(ST_PointOnSurface(p.geom), 4326) c ORDER BY id LIMIT 1`);
  const [lng, lat] = [Number(point!['lng']), Number(point!['lat'])];
  const box = (half: number): string => [lng - half, lat - half, lng + half, lat + half].map((value) => value.toFixed(5)).join(',');
  const tile = (z: number): [number, number, number] => {
    const n = 2 ** z;
    const rad = (lat * Math.PI) / 180;
    return [z, Math.floor(((lng + 180) / 360) * n), Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n)];
  };
  const tiles = [10, 14, 16].map(tile);
  return {
    parcel_id: parcels,
    parcel_ids: [parcels.slice(0, 2), parcels.slice(0, 5), [parcels[0], `${parcels[0]}9`], parcels],
    layer_id: layers,
    scenario_id: scenarios,
    scenario: scenarios,
    region: ['3064011', '30', '3064', '3064011'],
    bbox: [box(0.002), box(0.01), box(0.2)],
    kinds: [PROXIMITY_KIND_IDS.join(','), PROXIMITY_KIND_IDS.slice(0, 2).join(','), PROXIMITY_KIND_IDS[0]],
    include: [PARCEL_INCLUDE_VALUES.join(','), 'regulations', [...BATCH_INCLUDE_BLOCKS], ['terrain']],
    property_type: [...PROPERTY_TYPES],
    lng: [lng, lng + 0.0003],
    lat: [lat, lat - 0.0003],
    since: [new Date(Date.now() - 400 * 86_400_000).toISOString().slice(0, 10), '2020-01-01'],
    radius_m: [100, 1000, 5000],
    z: tiles.map(([z]) => z),
    x: tiles.map(([, x]) => x),
    y: tiles.map(([, , y]) => y),
    token: [token],
    q: ['306401', 'Poznań', 'Jaworowa 1, Poznań', 'krakow', 'działka budowlana w Poznaniu'],
    query: ['działka budowlana w Poznaniu', 'solar farm near Poznań', 'parcels in gmina Poznań over 1000 m2'],
    language: ['en', 'pl'],
  };
}
