import type { Scope } from '@lp/contracts';
import type { z } from 'zod';
import type { GatewayClient } from '../gateway/gateway.client.js';

/** What a tool may use while it runs: the gateway as the caller, and where links point. */
export interface ToolContext {
  /** Bound to the caller's own bearer token and request id. */
  gateway: GatewayClient;
  /** Base of map_url links ({app_url}/p/<parcel_id>), no trailing slash. */
  appUrl: string;
  requestId: string;
}

export interface ToolOutput<T> {
  /** Must match the tool's outputSchema. */
  structuredContent: T;
  /** The same result as short prose, for clients that show only text. */
  text: string;
  /**
   * A result the model must not read as an answer (a blocked search: no data to prove a required
   * criterion): sent with isError, the structured content still attached for the details.
   */
  isError?: boolean;
}

/** Every tool of the spec only reads, and only our own data. */
export const READ_ONLY_TOOL = { readOnlyHint: true, openWorldHint: false } as const;

/**
 * One MCP tool, in one file `src/tools/<tool>.tool.ts`. The description is written for a model:
 * when to use the tool, what it returns, and how it relates to the other tools.
 */
export interface ToolDefinition<In extends z.ZodObject = z.ZodObject, Out extends z.ZodObject = z.ZodObject> {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** The API key scope the REST routes behind this tool require. */
  readonly scope: Scope;
  readonly inputSchema: In;
  readonly outputSchema: Out;
  readonly annotations: typeof READ_ONLY_TOOL;
  /** Throws GatewayError (or anything else) on failure; the runner turns it into a tool error. */
  run(args: z.output<In>, ctx: ToolContext): Promise<ToolOutput<z.output<Out>>>;
}

export type AnyTool = ToolDefinition<z.ZodObject, z.ZodObject>;

/** Identity, for type inference of args and output from the schemas. */
export function defineTool<In extends z.ZodObject, Out extends z.ZodObject>(tool: ToolDefinition<In, Out>): ToolDefinition<In, Out> {
  return tool;
}
