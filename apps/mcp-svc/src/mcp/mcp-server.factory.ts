import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema, type CallToolResult, ListToolsRequestSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { GatewayClient } from '../gateway/gateway.client.js';
import type { AnyTool } from '../tools/tool-definition.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { registerResources } from '../resources/landparcel.resources.js';
import { argumentErrorResult, malformedArgumentsResult, unknownToolResult } from '../tools/argument-errors.js';
import { runTool, type EventLogger } from '../tools/tool-runner.js';
import { withSingleTypes } from './single-type-schema.js';

export const SERVER_INFO = { name: 'landparcel', title: 'Land parcels in Poland', version: '0.1.0' } as const;

const INSTRUCTIONS = [
  'Read-only tools over Polish land parcels (cadastre, zoning, constraints, terrain, infrastructure, market prices).',
  'Places may be given as names (diacritics optional) or TERYT codes. Prefer find_sites over search_parcels when the goal matches a scenario (see list_scenarios).',
  'Always tell the user about every criterion the data could not check (coverage entries with status missing, or blocked results).',
  'Resources: landparcel://scenarios, landparcel://layers and landparcel://regions/{teryt} (layers with data in a region).',
].join(' ');

/** The MCP request being served: the caller's credentials as received, its id and its address. */
export interface McpCaller {
  /** The Authorization header exactly as received, forwarded unchanged to the gateway. */
  authorization: string;
  requestId: string;
  /** The end client's address (HTTP mode), forwarded so the gateway's per-address budgets count it. */
  clientAddress?: string;
}

/**
 * Decides whether a caller sees a tool. The hook for hiding tools whose scope the key lacks; that
 * needs the key's scopes, which the gateway does not expose yet, so every tool is visible.
 */
export type ToolVisibility = (tool: AnyTool, caller: McpCaller) => boolean;

export const ALL_TOOLS_VISIBLE: ToolVisibility = () => true;

export interface McpServerDeps {
  registry: ToolRegistry;
  /** Not yet bound to a caller; each tool call binds it to the caller's key. */
  gateway: GatewayClient;
  appUrl: string;
  logger: EventLogger;
  isVisible?: ToolVisibility;
}

/**
 * A fresh server for one HTTP request (the transport is stateless, so nothing outlives the
 * request): the registry's tools, each call running with the caller's own key.
 */
/** Most array items and object members one call's arguments may hold (the largest tool takes ~60). */
const MAX_ARGUMENT_ELEMENTS = 1000;

export function createMcpServer(deps: McpServerDeps, caller: McpCaller): McpServer {
  // Declaring the tools capability up front makes tools/list answer [] while no tool is registered.
  const server = new McpServer(SERVER_INFO, { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS });
  registerResources(server, (signal) => deps.gateway.forCaller({ ...caller, signal }), caller.requestId);
  const isVisible = deps.isVisible ?? ALL_TOOLS_VISIBLE;
  const visible = new Map<string, AnyTool>();
  for (const tool of deps.registry.list()) {
    if (!isVisible(tool, caller)) continue;
    visible.set(tool.name, tool);
    // Registered for tools/list (schemas, annotations); calls are served by the handler below.
    server.registerTool(
      tool.name,
      { title: tool.title, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema, annotations: { title: tool.title, ...tool.annotations } },
      () => ({ content: [] }),
    );
  }
  // tools/list is ours too: the same definitions, with schemas every agent client can read.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...visible.values()].map(toolDefinition) }));
  // tools/call is ours rather than the SDK's, so that arguments which break a tool's input schema
  // are answered for the model (which argument, what was wrong, what is allowed), not as a dump.
  server.server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = visible.get(request.params.name);
    if (!tool) return unknownToolResult(request.params.name, [...visible.keys()]);
    const args: unknown = request.params.arguments ?? {};
    if (elementCount(args, MAX_ARGUMENT_ELEMENTS) > MAX_ARGUMENT_ELEMENTS) return malformedArgumentsResult(tool, `its arguments hold more than ${MAX_ARGUMENT_ELEMENTS} values`);
    const parsed = await tool.inputSchema.safeParseAsync(args);
    if (!parsed.success) return argumentErrorResult(tool, args, parsed.error.issues);
    return runTool(
      tool,
      parsed.data,
      { gateway: deps.gateway.forCaller({ ...caller, signal: extra.signal }), appUrl: deps.appUrl, requestId: caller.requestId },
      deps.logger,
    );
  });
  return server;
}

/** A tool as tools/list describes it: as the SDK would, with one `type` per schema (see withSingleTypes). */
function toolDefinition(tool: AnyTool): Tool {
  const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') => withSingleTypes(z.toJSONSchema(schema, { target: 'draft-7', io })) as Tool['inputSchema'];
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchema(tool.inputSchema, 'input'),
    outputSchema: jsonSchema(tool.outputSchema, 'output'),
    annotations: { title: tool.title, ...tool.annotations },
  };
}

/** Array items and object members in a JSON value, counted until the count passes max. */
function elementCount(value: unknown, max: number): number {
  let count = 0;
  const pending = [value];
  while (pending.length > 0 && count <= max) {
    const node = pending.pop();
    if (typeof node !== 'object' || node === null) continue;
    const children = Array.isArray(node) ? node : Object.values(node);
    count += children.length;
    if (count <= max) for (const child of children) pending.push(child);
  }
  return count;
}
