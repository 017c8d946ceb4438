import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { SCOPES, type Scope } from '@lp/contracts';
import { startTestStack, type TestStack } from '@lp/testing';
import fc from 'fast-check';
import { TOOLS } from '../src/tools/tool-registry.js';
import { toolArguments, type KnownValues, type ToolArguments } from './fuzz/tool-arguments.js';

type FormatsPlugin = typeof addFormatsModule.default;
const addFormats: FormatsPlugin = (addFormatsModule as unknown as { default?: FormatsPlugin }).default ?? (addFormatsModule as unknown as FormatsPlugin);

/** Calls per tool with a key holding exactly its scope, and with each key lacking it. */
const CASES_IN_SCOPE = Number(process.env['FUZZ_MCP_CASES'] ?? 24);
const CASES_OUT_OF_SCOPE = 3;
const SEED = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const CONCURRENCY = 4;
const SERVICES = ['layer-svc', 'geocode-svc', 'market-svc', 'parcel-svc', 'search-svc'];
/** The tool server's deadline on the gateway, and a margin for the loaded test machine. */
const CALL_DEADLINE_MS = 60_000;
/**
 * Scopes besides its own with which a tool still answers, because every REST route it calls takes
 * them: GET /v1/regions accepts search:read too, so the search tools can resolve a place name.
 */
const ALSO_ANSWERS_FOR: Partial<Record<string, readonly Scope[]>> = { resolve_region: ['search:read'] };
/** Tools that take exactly one of several arguments, none required: the choice a scope probe makes. */
const ONE_OF_CHOICE: Partial<Record<string, (known: KnownValues) => Record<string, unknown>>> = {
  locate_parcel: (known) => ({ parcel: known['parcel_id']![0] }),
  market_comparables: (known) => ({ parcel_id: known['parcel_id']![0] }),
};
/** JSON-RPC errors that say the request was malformed (parse, request, params), for arguments broken on purpose. */
const CALLER_ERRORS: ReadonlySet<number> = new Set([-32700, -32600, -32602]);

interface Call {
  tool: string;
  scope: Scope;
  inScope: boolean;
  arguments: ToolArguments;
}

interface Answer {
  status: number;
  rpc?: {
    result?: { isError?: boolean; structuredContent?: unknown; content?: Array<{ type: string; text?: string }> };
    error?: { code: number; message: string };
  };
  ms: number;
}

/**
 * The MCP tool server under generated input, by scope: every tool of tools/list is called with a
 * key holding exactly its scope (valid arguments with values the data has, and arguments broken
 * one way: a hostile value, a missing or unknown argument, no object at all) and with a key of each
 * other scope. Every answer must be an HTTP answer below 500 with a JSON-RPC message; no call may
 * end in an internal error of the tool server (-32603) or of the API behind it; a result must match the
 * tool's advertised output schema; a key holding the tool's scope is never told it lacks a scope,
 * and a key without it never gets a result.
 *
 * Reproducible: the seed is printed; FUZZ_SEED=<seed> replays it, FUZZ_MCP_CASES=<n> sets the calls in scope.
 */
