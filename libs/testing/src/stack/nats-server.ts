import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { trackChild } from './child-reaper.js';
import { freePort } from './free-port.js';
import { testEnvironment } from './test-env.js';

export interface TestNatsServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Stops the server and starts it again on the same port (JetStream state kept), for fault tests. */
  restart(downMs?: number): Promise<void>;
}

export interface TestNatsServerOptions {
  /** The server's max_payload (default 1 MiB, as in production). */
  maxPayloadBytes?: number;
}

/**
 * A private nats-server with JetStream for one test file, so that queue groups of parallel test
 * files never answer each other's requests. Starts in about 0.1 s.
 */
export async function startNatsServer(options: TestNatsServerOptions = {}): Promise<TestNatsServer> {
  const env = testEnvironment();
  const port = await freePort();
  const storeDir = await mkdtemp(join(tmpdir(), 'lp-test-nats-'));
  const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', storeDir];
  if (options.maxPayloadBytes !== undefined) {
    const config = join(storeDir, 'nats.conf');
    await writeFile(config, `max_payload: ${options.maxPayloadBytes}\n`);
    args.push('-c', config);
  }
  const launch = async (): Promise<ChildProcess> => {
    const child = trackChild(spawn(env.natsServerBin, args, { stdio: ['ignore', 'ignore', 'pipe'] }));
    let output = '';
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForPort(port, child, () => output);
    return child;
  };
  let child = await launch();
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await stopChild(child);
      await rm(storeDir, { recursive: true, force: true });
    },
    restart: async (downMs = 0) => {
      await stopChild(child);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      child = await launch();
    },
  };
}

export async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nats-server exited: ${output()}`);
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`nats-server did not listen on ${port} within 10 s: ${output()}`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = netConnect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function stopChild(child: ChildProcess, timeoutMs = 5000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  await exited;
  clearTimeout(timer);
}
