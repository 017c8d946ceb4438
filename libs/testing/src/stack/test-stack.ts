import { SCOPES, type Scope } from '@lp/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { ApiClient } from '../http/api-client.js';
import { startAppProcess, startHttpApp, type AppProcess } from './app-process.js';
import { startNatsServer, type TestNatsServer } from './nats-server.js';
import { createTestDatabase, type TestDatabase, type TestTemplate } from './test-database.js';

/** Every scope a key can have. */
export const ALL_SCOPES: Scope[] = [...SCOPES];

/** The error envelope every failing response of the gateway carries. */
export interface ErrorEnvelope {
  error: { code: string; message: string; request_id: string; candidates?: string[] };
}

export interface TestStackOptions {
  /** Which migrated template the database is copied from (default: the small fixture). */
  template?: TestTemplate;
  /** The services behind the gateway (default: parcel-svc). */
  services?: string[];
  /** How many gateways (default 1): each its own process on the same bus and database. */
  gateways?: number;
  gatewayEnv?: Record<string, string>;
  /** Extra environment per service, e.g. { 'parcel-svc': { REPORT_LINK_TTL_SECONDS: '2' } } */
  serviceEnv?: Record<string, Record<string, string>>;
  /** How the apps reach the database, e.g. through a TcpProxy a fault test controls (default: directly). */
  appDatabaseUrl?: (url: string) => string;
  /** mcp-svc too, pointed at the first gateway. */
  mcp?: boolean;
  /** Extra environment of mcp-svc, e.g. { TRUST_PROXY: '1' } */
  mcpEnv?: Record<string, string>;
  /** The scopes of the stack's own key, `apiKey` (default: all). */
  scopes?: Scope[];
}

/** The link base mcp-svc puts in front of map links. */
const MCP_APP_URL = 'https://map.example.pl';

/**
 * A real stack for one test file, each app a separate process run from its dist/ as production runs
 * it and connected as its own database role: a database copied from a template, a nats-server, the
 * requested services, one or more gateways, mcp-svc when asked, and an API key.
 */
