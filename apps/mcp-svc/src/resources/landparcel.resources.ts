import { WATCH_ID_EXAMPLE, WATCH_ID_PATTERN, type RegionView, type Scope, type WatchEventPageView } from '@lp/contracts';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import type { GatewayClient } from '../gateway/gateway.client.js';
import { readLayers } from '../tools/list-layers.tool.js';
import { readScenarios } from '../tools/list-scenarios.tool.js';
import { TERYT_CODE } from '../tools/support/region-resolver.js';
import { GatewayError } from '../gateway/gateway-error.js';
import { missingScopeIn, toolErrorMessage } from '../tools/tool-errors.js';

/**
 * URI scheme of our resources: landparcel://scenarios, landparcel://layers,
 * landparcel://regions/{teryt} and landparcel://watches/{id}/events. Named after the product, not a host: the resources are read
 * through this server with the caller's key, never fetched from anywhere.
 */
export const RESOURCE_SCHEME = 'landparcel';

export const RESOURCE_URIS = {
  scenarios: `${RESOURCE_SCHEME}://scenarios`,
  layers: `${RESOURCE_SCHEME}://layers`,
  region: `${RESOURCE_SCHEME}://regions/{teryt}`,
  watchEvents: `${RESOURCE_SCHEME}://watches/{id}/events`,
} as const;

/** A gateway bound to the caller, for the duration of one read. */
export type GatewayForRead = (signal: AbortSignal) => GatewayClient;

export function registerResources(server: McpServer, gatewayFor: GatewayForRead, requestId: string): void {
  server.registerResource(
    'scenarios',
    RESOURCE_URIS.scenarios,
    {
      title: 'Site-selection scenarios',
      description: 'The scenarios of find_sites with criteria, parameters (default, min, max, unit) and ranking signals; the same as the list_scenarios tool. Needs search:read.',
      mimeType: 'application/json',
    },
    async (uri, extra) => json(uri.href, await reading(uri.href, 'search:read', requestId, () => readScenarios(gatewayFor(extra.signal)))),
  );
  server.registerResource(
    'layers',
    RESOURCE_URIS.layers,
    {
      title: 'Data layers',
      description: 'Every data layer with category, source, coverage (national or partial) and last refresh; the same as the list_layers tool. Needs layers:read.',
      mimeType: 'application/json',
    },
    async (uri, extra) => json(uri.href, await reading(uri.href, 'layers:read', requestId, () => readLayers(gatewayFor(extra.signal)))),
  );
  server.registerResource(
    'region-layers',
    new ResourceTemplate(RESOURCE_URIS.region, { list: undefined }),
    {
      title: 'Layers with data in a region',
      description:
        'For a TERYT code (2 digits voivodeship, 4 powiat, 7 gmina): the unit and the layers with data in all of it (layers_available) or in part of it (layers_partial). A partial-coverage layer in neither list has no data there. Needs parcels:read.',
      mimeType: 'application/json',
    },
    async (uri, variables, extra) => {
      const teryt = String(variables['teryt'] ?? '');
      if (!TERYT_CODE.test(teryt)) throw new McpError(ErrorCode.InvalidParams, `${uri.href}: the region must be a TERYT code of 2, 4 or 7 digits, e.g. ${RESOURCE_SCHEME}://regions/3064011.`);
      const units = await reading(uri.href, 'parcels:read', requestId, () => gatewayFor(extra.signal).get<RegionView[]>('/v1/regions', { q: teryt }));
      const unit = units.find((candidate) => candidate.teryt === teryt);
      if (!unit) throw new McpError(ErrorCode.InvalidParams, `${uri.href}: no gmina, powiat or voivodeship has the TERYT code ${teryt}.`);
      const { name, unit_type, level, parent, label, layers_available, layers_partial } = unit;
      return json(uri.href, { teryt, name, unit_type, level, parent, label, layers_available, layers_partial });
    },
  );
  server.registerResource(
    'watch-events',
    new ResourceTemplate(RESOURCE_URIS.watchEvents, { list: undefined }),
    {
      title: 'Events of a watch',
      description:
        "The newest 500 events of one of the caller's watches (GET /v1/watches/{id}/events), oldest first: parcels that entered or left a saved search, coverage that became known, with the layer versions that caused them. Read-only; watches are made through the REST API. Needs watches:read.",
      mimeType: 'application/json',
    },
    async (uri, variables, extra) => {
      const id = String(variables['id'] ?? '');
      if (!WATCH_ID_PATTERN.test(id)) throw new McpError(ErrorCode.InvalidParams, `${uri.href}: the watch id must look like ${WATCH_ID_EXAMPLE}.`);
      return json(uri.href, await reading(uri.href, 'watches:read', requestId, () => readAllEvents(gatewayFor(extra.signal), id)));
    },
  );
}

const WATCH_EVENTS_READ_MAX = 500;

/** The feed from its start, page by page, keeping the newest WATCH_EVENTS_READ_MAX events. */
async function readAllEvents(gateway: GatewayClient, id: string): Promise<WatchEventPageView> {
  let events: WatchEventPageView['events'] = [];
  let cursor: string | null = null;
  do {
    const page: WatchEventPageView = await gateway.get<WatchEventPageView>(`/v1/watches/${id}/events`, { limit: WATCH_EVENTS_READ_MAX, ...(cursor === null ? {} : { cursor }) });
    events = [...events, ...page.events].slice(-WATCH_EVENTS_READ_MAX);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return { events, next_cursor: null };
}

function json(uri: string, value: unknown): ReadResourceResult {
  return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(value, null, 2) }] };
}

/**
 * JSON-RPC codes for a failed read, so a client does not show a refused key or a missing scope
 * as an internal error: -32001/-32003 are ours (as on the HTTP layer), -32002 is MCP's "resource
 * not found". Only a failure of ours stays -32603.
 */
const READ_ERROR_CODES: Readonly<Record<string, number>> = {
  unauthorized: -32001,
  insufficient_scope: -32003,
  not_found: -32002,
  invalid_request: ErrorCode.InvalidParams,
  rate_limited: -32000,
  service_unavailable: -32000,
  upstream_timeout: -32000,
  cancelled: -32000,
};

/** A failed read as a protocol error carrying the same advice a tool error would give. */
async function reading<T>(uri: string, scope: Scope, requestId: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    const message = toolErrorMessage(error, { tool: `reading ${uri}`, scope, requestId });
    if (!(error instanceof GatewayError)) throw readError(ErrorCode.InternalError, message, { request_id: requestId });
    const data = { code: error.code, ...(error.code === 'insufficient_scope' ? { scope: missingScopeIn(error.message) ?? scope } : {}), request_id: error.requestId ?? requestId };
    throw readError(READ_ERROR_CODES[error.code] ?? ErrorCode.InternalError, message, data);
  }
}

/**
 * The protocol layer answers with an error's code, message and data; unlike McpError, whose
 * message repeats "MCP error <code>:", this keeps the message as written for the model.
 */
function readError(code: number, message: string, data: Record<string, unknown>): Error {
  return Object.assign(new Error(message), { code, data });
}
