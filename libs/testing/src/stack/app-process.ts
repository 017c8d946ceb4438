import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { trackChild } from './child-reaper.js';
import { freePort } from './free-port.js';
import { stopChild } from './nats-server.js';
import { testEnvironment } from './test-env.js';

export interface AppProcess {
  app: string;
  opsPort: number;
  child: ChildProcess;
  /** What the app printed so far (JSON log lines). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Runs a built service the way production does (`node apps/<app>/dist/main.js`) and waits until
 * its /readyz answers. End-to-end tests stop it to see how the gateway copes.
 */
export interface AppProcessOptions {
  /** For HTTP apps (gateway, mcp-svc): the port they serve on, polled at `readyPath`. */
  httpPort?: number;
  readyPath?: string;
  /**
   * 'own' (the default): DATABASE_URL is used as the app's own role (`parcel_svc`, ... `gateway`;
   * deploy/k8s/base/postgres/roles.sql), as production connects, so a test fails where the app
   * reaches past its grants. 'as-given': the URL's user unchanged.
   */
  databaseRole?: 'own' | 'as-given';
}

/** The app's database role: its name with underscores (roles.sql, tools/stack/apps.sh lp_db_role). */
export function databaseRoleOf(app: string): string {
  return app.replace(/-/g, '_');
}

/** `databaseUrl` with the user replaced by `role` (the test cluster trusts loopback: no password). */
export function databaseUrlAs(databaseUrl: string, role: string): string {
  const url = new URL(databaseUrl);
  url.username = role;
  url.password = '';
  return url.toString();
}

/** A loaded CI machine can take tens of seconds just to load an app's modules. */
const READY_TIMEOUT_MS = 120_000;

/** How many times an app is started again when a port chosen for it was taken before it could listen. */
const PORT_ATTEMPTS = 3;

/**
 * A port from freePort is only free when chosen: until the app listens, another test's server or an
 * outgoing connection (whose source ports come from the same ephemeral range) may take it.
 */
export class PortTaken extends Error {}

/** Whether an app's output says a port it was given was taken (Node's EADDRINUSE on listen). */
function portTaken(output: string): boolean {
  return /\bEADDRINUSE\b/.test(output);
}

/** Runs `start` again while it fails for a port taken before the app listened, at most PORT_ATTEMPTS times. */
async function onFreshPorts<T>(start: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

/**
 * Starts an HTTP app (gateway, mcp-svc) on a free port given to it by `envFor`, choosing its ports
 * again when one was taken before the app could listen.
 */
export function startHttpApp(
  app: string,
  envFor: (port: number) => Record<string, string>,
  options: Omit<AppProcessOptions, 'httpPort'> = {},
): Promise<{ process: AppProcess; port: number }> {
  return onFreshPorts(async () => {
    const port = await freePort();
    return { process: await startAppOnce(app, envFor(port), { ...options, httpPort: port }), port };
  });
}

/** Runs the app; its ops port is chosen again when taken before the app listened (PortTaken where it was `httpPort`, the caller's). */
export function startAppProcess(app: string, env: Record<string, string>, options: AppProcessOptions = {}): Promise<AppProcess> {
  return options.httpPort === undefined ? onFreshPorts(() => startAppOnce(app, env, options)) : startAppOnce(app, env, options);
}

async function startAppOnce(app: string, env: Record<string, string>, options: AppProcessOptions): Promise<AppProcess> {
  const { repoRoot } = testEnvironment();
  const opsPort = await freePort();
  const readyUrl = `http://127.0.0.1:${options.httpPort ?? opsPort}${options.readyPath ?? '/readyz'}`;
  const databaseUrl = env['DATABASE_URL'] && options.databaseRole !== 'as-given' ? { DATABASE_URL: databaseUrlAs(env['DATABASE_URL'], databaseRoleOf(app)) } : {};
  const child = trackChild(spawn(process.execPath, [join(repoRoot, 'apps', app, 'dist', 'main.js')], {
    cwd: repoRoot,
    env: { PATH: process.env['PATH'] ?? '', TZ: 'UTC', LOG_LEVEL: 'warn', ...env, ...databaseUrl, OPS_PORT: String(opsPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  }));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const started = Date.now();
  let answering = false;
  for (;;) {
    if (child.exitCode !== null) {
      const message = `${app} exited with ${child.exitCode}:\n${output}`;
      throw portTaken(output) ? new PortTaken(message) : new Error(message);
    }
    const status = await fetch(readyUrl).then((res) => res.status, () => 0);
    if (status >= 200 && status < 300) break;
    // a service that answers "not ready" is building its read models (search-svc's index): give it longer.
    // Before its ops port opens a service loads what it needs to answer (search-svc's place gazetteer,
    // which takes far longer on a loaded machine), so silence gets 120 s.
    answering ||= status !== 0;
    // LP_TEST_START_TIMEOUT_MS: more time still for silence on a heavily loaded machine.
    const limitMs = answering ? 240_000 : Number(process.env['LP_TEST_START_TIMEOUT_MS'] ?? READY_TIMEOUT_MS);
    if (Date.now() - started > limitMs) {
      await stopChild(child);
      throw new Error(`${app} was not ready within ${limitMs / 1000} s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { app, opsPort, child, output: () => output, stop: () => stopChild(child) };
}
