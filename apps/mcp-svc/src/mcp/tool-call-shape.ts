import { JSON_RPC } from './mcp-request.guard.js';

export interface InvalidParamsAnswer {
  jsonrpc: '2.0';
  id: string | number | null;
  error: { code: number; message: string };
}

/**
 * A tools/call whose params are not a tool name with an object of arguments (a model sending the
 * arguments as a string, say). The SDK refuses it with -32603, an internal error, which tells the
 * client the server failed; it is the caller's mistake, answered here with -32602 and the
 * request's id. Anything else goes on to the SDK unchanged.
 */
export function invalidToolCall(body: unknown): InvalidParamsAnswer | undefined {
  if (!isPlainObject(body) || body['method'] !== 'tools/call') return undefined;
  const id = typeof body['id'] === 'string' || typeof body['id'] === 'number' ? body['id'] : null;
  const params = body['params'];
  if (!isPlainObject(params)) return invalidParams(id, "tools/call takes an object with the tool's name and its arguments.");
  if (typeof params['name'] !== 'string') return invalidParams(id, 'name must be the name of a tool, as a string.');
  const args = params['arguments'];
  if (args !== undefined && !isPlainObject(args))
    return invalidParams(id, `the arguments of ${params['name'].slice(0, 64)} must be an object of named arguments.`);
  return undefined;
}

function invalidParams(id: string | number | null, problem: string): InvalidParamsAnswer {
  return { jsonrpc: '2.0', id, error: { code: JSON_RPC.invalidParams, message: `Invalid params: ${problem}` } };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