describe('fuzzing every MCP tool by scope', () => {
  let stack: TestStack;
  let tools: Tool[];
  let known: KnownValues;
  const keys = new Map<Scope, string>();
  const validators = new Map<string, ValidateFunction>();

  beforeAll(async () => {
    stack = await startTestStack({
      services: SERVICES,
      mcp: true,
      gatewayEnv: {
        RATE_LIMIT_PER_MINUTE: '10000000',
        RATE_LIMIT_SEARCH_PER_MINUTE: '10000000',
        RATE_LIMIT_REPORTS_PER_MINUTE: '10000000',
        COST_BUDGET_PER_MINUTE: '10000000',
        HEAVY_IN_FLIGHT_PER_KEY: '64',
        HEAVY_IN_FLIGHT_PER_SERVICE: '64',
        KEY_IN_FLIGHT_UNITS: '100000',
        SERVICE_IN_FLIGHT_UNITS: '100000',
      },
      mcpEnv: { GATEWAY_TIMEOUT_MS: String(CALL_DEADLINE_MS - 5_000) },
    });
    for (const scope of SCOPES) keys.set(scope, await stack.createKey([scope], { name: `fuzz-${scope}` }));
    const listed = await rpc(stack.apiKey, 'tools/list', {});
    tools = (listed.rpc?.result as unknown as { tools: Tool[] }).tools;
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    for (const tool of tools) validators.set(tool.name, ajv.compile(tool.outputSchema ?? {}));
    known = await knownValues(stack);
  }, 300_000);
  afterAll(() => stack?.stop());

  /** One JSON-RPC request to /mcp (stateless: no session to open first). */
  const rpc = async (key: string, method: string, params: unknown): Promise<Answer> => {
    const started = performance.now();
    const response = await fetch(stack.mcpUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(CALL_DEADLINE_MS),
    });
    const text = await response.text();
    let parsed: Answer['rpc'];
    try {
      parsed = JSON.parse(text) as Answer['rpc'];
    } catch {
      parsed = undefined;
    }
    return { status: response.status, rpc: parsed, ms: performance.now() - started };
  };

  it('answers every tool for every scope below 500, without internal errors, in its output schema, and by scope', async () => {
    process.stdout.write(`mcp fuzz seed: ${SEED} (replay: FUZZ_SEED=${SEED} npm run test:e2e -- apps/mcp-svc/test/mcp-fuzz.e2e-spec.ts)\n`);
    expect(tools.map((tool) => tool.name).sort()).toEqual(TOOLS.map((tool) => tool.name).sort());
    const calls = tools.flatMap((tool, index) => callsFor(tool, index));
    const answers = await inParallel(calls, CONCURRENCY, (call) =>
      rpc(keys.get(call.scope)!, 'tools/call', { name: call.tool, arguments: call.arguments.args }).catch((error: unknown) => ({
        status: 0,
        ms: CALL_DEADLINE_MS,
        rpc: { error: { code: 0, message: String(error) } },
      })),
    );
    const violations = calls.flatMap((call, index) =>
      violationsOf(call, answers[index]!).map(
        (violation) =>
          `[seed ${SEED}] ${call.tool} as ${call.scope} (${call.arguments.kind}) ${violation}: args=${JSON.stringify(call.arguments.args)?.slice(0, 200)}`,
      ),
    );
    process.stdout.write(figures(calls, answers));
    process.stdout.write(`tool errors of valid calls in scope, the first two kinds per tool:\n${validCallErrors(calls, answers)}`);
    if (violations.length > 0) process.stdout.write(`mcp fuzz violations (${violations.length}):\n${violations.join('\n')}\n`);
    expect(violations.slice(0, 30)).toEqual([]);
    // the out-of-scope calls were refused for the scope at least once per tool (not only for their arguments)
    for (const tool of tools)
      expect([tool.name, calls.some((call, index) => call.tool === tool.name && !call.inScope && /lacks the scope/.test(textOf(answers[index]!)))]).toEqual([
        tool.name,
        true,
      ]);
  }, 900_000);

  /** The calls for one tool: in scope, then a few with each other scope's key. */
  function callsFor(tool: Tool, index: number): Call[] {
    const scope = TOOLS.find((definition) => definition.name === tool.name)!.scope;
    const sample = (count: number, offset: number, validShare: number): ToolArguments[] =>
      fc.sample(toolArguments(tool.inputSchema as Record<string, unknown>, known, validShare), { numRuns: count, seed: SEED + index * 31 + offset });
    const inScope = sample(CASES_IN_SCOPE, 0, 0.5).map((args) => ({ tool: tool.name, scope, inScope: true, arguments: args }));
    const outOfScope = SCOPES.filter((other) => other !== scope).flatMap((other, n) => [
      // one call the tool itself accepts, so that each other scope's refusal is reached whatever the seed
      { tool: tool.name, scope: other, inScope: false, arguments: { kind: 'valid' as const, args: scopeProbe(tool) } },
      ...sample(CASES_OUT_OF_SCOPE, n + 1, 0.9).map((args) => ({ tool: tool.name, scope: other, inScope: false, arguments: args })),
    ]);
    return [...inScope, ...outOfScope];
  }

  /** Arguments the tool accepts before it calls the API: its required ones from the known values, and the one-of choices made. */
  function scopeProbe(tool: Tool): Record<string, unknown> {
    const required = ((tool.inputSchema as { required?: string[] }).required ?? []).filter((name) => (known[name] ?? []).length > 0);
    const args: Record<string, unknown> = Object.fromEntries(required.map((name) => [name, known[name]![0]]));
    return { ...args, ...(ONE_OF_CHOICE[tool.name]?.(known) ?? {}) };
  }

  function violationsOf(call: Call, answer: Answer): string[] {
    if (answer.status === 0 || answer.status >= 500) return [`HTTP ${answer.status}: ${answer.rpc?.error?.message ?? ''}`];
    if (!answer.rpc || (answer.rpc.result === undefined && answer.rpc.error === undefined)) return [`no JSON-RPC message (HTTP ${answer.status})`];
    if (answer.rpc.error) {
      // Arguments broken on purpose may be refused by the protocol layer as the caller's mistake
      // (a "__proto__" key is refused by the body parser); an internal error (-32603) never.
      return CALLER_ERRORS.has(answer.rpc.error.code) && call.arguments.kind !== 'valid'
        ? []
        : [`JSON-RPC error ${answer.rpc.error.code}: ${answer.rpc.error.message.slice(0, 300)}`];
    }
    const result = answer.rpc.result!;
    const text = textOf(answer);
    const found: string[] = [];
    if (/internal error/i.test(text)) found.push(`internal error: ${text.slice(0, 300)}`);
    // the tool's words for a 502/503 or a 504 of the API behind it (no limit refuses anything here)
    if (/temporarily unavailable|did not answer in time/.test(text)) found.push(`a 5xx of the API: ${text.slice(0, 300)}`);
    if (result.structuredContent !== undefined) {
      const validate = validators.get(call.tool)!;
      if (!validate(result.structuredContent)) found.push(`output breaks its schema: ${JSON.stringify(validate.errors).slice(0, 300)}`);
    } else if (!result.isError) found.push('a result without structuredContent');
    // a place name may need another scope to be resolved (market_comparables with a region name): only
    // a refusal naming the tool's own scope is wrong
    if (call.inScope && text.includes(`lacks the scope "${call.scope}"`)) found.push(`refused for a scope with the tool's own: ${text.slice(0, 300)}`);
    if (!call.inScope && !result.isError && !(ALSO_ANSWERS_FOR[call.tool] ?? []).includes(call.scope)) found.push('a result for a key without the scope');
    return found;
  }
});