export interface TestStack {
  readonly db: TestDatabase;
  readonly nats: TestNatsServer;
  /** Running apps by name: a service's own name, `gateway-<n>`, `mcp-svc`. */
  readonly processes: Map<string, AppProcess>;
  readonly gatewayUrls: string[];
  /** The first gateway. */
  readonly gatewayUrl: string;
  /** mcp-svc's MCP endpoint (empty without `mcp`). */
  readonly mcpUrl: string;
  /** The map links mcp-svc makes start here. */
  readonly appUrl: string;
  /** A key with the `scopes` asked for. */
  readonly apiKey: string;
  /** Client of the first gateway (or the n-th); every response is checked against the OpenAPI document. */
  api(index?: number): ApiClient;
  /** The ops port of the first gateway (or the n-th): /healthz, /readyz, /metrics on 127.0.0.1. */
  opsUrl(index?: number): string;
  /** DATABASE_URL and NATS_URL as the apps get them (a CLI run against the stack needs the same). */
  baseEnv(): Record<string, string>;
  startService(service: string, env?: Record<string, string>): Promise<AppProcess>;
  stopService(service: string): Promise<void>;
  /** Creates an API key straight in the gateway's table, as the keys CLI does. */
  createKey(scopes: Scope[], options?: { rateLimitPerMinute?: number; name?: string }): Promise<string>;
  /** One statement as the superuser (arranging and checking). */
  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const [db, nats] = await Promise.all([createTestDatabase(options.template), startNatsServer()]);
  const processes = new Map<string, AppProcess>();
  const gatewayUrls: string[] = [];
  let clients: ApiClient[] = [];
  const appDatabaseUrl = options.appDatabaseUrl ?? ((url: string) => url);
  const baseEnv = (): Record<string, string> => ({ DATABASE_URL: appDatabaseUrl(db.url), NATS_URL: nats.url });
  const startService = async (service: string, env: Record<string, string> = {}): Promise<AppProcess> => {
    // The stack's data is its template's: layer-svc deriving prices and wind_exclusion anew at every
    // start would refresh them (and rebuild what reads them) while a test runs. The derived layers'
    // own test runs their jobs; a test wanting them in a stack passes DERIVED_LAYERS=on.
    const defaults: Record<string, string> = service === 'layer-svc' ? { DERIVED_LAYERS: 'off' } : {};
    const process = await startAppProcess(service, { ...baseEnv(), ...defaults, ...env });
    processes.set(service, process);
    return process;
  };
  const stop = async (): Promise<void> => {
    await Promise.all([...processes.values()].map((process) => process.stop()));
    processes.clear();
    await nats.stop();
    await db.drop();
  };
  const createKey = async (scopes: Scope[], keyOptions: { rateLimitPerMinute?: number; name?: string } = {}): Promise<string> => {
    const key = newApiKey();
    await db.sql(`INSERT INTO gateway.api_keys (prefix, secret_hash, name, scopes, rate_limit_per_minute) VALUES ($1, $2, $3, $4, $5)`, [
      key.prefix,
      key.secretHash,
      keyOptions.name ?? 'test',
      scopes,
      keyOptions.rateLimitPerMinute ?? null,
    ]);
    return key.key;
  };
  let mcpUrl = '';
  let apiKey = '';
  try {
    await Promise.all((options.services ?? ['parcel-svc']).map((service) => startService(service, options.serviceEnv?.[service])));
    for (let index = 0; index < (options.gateways ?? 1); index++) {
      const gateway = await startHttpApp(
        'gateway',
        (port) => ({ ...baseEnv(), PORT: String(port), ACCESS_LOG: 'false', API_KEY_CACHE_SECONDS: '0', ...options.gatewayEnv }),
        { readyPath: '/healthz' },
      );
      processes.set(`gateway-${index}`, gateway.process);
      gatewayUrls.push(`http://127.0.0.1:${gateway.port}`);
    }
    if (options.mcp) {
      const mcp = await startHttpApp('mcp-svc', (port) => ({ GATEWAY_URL: gatewayUrls[0] ?? '', APP_URL: MCP_APP_URL, MCP_PORT: String(port), ACCESS_LOG: 'false', ...options.mcpEnv }), {
        readyPath: '/readyz',
      });
      processes.set('mcp-svc', mcp.process);
      mcpUrl = `http://127.0.0.1:${mcp.port}/mcp`;
    }
    clients = await Promise.all(gatewayUrls.map((url) => ApiClient.connect(url)));
    apiKey = await createKey(options.scopes ?? ALL_SCOPES);
  } catch (error) {
    await stop();
    throw error;
  }
  const gateway = <T>(index: number, item: T | undefined): T => {
    if (item === undefined) throw new Error(`no gateway ${index}`);
    return item;
  };
  return {
    db,
    nats,
    processes,
    gatewayUrls,
    gatewayUrl: gatewayUrls[0] ?? '',
    mcpUrl,
    appUrl: MCP_APP_URL,
    apiKey,
    api: (index = 0) => gateway(index, clients[index]),
    opsUrl: (index = 0) => `http://127.0.0.1:${gateway(index, processes.get(`gateway-${index}`)).opsPort}`,
    baseEnv,
    startService,
    stopService: async (service) => {
      await processes.get(service)?.stop();
      processes.delete(service);
    },
    createKey,
    sql: (text, params) => db.sql(text, params),
    stop,
  };
}

/**
 * A key in the gateway's format (`lp_<prefix>_<secret>`, only the SHA-256 of the secret stored;
 * apps/gateway/src/auth/api-key.ts), made here because a test library cannot import an app.
 */
function newApiKey(): { key: string; prefix: string; secretHash: Buffer } {
  const prefix = randomBytes(5).toString('hex');
  const secret = randomBytes(32).toString('base64url');
  return { key: `lp_${prefix}_${secret}`, prefix, secretHash: createHash('sha256').update(secret).digest() };
}
