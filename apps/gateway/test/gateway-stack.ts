import type { Scope } from '@lp/contracts';
import { ApiClient, createTestDatabase, freePort, startAppProcess, startNatsServer, type AppProcess, type TestDatabase, type TestNatsServer } from '@lp/testing';
import pg from 'pg';
import { generateApiKey } from '../src/auth/api-key.js';

export interface GatewayStackOptions {
  /** Which migrated template the database is copied from (default: the small fixture). */
  template?: 'fixture' | 'demo';
  services?: string[];
  gateways?: number;
  gatewayEnv?: Record<string, string>;
  /** Extra environment per service, e.g. { 'parcel-svc': { REPORT_LINK_TTL_SECONDS: '2' } } */
  serviceEnv?: Record<string, Record<string, string>>;
  /** How the apps reach the database, e.g. through a TcpProxy a fault test controls (default: directly). */
  appDatabaseUrl?: (url: string) => string;
}

/**
 * A real stack for one test file: its own database (from the migrated template), its own
 * nats-server, the requested services and one or more gateways, each a separate process.
 */
export class GatewayStack {
  readonly processes = new Map<string, AppProcess>();
  readonly gatewayUrls: string[] = [];
  private clients: ApiClient[] = [];

  private constructor(
    readonly db: TestDatabase,
    readonly nats: TestNatsServer,
    private readonly appDatabaseUrl: (url: string) => string = (url) => url,
  ) {}

  static async start(options: GatewayStackOptions = {}): Promise<GatewayStack> {
    const [db, nats] = await Promise.all([createTestDatabase(options.template), startNatsServer()]);
    const stack = new GatewayStack(db, nats, options.appDatabaseUrl);
    try {
      await Promise.all((options.services ?? ['parcel-svc']).map((service) => stack.startService(service, options.serviceEnv?.[service])));
      for (let index = 0; index < (options.gateways ?? 1); index++) {
        const port = await freePort();
        const gateway = await startAppProcess(
          'gateway',
          { ...stack.baseEnv(), PORT: String(port), ACCESS_LOG: 'false', API_KEY_CACHE_SECONDS: '0', ...options.gatewayEnv },
          { httpPort: port, readyPath: '/healthz' },
        );
        stack.processes.set(`gateway-${index}`, gateway);
        stack.gatewayUrls.push(`http://127.0.0.1:${port}`);
      }
      stack.clients = await Promise.all(stack.gatewayUrls.map((url) => ApiClient.connect(url)));
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** The ops port of the first gateway (or the n-th): /healthz, /readyz, /metrics on 127.0.0.1. */
  opsUrl(index = 0): string {
    const gateway = this.processes.get(`gateway-${index}`);
    if (!gateway) throw new Error(`no gateway ${index}`);
    return `http://127.0.0.1:${gateway.opsPort}`;
  }

  /** Client of the first gateway (or the n-th). */
  api(index = 0): ApiClient {
    const client = this.clients[index];
    if (!client) throw new Error(`no gateway ${index}`);
    return client;
  }

  baseEnv(): Record<string, string> {
    return { DATABASE_URL: this.appDatabaseUrl(this.db.url), NATS_URL: this.nats.url };
  }

  async startService(service: string, env: Record<string, string> = {}): Promise<AppProcess> {
    const process = await startAppProcess(service, { ...this.baseEnv(), ...env });
    this.processes.set(service, process);
    return process;
  }

  async stopService(service: string): Promise<void> {
    await this.processes.get(service)?.stop();
    this.processes.delete(service);
  }

  /** Creates an API key straight in the gateway's table, as the keys CLI does. */
  async createKey(scopes: Scope[], options: { rateLimitPerMinute?: number; name?: string } = {}): Promise<string> {
    const generated = generateApiKey();
    await this.sql(
      `INSERT INTO gateway.api_keys (prefix, secret_hash, name, scopes, rate_limit_per_minute) VALUES ($1, $2, $3, $4, $5)`,
      [generated.prefix, generated.secretHash, options.name ?? 'test', scopes, options.rateLimitPerMinute ?? null],
    );
    return generated.key;
  }

  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.db.sql<T>(text, params);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.processes.values()].map((process) => process.stop()));
    this.processes.clear();
    await this.nats.stop();
    await this.db.drop();
  }
}

export const ALL_SCOPES: Scope[] = ['search:read', 'parcels:read', 'market:read', 'reports:create', 'layers:read'];

/** The error envelope every failing response carries. */
export interface ErrorEnvelope {
  error: { code: string; message: string; request_id: string; candidates?: string[] };
}