function textOf(answer: Answer): string {
  return (answer.rpc?.result?.content ?? []).map((item) => (item.type === 'text' ? (item.text ?? '') : '')).join('\n');
}

/** What valid calls in scope were told when they did not get a result: whether the fuzz reaches past validation. */
function validCallErrors(calls: readonly Call[], answers: readonly Answer[]): string {
  const seen = new Map<string, Set<string>>();
  calls.forEach((call, index) => {
    const answer = answers[index]!;
    if (!call.inScope || call.arguments.kind !== 'valid' || !answer.rpc?.result?.isError) return;
    const kinds = seen.get(call.tool) ?? new Set<string>();
    if (kinds.size < 2) kinds.add(textOf(answer).slice(0, 160).replace(/\s+/g, ' '));
    seen.set(call.tool, kinds);
  });
  return [...seen].map(([tool, kinds]) => `  ${tool}: ${[...kinds].join(' | ')}\n`).join('');
}

/** Per tool: calls, results, tool errors, protocol errors, and the slowest answer. */
function figures(calls: readonly Call[], answers: readonly Answer[]): string {
  const names = [...new Set(calls.map((call) => call.tool))];
  const rows = names.map((name) => {
    const mine = answers.filter((_, index) => calls[index]!.tool === name);
    return [
      name,
      mine.length,
      mine.filter((answer) => answer.rpc?.result && !answer.rpc.result.isError).length,
      mine.filter((answer) => answer.rpc?.result?.isError).length,
      mine.filter((answer) => answer.rpc?.error).length,
      mine.filter((answer) => answer.status === 0 || answer.status >= 500).length,
      Math.round(Math.max(0, ...mine.map((answer) => answer.ms))),
    ];
  });
  const header = ['tool', 'calls', 'results', 'tool errors', 'rpc errors', '5xx', 'max ms'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => String(row[column]).length)));
  const line = (cells: readonly unknown[]): string =>
    cells.map((cell, column) => (column === 0 ? String(cell).padEnd(widths[column]!) : String(cell).padStart(widths[column]!))).join('  ');
  return `mcp fuzz figures (seed ${SEED}):\n${[line(header), ...rows.map(line)].join('\n')}\n`;
}

async function inParallel<T, R>(items: readonly T[], concurrency: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return results;
}

/** Parcels, places, regions and scenarios the fixture has, by the tools' argument names. */
async function knownValues(stack: TestStack): Promise<KnownValues> {
  const parcels = await stack.sql<{ id: string; lng: number; lat: number }>(
    `SELECT id, ST_X(c) AS lng, ST_Y(c) AS lat FROM layer_pub.parcels p, ST_Transform(ST_PointOnSurface(p.geom), 4326) c ORDER BY id LIMIT 10`,
  );
  const ids = parcels.map((parcel) => parcel.id);
  const scenarios = (await (await fetch(`${stack.gatewayUrl}/v1/scenarios`, { headers: { authorization: `Bearer ${stack.apiKey}` } })).json()) as {
    scenarios: Array<{ id: string }>;
  };
  return {
    parcel_id: ids,
    parcel: [...ids, `${parcels[0]!.lat}, ${parcels[0]!.lng}`],
    parcel_ids: [ids.slice(0, 2), ids.slice(0, 5), [ids[0], `${ids[0]}9`]],
    region: ['3064011', 'Poznań', '30', '3064'],
    name: ['Poznań', 'ostroda', 'wielkopolskie'],
    lat: parcels.map((parcel) => parcel.lat),
    lng: parcels.map((parcel) => parcel.lng),
    query: ['działka budowlana w Poznaniu', 'solar farm near Poznań, at least 2 ha'],
    scenario: scenarios.scenarios.map((scenario) => scenario.id),
    address: ['Jaworowa 1, Poznań'],
    language: ['en', 'pl'],
  };
}
