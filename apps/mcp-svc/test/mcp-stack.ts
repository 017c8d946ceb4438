import type { Scope } from '@lp/contracts';
import { createTestDatabase, freePort, startAppProcess, startNatsServer, testEnvironment, type AppProcess, type TestDatabase, type TestNatsServer } from '@lp/testing';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Every service a tool reaches through the gateway. */
const SERVICES = ['layer-svc', 'geocode-svc', 'market-svc', 'parcel-svc', 'search-svc'];

/**
 * The whole stack for the tool server's end-to-end tests, each app a real process: a database copied
 * from the demo template, a nats-server, every service, the gateway, and mcp-svc pointed at it.
 */
export class McpStack {
  private readonly processes: AppProcess[] = [];
  gatewayUrl = '';
  mcpUrl = '';
  appUrl = 'https://map.example.pl';

  private constructor(
    readonly db: TestDatabase,
    readonly nats: TestNatsServer,
  ) {}

  static async start(): Promise<McpStack> {
    const [db, nats] = await Promise.all([createTestDatabase('demo'), startNatsServer()]);
    const stack = new McpStack(db, nats);
    try {
      const env = { DATABASE_URL: db.url, NATS_URL: nats.url };
      stack.processes.push(...(await Promise.all(SERVICES.map((service) => startAppProcess(service, env)))));
      const gatewayPort = await freePort();
      stack.processes.push(await startAppProcess('gateway', { ...env, PORT: String(gatewayPort), ACCESS_LOG: 'false', API_KEY_CACHE_SECONDS: '0' }, { httpPort: gatewayPort, readyPath: '/healthz' }));
      stack.gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
      const mcpPort = await freePort();
      stack.processes.push(
        await startAppProcess('mcp-svc', { GATEWAY_URL: stack.gatewayUrl, APP_URL: stack.appUrl, MCP_PORT: String(mcpPort), ACCESS_LOG: 'false' }, { httpPort: mcpPort, readyPath: '/readyz' }),
      );
      stack.mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;
    } catch (error) {
      await stack.stop();
      throw error;
    }
    return stack;
  }

  /** A key made by the keys CLI, as an operator would: the last line it prints. */
  async createKey(scopes: Scope[]): Promise<string> {
    const { repoRoot } = testEnvironment();
    const { stdout } = await run(process.execPath, [join(repoRoot, 'apps/gateway/dist/keys/keys.cli.js'), 'create', '--name', 'mcp-e2e', '--scopes', scopes.join(',')], {
      env: { PATH: process.env['PATH'] ?? '', DATABASE_URL: this.db.urlAs('gateway'), NATS_URL: this.nats.url, LOG_LEVEL: 'warn' },
    });
    const key = stdout.trim().split('\n').pop();
    if (!key?.startsWith('lp_')) throw new Error(`keys CLI printed no key:\n${stdout}`);
    return key;
  }

  sql<T extends pg.QueryResultRow = pg.QueryResultRow>(text: string, params: unknown[] = []): Promise<T[]> {
    return this.db.sql<T>(text, params);
  }

  async stop(): Promise<void> {
    await Promise.all(this.processes.map((process) => process.stop()));
    await this.nats.stop();
    await this.db.drop();
  }
}
